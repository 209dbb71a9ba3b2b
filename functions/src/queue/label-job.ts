import { Logger } from "@aws-lambda-powertools/logger";
import type { MessageOf } from "@okuru/core/queue";
import { consumer } from "./consumer";

const logger = new Logger({ serviceName: "okuru-queue-labelJob" });

/**
 * The queue, its DLQ, validation, tenant scoping, deduplication and partial batch
 * failures are in place. Bulk label rendering (labels work) replaces the body: one
 * message is one chunk of a label batch, its dedupe key `<jobId>:<chunk>`. Until
 * then a message fails, so it ends in the DLQ instead of being lost.
 */
export async function run(message: MessageOf<"labelJob">): Promise<void> {
  throw new Error(`No processor for ${message.kind} yet`);
}

/** Where the label batch will carry the reason per order; until then the log does. */
export async function onFinalFailure(message: MessageOf<"labelJob">, error: Error): Promise<void> {
  logger.error("Label chunk parked in the DLQ", {
    jobId: message.jobId,
    dedupeKey: message.dedupeKey,
    error,
  });
}

export const handler = consumer("labelJob", run, { onFinalFailure });
