import { useTenantID } from "../../actor";
import { batchWrite, type WriteRequest } from "../../db/batch-write";
import { Queue } from "../../queue";
import type { WebhookEvent } from "../../shared/webhook-events";
import { createID } from "../../util/id";
import { WebhookDeliveryEntity } from "./entity";
import { list } from "./index";

/** A delivery's log line is kept this long (the tab's recent deliveries). */
const KEEP_DAYS = 30;

export type OutgoingEvent = { type: WebhookEvent; data: Record<string, unknown> };

/**
 * Posts events to every enabled endpoint of the company that asked for them: one
 * delivery record per (event, endpoint), written before its message is sent, so a
 * message SQS did not take stays pending and the re-drive sweep sends it within a
 * minute or two (the record is in the running-jobs index until it ends). One
 * read of the company's few endpoints per call: callers pass a page's events together.
 * Emitting never fails the caller's own work, which has already happened. In the entities
 * floor, so an order's own writes (an order entering the エラー tab) can emit too.
 */
export async function emit(events: OutgoingEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  try {
    const endpoints = (await list()).filter((e) => e.enabled);
    if (endpoints.length === 0) return 0;
    const tenantId = useTenantID();
    const now = new Date();
    const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_DAYS * 24 * 60 * 60;
    const deliveries = events.flatMap((event) => {
      const eventId = createID("webhookEvent");
      const body = JSON.stringify({
        id: eventId,
        type: event.type,
        created_at: now.toISOString(),
        data: event.data,
      });
      return endpoints
        .filter((endpoint) => endpoint.events.includes(event.type))
        .map((endpoint) => ({
          tenantId,
          endpointId: endpoint.endpointId,
          deliveryId: createID("webhookDelivery"),
          event: event.type,
          eventId,
          body,
          status: "pending" as const,
          attempts: 0,
          nextAttemptAt: now.toISOString(),
          expiresAt,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        }));
    });
    if (deliveries.length === 0) return 0;
    await batchWrite(
      deliveries.map(
        (item): WriteRequest => ({ PutRequest: { Item: WebhookDeliveryEntity.put(item).params().Item } }),
      ),
    );
    const sent = await Queue.send(
      "webhookDelivery",
      deliveries.map((d) => ({
        kind: "webhook_delivery" as const,
        dedupeKey: `webhook:${d.deliveryId}:1`,
        endpointId: d.endpointId,
        deliveryId: d.deliveryId,
        attempt: 1,
      })),
    );
    if (sent.failed.length) {
      // Each stays pending in the running index; the re-drive sweep sends it once it is overdue.
      console.warn("Webhook deliveries not queued yet", {
        count: sent.failed.length,
        reason: sent.failed[0]!.reason,
      });
    }
    return deliveries.length;
  } catch (err) {
    console.error("Webhook events could not be queued", { events: events.map((e) => e.type), err });
    return 0;
  }
}
