import { Logger } from "@aws-lambda-powertools/logger";
import { ActorContext } from "@okuru/core/actor";
import { type MessageOf, Queue, type QueueName } from "@okuru/core/queue";
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from "aws-lambda";

/**
 * Builds an SQS Lambda handler that validates each record against its queue's
 * schema, runs it inside its tenant, and reports only the records that failed, so
 * one poison message never fails its neighbours (it ends in the DLQ on its own).
 * The same handler runs on Lambda and from the local poll loop.
 */
export function consumer<Q extends QueueName>(queue: Q, process: (message: MessageOf<Q>) => Promise<void>) {
  const logger = new Logger({ serviceName: `okuru-queue-${queue}` });
  const schema = Queue.queues[queue];
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      try {
        const message = schema.parse(JSON.parse(record.body)) as MessageOf<Q>;
        await ActorContext.with({ type: "system", properties: { tenantId: message.tenantId } }, () =>
          process(message),
        );
      } catch (err) {
        logger.error("Message failed", {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error: err as Error,
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}
