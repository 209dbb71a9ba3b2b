export * as Sync from "./index";

import { Queue } from "../queue";
import { Shop } from "../shop";

export { WRITE_CONCURRENCY } from "./batch-write";
export { PAGES_PER_STEP, type PageReader, recordFailure, runStep, type StepResult } from "./run";

/** Manual syncs asked for within this many seconds of each other are one request (a double click). */
const MANUAL_WINDOW_SECONDS = 10;

/**
 * Asks for an order sync of the company's active shops (or one of them): one
 * message per shop on the order-sync queue, answered at once (202). The consumer
 * runs each shop under its lease, so a sync already running absorbs the request.
 */
export async function requestManual(shopId?: string): Promise<{ enqueued: number; failed: number }> {
  const shops = shopId ? [await Shop.get(shopId)] : (await Shop.list({ limit: 100 })).items;
  const active = shops.filter((shop) => shop.status === "active");
  if (active.length === 0) return { enqueued: 0, failed: 0 };
  const now = new Date();
  const window = Math.floor(now.getTime() / 1000 / MANUAL_WINDOW_SECONDS);
  const result = await Queue.send(
    "orderSync",
    active.map((shop) => ({
      kind: "order_sync" as const,
      shopId: shop.shopId,
      reason: "manual" as const,
      requestedAt: now.toISOString(),
      dedupeKey: `manual:${shop.shopId}:${window}`,
    })),
  );
  return { enqueued: result.sent, failed: result.failed.length };
}
