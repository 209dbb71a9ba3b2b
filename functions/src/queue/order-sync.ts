import type { MessageOf } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { consumer } from "./consumer";

/**
 * One step of a shop's order sync (core/src/workflows/order-sync/run.ts): under the shop's lease,
 * pages from `message.cursor`, upserts, and enqueues its own continuation.
 */
export async function run(message: MessageOf<"orderSync">): Promise<void> {
  await OrderSync.runStep(message);
}

/** The reason goes on the shop's sync state (GET /api/shops `last_error`), the run ends, the lease is freed. */
export async function onFinalFailure(message: MessageOf<"orderSync">, error: Error): Promise<void> {
  await OrderSync.recordFailure(message, error);
}

export const handler = consumer("orderSync", run, { onFinalFailure });
