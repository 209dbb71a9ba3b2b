export * as Queue from "./index";

import { randomUUID } from "node:crypto";
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, SQSClient } from "@aws-sdk/client-sqs";
import { z } from "zod";
import { useTenantID } from "../actor";
import { clientOptions, coreConfig, withoutCallLogging } from "../config";
import { jstToday } from "../shared/dates";
import { retryRemaining } from "../util/retry";

export { partDigest } from "./part-digest";
export { maxReceiveCount } from "./settings";

/**
 * What makes a delivery "the same work again": the consumer runs each
 * (queue, dedupeKey) once (idempotency record), because SQS delivers at least once
 * and triggers repeat (a double click, a webhook racing the cron). Visible ASCII,
 * bounded, so it fits a key and a log line.
 */
export const DedupeKey = z
  .string()
  .regex(/^[\x21-\x7E]{1,200}$/, "dedupeKey must be 1–200 visible ASCII characters");

/** Where a paging run continues (Shopify GraphQL `endCursor`, Ecforce page); absent on the first page. */
export const Cursor = z.string().min(1).max(2048);

const tenantId = z.string().min(1).max(64);

/**
 * The asynchronous work the product does, one queue each, with the message each
 * carries. Every message names its tenant, stamped by `send` from the actor, never
 * by the caller; consumers re-enter the tenant per record and trust nothing else in
 * the body for scoping.
 */
export const ShopSyncMessage = z.object({
  kind: z.literal("order_sync"),
  tenantId,
  dedupeKey: DedupeKey,
  shopId: z.string().min(1).max(64),
  reason: z.enum(["manual", "scheduled", "webhook"]),
  requestedAt: z.iso.datetime(),
  /** A continuation of a run: the run it belongs to and where it goes on. */
  runId: z.string().min(1).max(64).optional(),
  cursor: Cursor.optional(),
  /** Seconds SQS keeps a continuation out of sight: a run waiting for Shopify looks again later. */
  delaySeconds: z.number().int().min(0).max(900).optional(),
});

/**
 * Judge the company's open orders again (Order.rejudgeOpenOrders): its default carrier,
 * sender, 備考欄設定 or carrier accounts changed, or a day passed and requested days with it.
 */
export const OrderJudgementMessage = z.object({
  kind: z.literal("order_judgement"),
  tenantId,
  dedupeKey: DedupeKey,
  reason: z.enum(["settings", "daily"]),
  requestedAt: z.iso.datetime(),
});

/** The order-sync queue carries shops' sync steps and the re-judgement of their orders. */
export const OrderSyncMessage = z.discriminatedUnion("kind", [ShopSyncMessage, OrderJudgementMessage]);

/** One part of a label batch or a reissue: issue (or find) its labels and render its PDFs. */
export const LabelPartMessage = z
  .object({
    kind: z.literal("label_job"),
    tenantId,
    dedupeKey: DedupeKey,
    jobId: z.string().min(1).max(64),
    /** The part of the batch (0-based): its file names and its one-time count hang on it. */
    part: z.number().int().min(0).max(99),
    /** A label batch names orders; a reissue names the shipments to print again. */
    orderIds: z.array(z.string().min(1).max(64)).max(100).default([]),
    shipmentIds: z.array(z.string().min(1).max(64)).max(100).default([]),
  })
  .refine((m) => m.orderIds.length > 0 !== m.shipmentIds.length > 0, {
    error: "a label job names either orders or shipments",
    path: ["orderIds"],
  });

/**
 * A recorded part whose labels were cancelled since, drawn again without them
 * (workflows/labels/render-part.ts): `renders` is the rendering the cancel asked for, so
 * a message overtaken by a later cancel does nothing.
 */
export const LabelRenderMessage = z.object({
  kind: z.literal("label_render"),
  tenantId,
  dedupeKey: DedupeKey,
  jobId: z.string().min(1).max(64),
  part: z.number().int().min(0).max(99),
  renders: z.number().int().min(1).max(10_000),
});

/**
 * A finished batch's combined files, one PDF per carrier in selection order
 * (workflows/labels/combine.ts): `version` is the batch's parts' version it is asked
 * for, so a message overtaken by a cancel does nothing.
 */
export const LabelCombineMessage = z.object({
  kind: z.literal("label_combine"),
  tenantId,
  dedupeKey: DedupeKey,
  jobId: z.string().min(1).max(64),
  version: z.number().int().min(0).max(1_000_000),
});

/** The label-job queue carries the parts of batches, their renderings after a cancel and their combined files. */
export const LabelJobMessage = z.discriminatedUnion("kind", [
  LabelPartMessage,
  LabelRenderMessage,
  LabelCombineMessage,
]);

export const TrackingUploadMessage = z.object({
  kind: z.literal("tracking_upload"),
  tenantId,
  dedupeKey: DedupeKey,
  jobId: z.string().min(1).max(64),
  /** The part of the job (0-based), whose ids the job keeps to check the message by; absent on messages sent before it was. */
  part: z.number().int().min(0).max(99).optional(),
  shipmentIds: z.array(z.string().min(1).max(64)).min(1).max(100),
});

/** A carrier software file too large to make during the request (core/src/export): the whole export, once. */
export const ExportJobMessage = z.object({
  kind: z.literal("export_job"),
  tenantId,
  dedupeKey: DedupeKey,
  exportId: z.string().min(1).max(64),
});

/**
 * One attempt to post one event to one integrator's endpoint (workflows/webhooks-out): the
 * delivery record holds the signed body; `attempt` makes each retry its own work, sent
 * again with a growing delay until the endpoint answers 2xx or the attempts run out.
 */
export const WebhookDeliveryMessage = z.object({
  kind: z.literal("webhook_delivery"),
  tenantId,
  dedupeKey: DedupeKey,
  endpointId: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
  attempt: z.number().int().min(1).max(20),
  /** Seconds SQS keeps the message out of sight before its first delivery (at most 15 minutes). */
  delaySeconds: z.number().int().min(0).max(900).optional(),
});

export const queues = {
  orderSync: OrderSyncMessage,
  labelJob: LabelJobMessage,
  trackingUpload: TrackingUploadMessage,
  exportJob: ExportJobMessage,
  webhookDelivery: WebhookDeliveryMessage,
} as const;

export type QueueName = keyof typeof queues;
export type MessageOf<Q extends QueueName> = z.infer<(typeof queues)[Q]>;
/** What a caller passes: everything but the tenant, which comes from the actor. */
export type Draft<Q extends QueueName> = WithoutTenant<z.input<(typeof queues)[Q]>>;
// Distributes over a queue that carries several kinds of message.
type WithoutTenant<M> = M extends unknown ? Omit<M, "tenantId"> : never;
/** A shop's sync step, as sent. */
export type ShopSyncDraft = Extract<Draft<"orderSync">, { kind: "order_sync" }>;

/**
 * The one way a re-judgement of the company's open orders is asked for: once a day (Japan),
 * or once per change of settings. A change's request is its own work: a key shared with an
 * earlier change would be taken for that change's, already done, and the later change
 * never judged.
 */
export function orderJudgementRequest(
  reason: Extract<Draft<"orderSync">, { kind: "order_judgement" }>["reason"],
  at: Date = new Date(),
): Draft<"orderSync"> {
  const dedupeKey =
    reason === "daily" ? `judge:daily:${jstToday(at)}` : `judge:settings:${at.getTime()}:${randomUUID()}`;
  return { kind: "order_judgement", reason, dedupeKey, requestedAt: at.toISOString() };
}

/**
 * The one way an order-sync message is made: what asks for it (`reason`), the key that
 * makes a repeat of the same request one message, and for a continuation the run and
 * the cursor it goes on from.
 */
export function orderSyncRequest(
  shopId: string,
  reason: ShopSyncDraft["reason"],
  dedupeKey: string,
  options: { at?: Date; runId?: string; cursor?: string; delaySeconds?: number } = {},
): ShopSyncDraft {
  return {
    kind: "order_sync",
    shopId,
    reason,
    requestedAt: (options.at ?? new Date()).toISOString(),
    dedupeKey,
    ...(options.runId ? { runId: options.runId } : {}),
    ...(options.cursor ? { cursor: options.cursor } : {}),
    ...(options.delaySeconds ? { delaySeconds: options.delaySeconds } : {}),
  };
}

export type SendResult = {
  sent: number;
  /** Entries SQS did not take after the retries, by their index in the input. */
  failed: { index: number; dedupeKey: string; reason: string }[];
};

/**
 * SQS did not take a job's messages, even after `send`'s retries: a passing outage, not
 * an answer about the request. The API answers 503 with `Retry-After` and keeps no
 * idempotency record of it, so the same request (and the same Idempotency-Key) simply
 * goes through once the queue is back. Whoever throws it has already settled the job it
 * had created (failed, with the reason), so no job waits for messages that were never sent.
 */
export class Unavailable extends Error {
  readonly code = "queue.unavailable";
  /** Long enough for the SDK's own retries of a throttled or briefly unreachable SQS to have a chance. */
  readonly retryAfterSeconds = 5;
  constructor(message: string) {
    super(message);
    this.name = "QueueUnavailable";
  }
}

/** SQS takes at most ten entries per SendMessageBatch. */
const batchSize = 10;
/** Attempts per entry, counting the first; only entries SQS did not blame on us are tried again. */
const maxAttempts = 4;
const backoffMs = (attempt: number) => 100 * 2 ** (attempt - 1);

let sqs: SQSClient | undefined;
/** The one SQS client of core (tests reach the SDK boundary through it). */
export const client = () =>
  (sqs ??= withoutCallLogging(new SQSClient(clientOptions(coreConfig().endpoints.sqs))));

/**
 * Sends messages for the actor's tenant, each validated against the queue's schema
 * (all before anything is sent, so bad input sends nothing). Entries that SQS refuses
 * for a transient reason (its fault, throttling, a failed call) are sent again alone,
 * with backoff; entries refused as the sender's fault are not retried. Never throws
 * after part of the input was sent: the caller gets what failed, by index, and can
 * retry exactly those without duplicating the rest.
 */
export async function send<Q extends QueueName>(queue: Q, messages: Draft<Q>[]): Promise<SendResult> {
  const tenantId = useTenantID();
  const schema = queues[queue];
  const bodies = messages.map((m) => JSON.stringify(schema.parse({ ...m, tenantId })));
  const queueUrl = coreConfig().queues[queue];
  if (!queueUrl) throw new Error(`Queue ${queue} has no URL configured`);

  const failed: SendResult["failed"] = [];
  let sent = 0;
  const lastReason = new Map<number, string>();
  const sendRound = async (pending: number[]) => {
    const retry: number[] = [];
    for (let i = 0; i < pending.length; i += batchSize) {
      const batch = pending.slice(i, i + batchSize);
      const entries: SendMessageBatchRequestEntry[] = batch.map((index) => {
        // A retry waits out its back-off in the queue rather than in a running function.
        const delay = (messages[index] as { delaySeconds?: number }).delaySeconds;
        return { Id: String(index), MessageBody: bodies[index], ...(delay ? { DelaySeconds: delay } : {}) };
      });
      try {
        const out = await client().send(
          new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }),
        );
        sent += out.Successful?.length ?? 0;
        for (const entry of out.Failed ?? []) {
          const index = Number(entry.Id);
          const reason = `${entry.Code ?? "Failed"}: ${entry.Message ?? ""}`.trim();
          if (entry.SenderFault) failed.push({ index, dedupeKey: messages[index]!.dedupeKey, reason });
          else {
            lastReason.set(index, reason);
            retry.push(index);
          }
        }
      } catch (err) {
        // The SDK has already retried the call itself; what is left is tried again on the next round.
        for (const index of batch) {
          lastReason.set(index, (err as Error).message);
          retry.push(index);
        }
      }
    }
    return retry;
  };
  const pending = await retryRemaining(
    bodies.map((_, index) => index),
    sendRound,
    { attempts: maxAttempts, delayMs: backoffMs },
  );
  for (const index of pending) {
    failed.push({ index, dedupeKey: messages[index]!.dedupeKey, reason: lastReason.get(index) ?? "unknown" });
  }
  failed.sort((a, b) => a.index - b.index);
  return { sent, failed };
}
