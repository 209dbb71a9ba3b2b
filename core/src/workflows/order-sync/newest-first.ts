import { Order } from "../../entities/order";
import { normalizeOrder } from "../../entities/order/normalize";
import type { ShopItem } from "../../entities/shop/entity";
import { Shopify } from "../../platforms/shopify";
import { ShopSettings } from "../../shared/shop";
import { keep, shopUrlOf } from "./kept-orders";

/**
 * A bulk query's file lists the window oldest change first, and Shopify takes seconds to
 * minutes to write it: a merchant who has just connected a large shop would wait for all of
 * it before seeing the orders they ship next. So the step that starts the bulk query first
 * reads the newest NEWEST_FIRST_ORDERS by paging, as the cost bucket allows, and writes them
 * as any page is written. The file brings them again later; the versioned upsert finds them
 * unchanged (or newer), so nothing is doubled.
 */
export const NEWEST_FIRST_ORDERS = 100;
/**
 * Small pages: each waits only for its own requested cost (20 orders with 5 lines ask for
 * 462 points), so the bucket's refill goes into orders rather than into waiting for room
 * for a full 922-point page.
 */
const NEWEST_FIRST_PAGE_SIZE = 20;

/**
 * Orders made since the run started come by webhook as well, and may be the newest: they
 * do not count towards the NEWEST_FIRST_ORDERS, up to this many queries in all.
 */
const NEWEST_FIRST_QUERIES = 8;

/**
 * Writes the shop's newest orders changed since `updatedSince`, until NEWEST_FIRST_ORDERS
 * of them were made before `runStartedAt`; answers how many it brought in or changed.
 * Reading stops quietly at the first refusal from Shopify: these orders are only early
 * copies of what the bulk file brings.
 */
export async function writeNewestFirst(
  shop: ShopItem,
  token: string,
  updatedSince: string | null,
  runStartedAt: string,
): Promise<number> {
  const settings = ShopSettings.parse(shop.settings ?? {});
  const { judge } = await Order.loadJudge();
  let cursor: string | null = null;
  let read = 0;
  let imported = 0;
  let queries = 0;
  do {
    queries += 1;
    const page: Shopify.OrdersPage | null = await Shopify.ordersPage(shop.domain, token, {
      cursor,
      updatedSince,
      newestFirst: true,
      size: Math.min(NEWEST_FIRST_PAGE_SIZE, NEWEST_FIRST_ORDERS - read),
    }).catch((err: unknown) => {
      if (err instanceof Shopify.ShopifyError) return null;
      throw err;
    });
    if (!page) break;
    read += page.orders.filter((order) => order.purchasedAt < runStartedAt).length;
    cursor = page.nextCursor;
    const writes = page.orders
      .filter((order) => keep(order, settings))
      .map((order) => normalizeOrder(order, { shopId: shop.shopId, shopUrl: shopUrlOf(shop) }));
    if (writes.length === 0) continue;
    const results = await Order.upsertPage(writes, judge);
    imported += results.filter((r) => r.outcome !== "unchanged").length;
  } while (cursor && read < NEWEST_FIRST_ORDERS && queries < NEWEST_FIRST_QUERIES);
  return imported;
}
