import { Order, type ShopOrderWrite } from "../../entities/order";
import { normalizeOrder } from "../../entities/order/normalize";
import type { ShopItem } from "../../entities/shop/entity";
import type { ImportedOrder } from "../../platforms/imported-order";
import type { ShopSettings } from "../../shared/shop";

/** Whether a shop's order is stored: fulfilled orders only when the shop's settings ask for them, cancelled ones always. */
export function keep(order: ImportedOrder, settings: ShopSettings): boolean {
  return settings.include_fulfilled || order.fulfillmentStatus !== "fulfilled" || order.cancelled;
}

export function shopUrlOf(shop: ShopItem): string | undefined {
  return shop.platform === "shopify" ? `https://${shop.domain}` : undefined;
}

/**
 * The writes a shop's orders make, whichever way they came (a page, the bulk file, the
 * newest orders read first, a webhook): only the orders the shop's settings keep,
 * normalised alike, so every way stores the same order the same.
 */
export function shopWrites(
  shop: ShopItem,
  orders: ImportedOrder[],
  settings: ShopSettings,
): ShopOrderWrite[] {
  const shopUrl = shopUrlOf(shop);
  return orders
    .filter((order) => keep(order, settings))
    .map((order) => normalizeOrder(order, { shopId: shop.shopId, shopUrl }));
}

/**
 * Orders of a page that this run brought in or changed. On a retried step, an order an
 * earlier attempt already wrote reads as unchanged now; it is still this run's import
 * when it was stored since the run started.
 */
export async function importedCount(
  results: Order.UpsertResult[],
  runStartedAt: string | null,
): Promise<number> {
  const written = results.filter((r) => r.outcome !== "unchanged").length;
  const unchanged = results.filter((r) => r.outcome === "unchanged").map((r) => r.orderId);
  if (!runStartedAt || unchanged.length === 0) return written;
  const stored = await Order.findMany(unchanged);
  return written + [...stored.values()].filter((order) => order.updatedAt >= runStartedAt).length;
}
