import { Order } from "../../entities/order";
import type { ShopItem } from "../../entities/shop/entity";
import { Shopify } from "../../platforms/shopify";
import { ShopSettings } from "../../shared/shop";
import { importedCount, shopWrites } from "./kept-orders";

/**
 * A bulk query's file lists the window oldest change first, and Shopify takes seconds to
 * minutes to write it: a merchant who has just connected a large shop would wait for all of
 * it before seeing the orders they ship next. So the step that starts the bulk query, before
 * it does, reads the newest NEWEST_FIRST_ORDERS by paging, as the cost bucket allows, and
 * writes them as any page is written. The file brings them again later; the versioned upsert finds them
 * unchanged (or newer), so nothing is doubled.
 */
export const NEWEST_FIRST_ORDERS = 100;
/**
 * Small, cheap pages: Shopify takes a query's requested cost from the bucket before it
 * answers, and a hundred orders cost more than a full bucket holds, so the last pages wait
 * for the refill. 20 orders with 3 lines each ask for 342 points (2 + 20 × 17) where 5
 * lines would ask 462: most orders have at most 3 lines, and the few longer ones have the
 * rest read apart (orders.ts), so each page waits only for what it is likely to use.
 */
const NEWEST_FIRST_PAGE_SIZE = 20;
const NEWEST_FIRST_LINES = 3;

/**
 * Orders made since the run started come by webhook as well, and may be the newest: they
 * do not count towards the NEWEST_FIRST_ORDERS, up to this many queries in all.
 */
const NEWEST_FIRST_QUERIES = 8;

/**
 * Writes the shop's newest orders changed since `updatedSince`, until NEWEST_FIRST_ORDERS
 * of them were made before `runStartedAt`; answers how many of them this run brought in or
 * changed, counting (when `retried`: an earlier attempt of the step may have written some)
 * those stored since the run started, so a step delivered twice counts them once.
 * Each page is written while the next is read (the bucket's wait and the writes overlap).
 * Reading stops quietly at the first refusal from Shopify: these orders are only early
 * copies of what the bulk file brings.
 */
export async function writeNewestFirst(
  shop: ShopItem,
  token: string,
  {
    updatedSince,
    runStartedAt,
    retried,
  }: { updatedSince: string | null; runStartedAt: string; retried: boolean },
): Promise<number> {
  const settings = ShopSettings.parse(shop.settings ?? {});
  const { judge } = await Order.loadJudge();
  const writing: { ids: Set<string>; imported: Promise<number> }[] = [];
  let cursor: string | null = null;
  let read = 0;
  let queries = 0;
  let written: PromiseSettledResult<number>[];
  try {
    do {
      queries += 1;
      const page: Shopify.OrdersPage | null = await Shopify.ordersPage(shop.domain, token, {
        cursor,
        updatedSince,
        newestFirst: true,
        size: Math.min(NEWEST_FIRST_PAGE_SIZE, NEWEST_FIRST_ORDERS - read),
        linesPerOrder: NEWEST_FIRST_LINES,
      }).catch((err: unknown) => {
        if (err instanceof Shopify.ShopifyError) return null;
        throw err;
      });
      if (!page) break;
      read += page.orders.filter((order) => order.purchasedAt < runStartedAt).length;
      cursor = page.nextCursor;
      const writes = shopWrites(shop, page.orders, settings);
      if (writes.length === 0) continue;
      const ids = new Set(writes.map((w) => Order.idOf(w.shopId, w.platformOrderId, w.purchasedAt)));
      // An order changed while we read may come on two pages: its later copy waits for the earlier write.
      const before = writing.filter((w) => [...ids].some((id) => w.ids.has(id))).map((w) => w.imported);
      const imported = Promise.allSettled(before)
        .then(() => Order.upsertPage(writes, judge))
        .then((results) => importedCount(results, retried ? runStartedAt : null));
      imported.catch(() => undefined); // a failure surfaces below, once every write has ended
      writing.push({ ids, imported });
    } while (cursor && read < NEWEST_FIRST_ORDERS && queries < NEWEST_FIRST_QUERIES);
  } finally {
    // Nothing of the step is left writing behind its back, whatever ended the reading (whose
    // error, if any, goes on from here before any of the writes').
    written = await Promise.allSettled(writing.map((w) => w.imported));
  }
  const failed = written.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  return written.reduce((sum, s) => sum + (s.status === "fulfilled" ? s.value : 0), 0);
}
