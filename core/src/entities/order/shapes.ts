import { z } from "zod";
import { AddressInfo, addressToWire } from "../../address";
import { OrderIssue, orderTabs, StoredLineItem, StoredPerson } from "../../shared/order";
import { type OrderItem, type ShipmentStatus, shipmentStatuses } from "./entity";

export { type ShipmentStatus, shipmentStatuses };

export const tabs = orderTabs;
export type Tab = (typeof tabs)[number];

// ---------------------------------------------------------------------------
// Shapes

/** Times are stored and compared as UTC ISO strings, whatever offset a shop or a caller used. */
export const utc = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export { OrderIssue, StoredLineItem, StoredPerson } from "../../shared/order";

/** What a shop sync writes: the normalised platform order (normalize.ts makes it). */
export const ShopOrderWrite = z.object({
  shopId: z.string(),
  platform: z.enum(["shopify", "ecforce"]),
  platformOrderId: z.string().min(1),
  orderNumber: z.string().min(1),
  purchasedAt: utc,
  platformUpdatedAt: utc,
  /** What the shop says about fulfilment; combined with our own status on update. */
  platformStatus: z.enum(["unfulfilled", "partially_fulfilled", "fulfilled", "cancelled"]),
  email: z.string(),
  purchaser: StoredPerson,
  customer: StoredPerson,
  lineItems: z.array(StoredLineItem),
  totalAmount: z.number().int().min(0),
  codAmount: z.number().int().min(0).nullable(),
  requestedDeliveryDate: z.string().nullable(),
  requestedTimeSlot: z.string().nullable(),
  note: z.string(),
  isGift: z.boolean(),
  issues: z.array(OrderIssue),
  fulfillmentOrders: z.array(z.unknown()).default([]),
  shopUrl: z.string().optional(),
});
export type ShopOrderWrite = z.input<typeof ShopOrderWrite>;

const WirePerson = z.object({
  name: z.string(),
  name_kana: z.string(),
  company: z.string(),
  ...AddressInfo,
});

export const Info = z
  .object({
    id: z.string(),
    shop_id: z.string(),
    platform: z.enum(["shopify", "ecforce"]),
    order_number: z.string(),
    shopify_order_id: z.string().nullable(),
    shopify_shop_url: z.string().nullable(),
    shipment_status: z.enum(shipmentStatuses),
    is_error: z.boolean(),
    errors: z.array(OrderIssue),
    purchased_at: z.string(),
    email: z.string(),
    purchaser: WirePerson,
    customer: WirePerson,
    delivery: z.record(z.string(), z.unknown()).nullable(),
    sender_id: z.string().nullable(),
    line_items: z.array(
      z.object({ sku: z.string(), name: z.string(), quantity: z.number(), unit_price: z.number() }),
    ),
    total_amount: z.number(),
    cod_amount: z.number().nullable(),
    requested_delivery_date: z.string().nullable(),
    requested_time_slot: z.string().nullable(),
    note: z.string(),
    /** The merchant's own memo (PUT /api/orders/{id}); "" when none. */
    memo: z.string(),
    is_gift: z.boolean(),
    /** Shop-side changes that arrived after the merchant edited the same fields here. */
    shop_changes: z.record(z.string(), z.unknown()).nullable(),
    /** 出力済み: the last carrier file the order went into (format, time, お客様管理番号). */
    exported: z.object({ format: z.string(), at: z.string(), reference: z.string() }).nullable(),
    /**
     * 送り状発行済み: how many labels of the order are live and when the last was printed; null when none.
     * `typed` of them are numbers typed by hand for another carrier (追跡番号登録済み: nothing printed).
     */
    labels: z
      .object({ live: z.number().int(), typed: z.number().int(), last_issued_at: z.string() })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Order" });
export type Info = z.infer<typeof Info>;

const personToWire = (person: StoredPerson) => ({
  name: person.name,
  name_kana: person.nameKana,
  company: person.company,
  ...addressToWire(person),
});

export function serialize(item: OrderItem): Info {
  const shopify = item.platform === "shopify";
  return {
    id: item.orderId,
    shop_id: item.shopId,
    platform: item.platform,
    order_number: item.orderNumber,
    shopify_order_id: shopify ? (item.platformOrderId.split("/").pop() ?? item.platformOrderId) : null,
    shopify_shop_url: shopify ? (item.shopUrl ?? null) : null,
    shipment_status: item.shipmentStatus,
    is_error: item.isError,
    errors: item.errors ?? [],
    purchased_at: item.purchasedAt,
    email: item.email ?? "",
    purchaser: personToWire(item.purchaser),
    customer: personToWire(item.customer),
    delivery: item.delivery ?? null,
    sender_id: item.senderId ?? null,
    line_items: item.lineItems.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit_price: line.unitPrice,
    })),
    total_amount: item.totalAmount,
    cod_amount: item.codAmount ?? null,
    requested_delivery_date: item.requestedDeliveryDate ?? null,
    requested_time_slot: item.requestedTimeSlot ?? null,
    note: item.note ?? "",
    memo: item.memo ?? "",
    is_gift: item.isGift ?? false,
    shop_changes: item.shopChanges ?? null,
    exported: item.exported ?? null,
    labels:
      (item.labelsLive ?? 0) > 0
        ? {
            live: item.labelsLive!,
            typed: item.labelsTyped ?? 0,
            last_issued_at: item.labelsIssuedAt ?? item.updatedAt,
          }
        : null,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

/** The field of the issue an order carries while a tracking upload of its shipments has failed. */
export const UPLOAD_ISSUE_FIELD = "upload";

/** The field of the issue an order carries while its label could not be made (a label part that failed for good). */
export const LABEL_ISSUE_FIELD = "label";

/** JSON with object keys sorted: DynamoDB gives maps back in any key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
