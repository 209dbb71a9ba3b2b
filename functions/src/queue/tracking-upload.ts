import { Logger } from "@aws-lambda-powertools/logger";
import type { MessageOf } from "@okuru/core/queue";
import { consumer } from "./consumer";

const logger = new Logger({ serviceName: "okuru-queue-trackingUpload" });

/**
 * The queue, its DLQ, validation, tenant scoping, deduplication and partial batch
 * failures are in place. Bulk tracking upload (tracking work) replaces the body,
 * within the shop's rate budget. Until then a message fails, so it ends in the DLQ
 * instead of being lost.
 */
export async function run(message: MessageOf<"trackingUpload">): Promise<void> {
  throw new Error(`No processor for ${message.kind} yet`);
}

/** Where the upload job will carry the reason per shipment; until then the log does. */
export async function onFinalFailure(message: MessageOf<"trackingUpload">, error: Error): Promise<void> {
  logger.error("Tracking upload parked in the DLQ", {
    jobId: message.jobId,
    dedupeKey: message.dedupeKey,
    error,
  });
}

export const handler = consumer("trackingUpload", run, { onFinalFailure });
