import { z } from "zod";
import { Order } from "../../entities/order";
import { ShopEntity } from "../../entities/shop/entity";
import { recordPrivacyRequest } from "../../entities/shop/privacy-requests";
import { recordRedactions } from "../../entities/shop/redaction";
import { Queue } from "../../queue";

/**
 * Shopify's mandatory compliance webhooks, once the HMAC is checked and the shop's
 * company found (the shop the signed body names, webhooks.ts), inside that
 * company, once per delivery:
 *
 * - `customers/data_request`: recorded on the shop (the customer and the orders asked
 *   about), shown to the merchant in GET /api/shops, who answers the customer;
 * - `customers/redact`: the listed orders of that shop are recorded as redacted
 *   (entities/shop/redaction.ts), whether we stored them yet or not, then the customer's
 *   personal data is erased from those we have (Order.erasePeople), their search
 *   tokens too, at once; the order's non-personal facts stay for the merchant's
 *   accounting. Shopify keeps the customer's data on its copy of the order, so the
 *   erasure is marked on the order and kept by every later sync, and an order
 *   imported after the request is stored already erased;
 * - `shop/redact` (48 hours after an uninstall): everything of the shop goes: the shop
 *   is marked and the order-sync consumer deletes its orders' shipments (with their
 *   live parcels, number claims and label results), its orders and tokens, then the
 *   shop record and its link (deleteShop), so the webhook is answered at once. The
 *   label PDFs (a part's file may hold other shops' labels) expire with the files
 *   bucket's 90-day rule (stacks/storage.ts). The shop's redaction records stay: they
 *   name no one, and keep its orders erased should the shop be connected again.
 *
 * A shipment holds no one's name or address (order number, carrier, number, parcel),
 * so `customers/redact` leaves shipments as they are.
 */

const Id = z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const Customer = z.object({
  id: Id.nullish(),
  email: z.string().max(320).nullish(),
  phone: z.string().max(64).nullish(),
});
const CustomerRedact = z.object({
  customer: Customer,
  orders_to_redact: z.array(Id).max(10_000).default([]),
});
const DataRequest = z.object({
  customer: Customer,
  orders_requested: z.array(Id).max(10_000).default([]),
  data_request: z.object({ id: Id }).partial().nullish(),
});

/** A payload Shopify signed but we cannot read is acknowledged and left (Shopify does not resend a 200). */
function parse<T>(schema: z.ZodType<T>, rawBody: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function receivePrivacy(
  topic: string,
  link: { tenantId: string; shopId: string },
  rawBody: string,
): Promise<void> {
  const { data: shop } = await ShopEntity.get({ tenantId: link.tenantId, shopId: link.shopId }).go();
  if (!shop) return;
  const receivedAt = new Date().toISOString();
  if (topic === "customers/data_request") {
    const body = parse(DataRequest, rawBody);
    if (!body) return;
    const orderIds = await Order.idsOfPlatformOrders(shop.shopId, body.orders_requested);
    await recordPrivacyRequest(shop, {
      topic,
      received_at: receivedAt,
      customer_id: body.customer.id ?? null,
      customer_email: body.customer.email ?? null,
      shopify_order_ids: body.orders_requested,
      order_ids: orderIds,
    });
    return;
  }
  if (topic === "customers/redact") {
    const body = parse(CustomerRedact, rawBody);
    if (!body) return;
    await recordRedactions(shop.shopId, body.orders_to_redact);
    const orderIds = await Order.idsOfPlatformOrders(shop.shopId, body.orders_to_redact);
    await Order.erasePeople(orderIds);
    // The record of the redaction names no one: Shopify's ids only.
    await recordPrivacyRequest(shop, {
      topic,
      received_at: receivedAt,
      customer_id: body.customer.id ?? null,
      customer_email: null,
      shopify_order_ids: body.orders_to_redact,
      order_ids: orderIds,
    });
    return;
  }
  if (topic === "shop/redact") {
    await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId })
      .set({ status: "inactive", redactRequestedAt: receivedAt })
      .remove(["credentials"])
      .go();
    const sent = await Queue.send("orderSync", [
      Queue.orderSyncRequest(shop.shopId, "webhook", `shop-redact:${shop.shopId}`, {
        at: new Date(receivedAt),
      }),
    ]);
    if (sent.failed.length) throw new Error(`Could not queue the shop's deletion: ${sent.failed[0]!.reason}`);
  }
}
