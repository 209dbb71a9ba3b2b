import { CreateQueueCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { coreConfig } from "@okuru/core/config";
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
