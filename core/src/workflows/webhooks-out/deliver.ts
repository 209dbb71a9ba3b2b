import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { WebhookDeliveryEntity, WebhookEndpoint } from "../../entities/webhook-endpoint";
import { NotFoundError } from "../../error";
import { outboundFetch } from "../../platforms/outbound-fetch";
import { OutboundRefused } from "../../platforms/outbound-url";
import { Queue } from "../../queue";
import { SIGNATURE_HEADER, signature } from "./sign";

/**
 * Waits before each attempt after the first, in seconds: about a day in all, so an
 * endpoint down for a deploy or a night still gets every event. SQS delays a message by
 * 15 minutes at most; a longer wait is taken as several hops of the same attempt.
 */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
const SQS_MAX_DELAY = 900;

export type DeliveryMessage = Queue.MessageOf<"webhookDelivery">;

/**
 * One attempt of one delivery. A 2xx answer ends it; anything else (another status, a
 * timeout, a refused address) is recorded on the delivery and tried again later, until
 * the attempts run out. A delivery whose endpoint was removed, or that already ended, is
 * left as it is. The message of a long wait comes back with `notBefore` still ahead and is
 * simply sent on.
 */
export async function deliver(message: DeliveryMessage): Promise<void> {
  const tenantId = useTenantID();
  const key = { tenantId, endpointId: message.endpointId, deliveryId: message.deliveryId };
  const { data: delivery } = await WebhookDeliveryEntity.get(key).go({ consistent: true });
  if (delivery?.status !== "pending" || delivery.attempts >= message.attempt) return;
  const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : 0;
  if (due > Date.now() + 1000) {
    await sendAttempt(message, message.attempt, Math.ceil((due - Date.now()) / 1000), `wait:${due}`);
    return;
  }
  let endpoint: Awaited<ReturnType<typeof WebhookEndpoint.get>>;
  try {
    endpoint = await WebhookEndpoint.get(message.endpointId);
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
    await record(key, message.attempt, { status: "failed", lastError: "送信先が削除されました。" });
    return;
  }
  if (!endpoint.enabled) {
    await record(key, message.attempt, { status: "failed", lastError: "送信先が無効になっています。" });
    return;
  }

  const outcome = await post(endpoint.url, await WebhookEndpoint.secretOf(endpoint), delivery);
  if (outcome.ok) {
    await record(key, message.attempt, { status: "succeeded", lastStatusCode: outcome.status });
    return;
  }
  const wait = RETRY_DELAYS_SECONDS[message.attempt - 1];
  if (wait === undefined) {
    await record(key, message.attempt, {
      status: "failed",
      lastStatusCode: outcome.status,
      lastError: outcome.error,
    });
    return;
  }
  const next = new Date(Date.now() + wait * 1000).toISOString();
  const recorded = await record(key, message.attempt, {
    status: "pending",
    lastStatusCode: outcome.status,
    lastError: outcome.error,
    nextAttemptAt: next,
  });
  if (recorded) await sendAttempt(message, message.attempt + 1, wait, "first");
}

type Outcome = { ok: boolean; status: number; error?: string };

async function post(
  url: string,
  secret: string,
  delivery: { body: string; deliveryId: string; event: string; eventId: string },
): Promise<Outcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const answer = await outboundFetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Okuru-Webhooks/1.0",
        [SIGNATURE_HEADER]: signature(secret, timestamp, delivery.body),
        "Okuru-Event": delivery.event,
        "Okuru-Event-Id": delivery.eventId,
        "Okuru-Delivery": delivery.deliveryId,
      },
      body: delivery.body,
    });
    if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
    return { ok: false, status: answer.status, error: `送信先が HTTP ${answer.status} を返しました。` };
  } catch (err) {
    if (err instanceof OutboundRefused) {
      return {
        ok: false,
        status: 0,
        error: "送信先のアドレスには送信できません（社内・ローカルのアドレス）。",
      };
    }
    return { ok: false, status: 0, error: "送信先に接続できませんでした（タイムアウトまたは接続エラー）。" };
  }
}

/** The attempt's outcome, once: a message delivered twice records (and retries) once. */
async function record(
  key: { tenantId: string; endpointId: string; deliveryId: string },
  attempt: number,
  outcome: {
    status: "pending" | "succeeded" | "failed";
    lastStatusCode?: number;
    lastError?: string;
    nextAttemptAt?: string;
  },
): Promise<boolean> {
  const ended = outcome.status !== "pending";
  try {
    const update = WebhookDeliveryEntity.patch(key).set({
      status: outcome.status,
      attempts: attempt,
      lastAttemptAt: new Date().toISOString(),
      ...(outcome.lastStatusCode === undefined ? {} : { lastStatusCode: outcome.lastStatusCode }),
      ...(outcome.lastError === undefined ? {} : { lastError: outcome.lastError }),
      // The re-drive sweep looks at a pending delivery again once its next attempt is overdue.
      ...(outcome.nextAttemptAt === undefined
        ? {}
        : { nextAttemptAt: outcome.nextAttemptAt, heartbeatAt: outcome.nextAttemptAt }),
    });
    await (ended ? update.remove(["runningShard"]) : update)
      .where((attr, op) => `${op.eq(attr.status, "pending")} AND ${op.lt(attr.attempts, attempt)}`)
      .go({ response: "none" });
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
}

async function sendAttempt(message: DeliveryMessage, attempt: number, waitSeconds: number, hop: string) {
  const sent = await Queue.send("webhookDelivery", [
    {
      kind: "webhook_delivery",
      dedupeKey: `webhook:${message.deliveryId}:${attempt}:${hop}`,
      endpointId: message.endpointId,
      deliveryId: message.deliveryId,
      attempt,
      delaySeconds: Math.min(SQS_MAX_DELAY, Math.max(0, waitSeconds)),
    },
  ]);
  if (sent.failed.length) throw new Error(`webhook retry not queued: ${sent.failed[0]!.reason}`);
}
