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
