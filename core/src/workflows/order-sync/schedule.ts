import { ShopLinkEntity } from "../../entities/shop/entity";
import { platforms } from "../../platforms/imported-order";
import { orderSyncRequest, type ShopSyncDraft } from "../../queue/index";

/** The scheduled sync runs this often; one scheduled message per shop and window. */
export const syncWindowMinutes = 15;

export type DueShop = { tenantId: string; shopId: string };

/**
 * Every connected shop, across tenants, for the scheduled sync. It reads the
 * shop-link routing records (platform → domain → tenant and shop), the one index
 * made to be read before a tenant is known; whether a shop is active and what to
 * import is decided by the order-sync consumer inside the shop's tenant. Until shops
 * are connected there are no links, so the list is empty.
 */
export async function linkedShops(): Promise<DueShop[]> {
  const shops: DueShop[] = [];
  for (const platform of platforms) {
    const { data } = await ShopLinkEntity.query.byPlatform({ platform }).go({ pages: "all" });
    for (const link of data) shops.push({ tenantId: link.tenantId, shopId: link.shopId });
  }
  return shops;
}

/**
 * The scheduled message for one shop. The dedupe key names the shop and the
 * 15-minute window, so a cron invocation that EventBridge delivers twice, or a
 * retried tick, asks for one run per shop and window.
 */
export function scheduledSync(shopId: string, now: Date): ShopSyncDraft {
  const windowMs = syncWindowMinutes * 60_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs).toISOString();
  return orderSyncRequest(shopId, "scheduled", `scheduled:${shopId}:${windowStart}`, { at: now });
}

/**
 * Whether this tick is the day's first (its window begins at midnight in Japan): the tick
 * that also asks each company's open orders to be judged again, since a requested day
 * may have passed overnight.
 */
export function opensTheDay(now: Date): boolean {
  const jstMs = now.getTime() + 9 * 3_600_000;
  return jstMs % 86_400_000 < syncWindowMinutes * 60_000;
}
