export * as Queue from "./index";

import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { z } from "zod";
import { useTenantID } from "../actor";
import { clientOptions, coreConfig } from "../config";

/**
 * The asynchronous work the product does, one queue each, with the message each
 * carries. Every message names its tenant: consumers re-enter the tenant per record
 * and never trust anything else in the body for scoping.
 */
export const OrderSyncMessage = z.object({
  kind: z.literal("order_sync"),
  tenantId: z.string().min(1),
  shopId: z.string().min(1),
  reason: z.enum(["manual", "scheduled", "webhook"]),
  requestedAt: z.iso.datetime(),
});

export const LabelJobMessage = z.object({
  kind: z.literal("label_job"),
  tenantId: z.string().min(1),
  jobId: z.string().min(1),
  orderIds: z.array(z.string().min(1)).min(1).max(100),
});

export const TrackingUploadMessage = z.object({
  kind: z.literal("tracking_upload"),
  tenantId: z.string().min(1),
  jobId: z.string().min(1),
  shipmentIds: z.array(z.string().min(1)).min(1).max(100),
});

export const queues = {
  orderSync: OrderSyncMessage,
  labelJob: LabelJobMessage,
  trackingUpload: TrackingUploadMessage,
} as const;

export type QueueName = keyof typeof queues;
export type MessageOf<Q extends QueueName> = z.infer<(typeof queues)[Q]>;

let sqs: SQSClient | undefined;
const client = () => (sqs ??= new SQSClient(clientOptions(coreConfig().endpoints.sqs)));

/**
 * Sends messages for the actor's tenant, validated against the queue's schema, in
 * batches of ten (the SQS limit). A message for another tenant is refused.
 */
export async function send<Q extends QueueName>(queue: Q, messages: Omit<MessageOf<Q>, "tenantId">[]) {
  const tenantId = useTenantID();
  const schema = queues[queue];
  const bodies = messages.map((m) => JSON.stringify(schema.parse({ ...m, tenantId })));
  const queueUrl = coreConfig().queues[queue];
  if (!queueUrl) throw new Error(`Queue ${queue} has no URL configured`);
  for (let i = 0; i < bodies.length; i += 10) {
    const batch = bodies.slice(i, i + 10);
    const out = await client().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: batch.map((MessageBody, j) => ({ Id: String(i + j), MessageBody })),
      }),
    );
    if (out.Failed?.length) {
      throw new Error(`SQS refused ${out.Failed.length} message(s) on ${queue}: ${out.Failed[0]?.Message}`);
    }
  }
}
