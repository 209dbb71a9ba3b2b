import type { MessageOf } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { consumer } from "./consumer";

/**
 * One step of a shop's order sync (core/src/workflows/order-sync/run.ts): under the shop's lease,
 * pages from `message.cursor`, upserts, and enqueues its own continuation.
 */
export async function run(message: MessageOf<"orderSync">): Promise<void> {
  if (message.kind === "order_judgement") {
    await OrderSync.judgeOrders();
    return;
  }
  await OrderSync.runStep(message);
}

/**
 * A sync step's reason goes on the shop's sync state (GET /api/shops `last_error`), the run
 * ends, the lease is freed. A re-judgement that failed leaves the orders as judged before;
 * the next change or day asks again, and each label batch and file judges live meanwhile.
 */
export async function onFinalFailure(message: MessageOf<"orderSync">, error: Error): Promise<void> {
  if (message.kind === "order_judgement") return;
  await OrderSync.recordFailure(message, error);
}

export const handler = consumer("orderSync", run, { onFinalFailure });
