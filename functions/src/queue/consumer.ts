import { Logger } from "@aws-lambda-powertools/logger";
import { ActorContext } from "@okuru/core/actor";
import { Idempotency } from "@okuru/core/idempotency";
import { type MessageOf, Queue, type QueueName } from "@okuru/core/queue";
import type { Context, SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from "aws-lambda";

export type ConsumerOptions<Q extends QueueName> = {
  /**
   * Called, inside the message's tenant, when a delivery fails for the last time
   * (its receive count reached the queue's max receive count, so SQS parks it in the
   * DLQ next): the place to record the reason on the entity the message concerns
   * (the shop's sync state, the label batch, the tracking upload), not only in a log.
   */
  onFinalFailure?: (message: MessageOf<Q>, error: Error) => Promise<void>;
};

/**
 * Thrown by a consumer's work when the message does not match what is stored (a part
 * its batch does not have, ids that are not the part's, a job that is not there): the
 * message is reported failed on every delivery until SQS parks it in the DLQ, like a
 * malformed one, the reason is logged, and the final-failure hook is not called, since
 * it would record the message's claims on the entity as if they were true.
 */
export class RefusedMessage extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RefusedMessage";
  }
}

/**
 * Builds an SQS Lambda handler. Each record is validated against its queue's
 * schema, run inside its tenant as the system actor, and run once per dedupe key
 * (SQS delivers at least once; a completed message delivered again is skipped).
 * Only the records that failed are reported, so one poison message never fails its
 * neighbours; it ends in the DLQ on its own (a message the work refuses as not matching
 * its job, `RefusedMessage`, the same way). The same handler runs on Lambda and
 * from the local poll loop (dev/src/poll.ts).
 */
export function consumer<Q extends QueueName>(
  queue: Q,
  processMessage: (message: MessageOf<Q>) => Promise<void>,
  options: ConsumerOptions<Q> = {},
) {
  const logger = new Logger({ serviceName: `okuru-queue-${queue}` });
  const schema = Queue.queues[queue];
  return async (
    event: SQSEvent,
    context?: Pick<Context, "getRemainingTimeInMillis">,
  ): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
      const log = { messageId: record.messageId, receiveCount };
      let message: MessageOf<Q>;
      try {
        message = schema.parse(JSON.parse(record.body)) as MessageOf<Q>;
      } catch (err) {
        // Nothing in it can be trusted to name an entity; the DLQ and this line keep it.
        logger.error("Message is malformed", { ...log, error: err as Error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        continue;
      }
      const asSystem = <T>(cb: () => Promise<T>) =>
        ActorContext.with({ type: "system", properties: { tenantId: message.tenantId } }, cb);
      try {
        await asSystem(() =>
          Idempotency.idempotentMessage(`${queue}:${message.dedupeKey}`, () => processMessage(message), {
            remainingTimeMs: context?.getRemainingTimeInMillis(),
          }),
        );
      } catch (err) {
        if (err instanceof RefusedMessage) {
          logger.error("Message refused", { ...log, dedupeKey: message.dedupeKey, reason: err.message });
          batchItemFailures.push({ itemIdentifier: record.messageId });
          continue;
        }
        const error = err instanceof Error ? err : new Error(String(err));
        logger.error("Message failed", { ...log, dedupeKey: message.dedupeKey, error });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        // A duplicate that met the first delivery still running is not a failure of the work.
        const final = receiveCount >= Queue.maxReceiveCount && !Idempotency.isInProgress(err);
        if (final && options.onFinalFailure) {
          try {
            await asSystem(() => options.onFinalFailure!(message, error));
          } catch (hookErr) {
            logger.error("Recording the final failure failed", { ...log, error: hookErr as Error });
          }
        }
      }
    }
    return { batchItemFailures };
  };
}
