import { z } from "zod";
import { isConditionalFailure } from "../db/attributes";
import { Lease } from "../lease";
import { Order } from "../order";
import { OrderEntity, type OrderItem } from "../order/entity";
import { Queue } from "../queue";
import { Shipment } from "../shipment";
import { ShopEntity, type ShopItem, ShopLinkEntity } from "./entity";
import { recordRedactions } from "./redaction";

/**
 * Shopify's mandatory compliance webhooks, once the HMAC is checked and the shop's
 * company found (the shop the signed body names, shop/webhooks.ts), inside that
 * company, once per delivery:
 *
 * - `customers/data_request`: recorded on the shop (the customer and the orders asked
 *   about), shown to the merchant in GET /api/shops, who answers the customer;
 * - `customers/redact`: the listed orders of that shop are recorded as redacted
 *   (shop/redaction.ts), whether we stored them yet or not, then the customer's
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

/** What GET /api/shops shows of a privacy request. */
export const PrivacyRequest = z
  .object({
    topic: z.enum(["customers/data_request", "customers/redact", "shop/redact"]),
    received_at: z.string(),
    /** Shopify's customer id; for a data request also the e-mail, so the merchant can answer. */
    customer_id: z.string().nullable(),
    customer_email: z.string().nullable(),
    /** Shopify's order ids the request names. */
    shopify_order_ids: z.array(z.string()),
    /** Our orders it concerned (for a redaction: the ones erased). */
    order_ids: z.array(z.string()),
  })
  .meta({ id: "ShopPrivacyRequest" });
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** The newest requests kept on the shop. */
const KEPT_REQUESTS = 50;

export function privacyRequestsOf(shop: ShopItem): PrivacyRequest[] {
  const parsed = z.array(PrivacyRequest).safeParse(shop.privacyRequests ?? []);
  return parsed.success ? parsed.data : [];
}

async function record(shop: ShopItem, request: PrivacyRequest): Promise<void> {
  let current = shop;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const requests = [request, ...privacyRequestsOf(current)].slice(0, KEPT_REQUESTS);
    try {
      await ShopEntity.patch({ tenantId: current.tenantId, shopId: current.shopId })
        .set({ privacyRequests: requests })
        .where((attr, op) => op.eq(attr.updatedAt, current.updatedAt))
        .go();
      return;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      const { data } = await ShopEntity.get({ tenantId: current.tenantId, shopId: current.shopId }).go();
      if (!data) return;
      current = data;
    }
  }
}

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
    await record(shop, {
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
    await record(shop, {
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
      {
        kind: "order_sync",
        shopId: shop.shopId,
        reason: "webhook",
        requestedAt: receivedAt,
        dedupeKey: `shop-redact:${shop.shopId}`,
      },
    ]);
    if (sent.failed.length) throw new Error(`Could not queue the shop's deletion: ${sent.failed[0]!.reason}`);
  }
}

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
