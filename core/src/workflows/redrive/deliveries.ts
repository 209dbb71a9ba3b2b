import { WebhookDeliveryEntity } from "../../entities/webhook-endpoint";
import { Queue } from "../../queue";
import { applied, type Outcome, redriveKey } from "./outcome";
import type { StaleWork } from "./stale";

/**
 * A webhook delivery (webhooks out) whose next attempt is overdue: the send of its first
 * message or of a retry failed, or the message was lost. The next attempt is sent again
 * after the sweep claims the delivery by moving its heartbeat on from the value it read;
 * the consumer records each attempt once (conditional on the attempt count), so a message
 * that was only late is taken once as well.
 */
export async function webhookDelivery(work: StaleWork, now: Date): Promise<Outcome> {
  if (!work.endpointId) return "unknown";
  const key = { tenantId: work.tenantId, endpointId: work.endpointId, deliveryId: work.id };
  const { data: delivery } = await WebhookDeliveryEntity.get(key).go({ consistent: true });
  if (!delivery) return "finished";
  if (delivery.status !== "pending") {
    await WebhookDeliveryEntity.patch(key).remove(["runningShard"]).go({ response: "none" });
    return "finished";
  }
  const claimed = await applied(
    WebhookDeliveryEntity.patch(key)
      .set({ heartbeatAt: now.toISOString() })
      .where(
        (attr, op) => `${op.eq(attr.heartbeatAt, work.heartbeatAt)} AND ${op.eq(attr.status, "pending")}`,
      )
      .go({ response: "none" }),
  );
  if (!claimed) return "claimed";
  const sent = await Queue.send("webhookDelivery", [
    {
      kind: "webhook_delivery",
      dedupeKey: redriveKey(work.id, work.heartbeatAt),
      endpointId: work.endpointId,
      deliveryId: work.id,
      attempt: delivery.attempts + 1,
    },
  ]);
  if (sent.failed.length) throw new Error(`re-drive not sent: ${sent.failed[0]!.reason}`);
  return "redriven";
}
