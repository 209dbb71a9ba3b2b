import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { coreConfig, resetCoreConfig } from "@okuru/core/config";
import { Queue, type QueueName } from "@okuru/core/queue";
import { ulid } from "ulid";
import { afterEach } from "vitest";

/**
 * Fresh fauxqs queues for single tests: the returned function creates one (named
 * `prefix-…`, with the given attributes) and points core's `queue` setting at it; after
 * each test the setting is back to what it was. Call it at the top of a test file.
 */
export function useFreshQueue(queue: QueueName, prefix: string) {
  const original = coreConfig().queues[queue];
  afterEach(() => {
    coreConfig().queues[queue] = original;
  });
  return async (attributes: Record<string, string> = {}) => {
    const { QueueUrl } = await Queue.client().send(
      new CreateQueueCommand({ QueueName: `${prefix}-${ulid().toLowerCase()}`, Attributes: attributes }),
    );
    coreConfig().queues[queue] = QueueUrl!;
    return QueueUrl!;
  };
}

/** Every message body in the queue, parsed, received until none is left (each hidden for a minute). */
export async function receiveAll(queueUrl: string) {
  const bodies: Record<string, unknown>[] = [];
  for (;;) {
    const { Messages = [] } = await Queue.client().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 60 }),
    );
    if (Messages.length === 0) return bodies;
    bodies.push(...Messages.map((m) => JSON.parse(m.Body!)));
  }
}

/** The variable of the stack's link that names each queue's URL (read by core's configuration). */
const queueUrlVariables: Record<QueueName, string> = {
  orderSync: "SST_Queue_queueUrl_OrderSyncQueue",
  labelJob: "SST_Queue_queueUrl_LabelJobQueue",
  trackingUpload: "SST_Queue_queueUrl_TrackingUploadQueue",
  exportJob: "SST_Queue_queueUrl_ExportJobQueue",
  webhookDelivery: "SST_Queue_queueUrl_WebhookDeliveryQueue",
};

/**
 * Gives the calling test file a fauxqs queue of its own for `queue` (by default hiding a
 * received message for a minute) and makes it the one core sends to, so a drain sees
 * only this file's messages. Returns its URL.
 */
export async function usePrivateQueue(
  queue: QueueName,
  attributes: Record<string, string> = { VisibilityTimeout: "60" },
) {
  const { QueueUrl } = await Queue.client().send(
    new CreateQueueCommand({
      QueueName: `${queue}-${process.pid}-${ulid().toLowerCase()}`,
      Attributes: attributes,
    }),
  );
  return sendTo(queue, QueueUrl!);
}

/** Makes `queueUrl` the queue core sends `queue`'s messages to (for the rest of the file). */
export function sendTo(queue: QueueName, queueUrl: string) {
  process.env[queueUrlVariables[queue]] = queueUrl;
  resetCoreConfig();
  return queueUrl;
}

/**
 * A fauxqs queue (`prefix-…`) with its DLQ after the product's max receive count, and a
 * one-second visibility timeout so that redeliveries come quickly.
 */
export async function queueWithDlq(prefix: string) {
  const suffix = ulid().toLowerCase();
  const dlq = await Queue.client().send(new CreateQueueCommand({ QueueName: `${prefix}-dlq-${suffix}` }));
  const { Attributes } = await Queue.client().send(
    new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ["QueueArn"] }),
  );
  const main = await Queue.client().send(
    new CreateQueueCommand({
      QueueName: `${prefix}-${suffix}`,
      Attributes: {
        VisibilityTimeout: "1",
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: Attributes!.QueueArn,
          maxReceiveCount: Queue.maxReceiveCount,
        }),
      },
    }),
  );
  return { queueUrl: main.QueueUrl!, dlqUrl: dlq.QueueUrl! };
}

/** How many messages the queue holds, waiting or in flight. */
export async function messagesIn(queueUrl: string) {
  const { Attributes } = await Queue.client().send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}
