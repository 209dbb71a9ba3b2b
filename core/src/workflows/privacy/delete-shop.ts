import { isConditionalFailure } from "../../db/attributes";
import { Order } from "../../entities/order";
import { OrderEntity, type OrderItem } from "../../entities/order/entity";
import { Shipment } from "../../entities/shipment";
import { ShopEntity, type ShopItem, ShopLinkEntity } from "../../entities/shop/entity";
import { Lease } from "../../lease";

/**
 * Deletes everything of a shop Shopify asked to redact: its orders with their search
 * tokens, its sync lease, the shop record (credentials, settings, sync state) and its
 * routing link. Run again after a failure, it carries on where it stopped.
 */
export async function deleteShop(shop: ShopItem): Promise<void> {
  await deleteShopShipments(shop);
  await Order.deleteShopOrders(shop.shopId);
  const runId = (shop.syncState as { runId?: string | null } | undefined)?.runId;
  if (runId) await Lease.release(`order-sync:${shop.shopId}`, runId);
  await ShopLinkEntity.delete({ platform: shop.platform, domain: shop.domain })
    .where((attr, op) => op.eq(attr.tenantId, shop.tenantId))
    .go()
    .catch((err) => {
      if (!isConditionalFailure(err)) throw err;
    });
  await ShopEntity.delete({ tenantId: shop.tenantId, shopId: shop.shopId }).go();
}

/** The shipments of every order of the shop, before the orders themselves (a rerun finds the orders still there). */
async function deleteShopShipments(shop: ShopItem): Promise<void> {
  for (const shipmentStatus of Order.shipmentStatuses) {
    let cursor: string | null = null;
    do {
      const page: { data: OrderItem[]; cursor: string | null } = await OrderEntity.query
        .byShop({ tenantId: shop.tenantId, shopId: shop.shopId, shipmentStatus })
        .go({ cursor, limit: 100 });
      await Shipment.deleteOfOrders(page.data.map((o) => o.orderId));
      cursor = page.cursor;
    } while (cursor);
  }
}
