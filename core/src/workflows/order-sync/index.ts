export * as OrderSync from "./index";

import { ActorContext, useTenantID } from "../../actor";
import { Order } from "../../entities/order";
import { Shop } from "../../entities/shop";
import { ShopEntity } from "../../entities/shop/entity";
import { Queue } from "../../queue";
import { mapLimited } from "../../util/concurrency";
import { runsFor } from "./run";
import { type DueShop, linkedShops } from "./schedule";

export { WRITE_CONCURRENCY } from "../../db/batch-write";
export { type BulkFinishedOutcome, continueFinishedBulk } from "./bulk-finished";
export {
  type PageReader,
  recordFailure,
  runStep,
  runsFor,
  STEP_LIMITS,
  type StepLimits,
  type StepResult,
} from "./run";
export { type DueShop, opensTheDay, scheduledSync, syncWindowMinutes } from "./schedule";
export { upsertWebhookOrder, type WebhookOrderOutcome } from "./webhook-order";

/**
 * Asks for the company's open orders to be judged again (Order.rejudgeOpenOrders) on the
 * order-sync queue: after a change of the settings every order is judged by (default
 * carrier, sender or 備考欄設定, carrier accounts), so the エラー tab follows it. The
 * consumer reads the settings when it runs, so a burst of changes costs a few quick runs
 * that find nothing more to write.
 */
export async function requestJudgement(reason: "settings" | "daily", now = new Date()): Promise<boolean> {
  // A request that does not go out leaves the tab as it was until the next change or day;
  // a label batch or a file judges live meanwhile, so the change itself stands.
  const result = await Queue.send("orderSync", [Queue.orderJudgementRequest(reason, now)]).catch(
    () => undefined,
  );
  return result !== undefined && result.failed.length === 0;
}

/** `change`, then a re-judgement of the open orders by the settings it changed. */
export function judgedAfter<A extends unknown[], R>(change: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const result = await change(...args);
    await requestJudgement("settings");
    return result;
  };
}

/** The consumer's side of `requestJudgement`. */
export async function judgeOrders(): Promise<{ judged: number; changed: number }> {
  return Order.rejudgeOpenOrders();
}

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
    active.map((shop) =>
      Queue.orderSyncRequest(shop.shopId, "manual", `manual:${shop.shopId}:${window}`, { at: now }),
    ),
  );
  return { enqueued: result.sent, failed: result.failed.length };
}

/** Companies whose shops are read at once when the schedule picks the shops to sync. */
const TENANTS_AT_ONCE = 8;

/**
 * The shops the 15-minute schedule asks to sync: of every connected shop (the routing
 * links, linkedShops), those the order-sync consumer would run (runsFor),
 * read inside each shop's company. A shop uninstalled in Shopify keeps its link (for
 * the privacy webhooks that follow) and a disconnect that could not remove its link
 * leaves one: both are inactive and get no message. A shop whose record could not be
 * read (DynamoDB left its key unprocessed) is asked for anyway; the consumer decides.
 */
export async function shopsDueForSync(): Promise<DueShop[]> {
  const byTenant = new Map<string, string[]>();
  for (const link of await linkedShops())
    byTenant.set(link.tenantId, [...(byTenant.get(link.tenantId) ?? []), link.shopId]);
  const tenants = [...byTenant.entries()];
  const read = await mapLimited(tenants, TENANTS_AT_ONCE, ([tenantId, shopIds]) =>
    ActorContext.with({ type: "system", properties: { tenantId } }, () => syncableShops(shopIds)),
  );
  return read.flatMap((shopIds, n) => shopIds.map((shopId) => ({ tenantId: tenants[n]![0], shopId })));
}

/** Of the company's `shopIds`, those a sync message would do work for, in the order given. */
async function syncableShops(shopIds: string[]): Promise<string[]> {
  const tenantId = useTenantID();
  const { data, unprocessed } = await ShopEntity.get(shopIds.map((shopId) => ({ tenantId, shopId }))).go();
  const runs = new Set([
    ...data.filter((shop) => runsFor(shop)).map((shop) => shop.shopId),
    ...unprocessed.map((key) => key.shopId),
  ]);
  return shopIds.filter((shopId) => runs.has(shopId));
}
