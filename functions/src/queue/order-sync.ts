import { Logger } from "@aws-lambda-powertools/logger";
import type { MessageOf } from "@okuru/core/queue";
import { consumer } from "./consumer";

const logger = new Logger({ serviceName: "okuru-queue-orderSync" });

/**
 * The queue, its DLQ, validation, tenant scoping, deduplication and partial batch
 * failures are in place. Order sync (shop work) replaces the body: take the shop's
 * lease (`Lease.acquire("order-sync:<shopId>")`, so triggers during a run coalesce
 * into one more run), page from `message.cursor`, enqueue the next page with its own
 * dedupe key. Until then a message fails, so it ends in the DLQ instead of being lost.
 */
export async function run(message: MessageOf<"orderSync">): Promise<void> {
  throw new Error(`No processor for ${message.kind} yet`);
}

/** Where the shop's sync state will carry the reason (GET /api/shops `last_error`); until then the log does. */
export async function onFinalFailure(message: MessageOf<"orderSync">, error: Error): Promise<void> {
  logger.error("Order sync parked in the DLQ", {
    shopId: message.shopId,
    dedupeKey: message.dedupeKey,
    error,
  });
}

export const handler = consumer("orderSync", run, { onFinalFailure });
