import { useTenantID } from "../../actor";
import { Order } from "../../entities/order";
import { ShopEntity } from "../../entities/shop/entity";
import type { ImportedOrder } from "../../platforms/imported-order";
import { ShopSettings } from "../../shared/shop";
import { shopWrites } from "./kept-orders";

export type WebhookOrderOutcome = "stored" | "not_kept" | "shop_inactive";

/**
 * One order a shop's webhook carried, written at once in the shop's company: the shop's
 * settings decide whether it is kept, it is normalised and judged like every order from a
 * shop, and the versioned upsert keeps whichever of this and a running sync's copy is
 * newer. So it neither takes nor waits for the sync's lease; a webhook older than the
 * stored order changes nothing.
 */
export async function upsertWebhookOrder(shopId: string, order: ImportedOrder): Promise<WebhookOrderOutcome> {
  const { data: shop } = await ShopEntity.get({ tenantId: useTenantID(), shopId }).go();
  // A disconnected shop's orders stay as they were; a shop being redacted takes no new ones.
  if (shop?.status !== "active" || shop.redactRequestedAt) return "shop_inactive";
  const [write] = shopWrites(shop, [order], ShopSettings.parse(shop.settings ?? {}));
  if (!write) return "not_kept";
  const { judge } = await Order.loadJudge();
  // One order at a time, not a page: a page writes an order it did not find with a plain
  // put, while Shopify sends several topics for one checkout at once (orders/create and
  // orders/paid), and this upsert creates only if nobody did meanwhile, else merges.
  await Order.upsertFromShop(write, undefined, judge);
  return "stored";
}
