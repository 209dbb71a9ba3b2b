import type { z } from "zod";
import { idFor } from "../../util/id";
import type { ShipmentStatus } from "./entity";
import { SEARCH_TOKEN_VERSION } from "./search";
import type { ShopOrderWrite } from "./shapes";

/** The id of a shop's platform order: the same natural key always gives the same id. */
export function idOf(shopId: string, platformOrderId: string, purchasedAt: string): string {
  return idFor("order", Date.parse(purchasedAt), `${shopId}|${platformOrderId}`);
}

export function statusFromPlatform(
  platformStatus: z.output<typeof ShopOrderWrite>["platformStatus"],
  current: ShipmentStatus | undefined,
): ShipmentStatus {
  if (platformStatus === "cancelled") return "cancelled";
  if (platformStatus === "fulfilled") return current === "archived" ? "archived" : "shipped";
  if (platformStatus === "partially_fulfilled")
    return current === "archived" ? "archived" : "partiallyShipped";
  return current ?? "notShipped";
}

/** The attributes of an order new to us, from the shop's version (order-item.ts builds its stored item). */
export function newOrderItem(tenantId: string, value: z.output<typeof ShopOrderWrite>) {
  const isError = value.issues.length > 0;
  return {
    tenantId,
    orderId: idOf(value.shopId, value.platformOrderId, value.purchasedAt),
    shopId: value.shopId,
    platform: value.platform,
    platformOrderId: value.platformOrderId,
    orderNumber: value.orderNumber,
    purchasedAt: value.purchasedAt,
    platformUpdatedAt: value.platformUpdatedAt,
    shipmentStatus: statusFromPlatform(value.platformStatus, undefined),
    isError,
    errors: value.issues,
    purchaser: value.purchaser,
    customer: value.customer,
    lineItems: value.lineItems,
    totalAmount: value.totalAmount,
    codAmount: value.codAmount ?? undefined,
    email: value.email,
    requestedDeliveryDate: value.requestedDeliveryDate ?? undefined,
    requestedTimeSlot: value.requestedTimeSlot ?? undefined,
    note: value.note,
    isGift: value.isGift,
    fulfillmentOrders: value.fulfillmentOrders,
    shopUrl: value.shopUrl,
    // Its tokens are written with the order, by this version.
    searchVersion: SEARCH_TOKEN_VERSION,
  };
}
