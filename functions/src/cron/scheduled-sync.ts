import { Logger } from "@aws-lambda-powertools/logger";
import { ActorContext } from "@okuru/core/actor";
import { Queue } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";

const logger = new Logger({ serviceName: "okuru-cron" });

export type ScheduledSyncResult = { enqueued: number; failed: number };

/**
 * Runs every 15 minutes (EventBridge in AWS, a timer locally): one order-sync
 * message per connected shop with work to do (OrderSync.shopsDueForSync: not one
 * uninstalled or disconnected), sent inside the shop's tenant, with a dedupe key per
 * shop and 15-minute window. The consumer does the work and its lease coalesces this
 * trigger with manual syncs and webhooks. A send failure is reported for the shops
 * concerned and the others still go out; the next tick asks again.
 */
export async function scheduledSync(
  options: { shops?: () => Promise<OrderSync.DueShop[]>; now?: Date } = {},
): Promise<ScheduledSyncResult> {
  const shops = await (options.shops ?? OrderSync.shopsDueForSync)();
  const now = options.now ?? new Date();
  const byTenant = new Map<string, OrderSync.DueShop[]>();
  for (const shop of shops) byTenant.set(shop.tenantId, [...(byTenant.get(shop.tenantId) ?? []), shop]);
  let enqueued = 0;
  let failed = 0;
  for (const [tenantId, tenantShops] of byTenant) {
    const result = await ActorContext.with({ type: "system", properties: { tenantId } }, () =>
      Queue.send("orderSync", [
        ...tenantShops.map((shop) => OrderSync.scheduledSync(shop.shopId, now)),
        // The day's first tick: requested days may have passed overnight (the エラー tab follows).
        ...(OrderSync.opensTheDay(now) ? [Queue.orderJudgementRequest("daily", now)] : []),
      ]),
    );
    enqueued += result.sent;
    failed += result.failed.length;
    for (const failure of result.failed) {
      logger.error("Scheduled sync not enqueued", { tenantId, ...failure });
    }
  }
  logger.info("scheduled sync tick", { shops: shops.length, enqueued, failed });
  return { enqueued, failed };
}

export const handler = () => scheduledSync();
