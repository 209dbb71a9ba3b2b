import { CustomAttributeType, type EntityItem } from "electrodb";
import { keyString, secondaryIndex, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import {
  type OrderIssue,
  type ShipmentStatus,
  type StoredLineItem,
  type StoredPerson,
  shipmentStatuses,
} from "../../shared/order";

export { type ShipmentStatus, shipmentStatuses };

/** The order's own delivery: one carrier's settings as its delivery schema parsed them, `carrier` among them. */
export type StoredDelivery = { carrier?: string; [field: string]: unknown };

/** The last carrier file an order went into. */
export interface ExportMark {
  format: string;
  at: string;
  reference: string;
  /** The export that took the order (absent on marks older than the claim). */
  exportId?: string;
}

/**
 * Access patterns
 * | pattern   | index | pk composite               | sk composite          | used by                                  |
 * | byId      | primary | tenantId                 | orderId               | Order.get, the upsert (orderId is derived |
 * |           |         |                          |                       | from shop + platform order id: idFor)     |
 * | byStatus  | gsi1  | tenantId, shipmentStatus   | purchasedAt, orderId  | order list tabs, purchase-date ranges     |
 * | byError   | gsi2  | tenantId (sparse: isError) | purchasedAt, orderId  | エラー tab                                |
 * | byShop    | gsi3  | tenantId, shopId,          | purchasedAt, orderId  | shop filter inside a tab                  |
 * |           |       | shipmentStatus             |                       |                                           |
 *
 * The upsert key (tenant, shop, platform order id) is the primary key itself: the
 * order id is a ULID derived from the purchase time and that natural key, so a
 * webhook and a scheduled sync writing the same platform order meet on one item and
 * the conditional write (platform version) decides which content wins.
 *
 * Nested values (customer, delivery, line items, errors) are validated by the zod
 * schemas in shapes.ts before every write; here they are stored as opaque values
 * (`any`, so what is written is exactly what was validated) typed as those schemas.
 */
export const OrderEntity = defineEntity("order", {
  attributes: {
    tenantId: keyString,
    orderId: keyString,
    shopId: keyString,
    platform: { type: ["shopify", "ecforce"] as const, required: true, readOnly: true },
    platformOrderId: { type: "string", required: true, readOnly: true },
    /** The number the merchant knows (#1001). */
    orderNumber: { type: "string", required: true },
    purchasedAt: { type: "string", required: true, readOnly: true },
    /** The platform's last change we applied; older platform versions never overwrite newer ones. */
    platformUpdatedAt: { type: "string", required: true },
    shipmentStatus: { type: shipmentStatuses, required: true },
    /** The status an archived order returns to when restored. */
    statusBeforeArchive: { type: shipmentStatuses },
    isError: { type: "boolean", required: true, default: false },
    /** [{ field, message, suggestion? }] in Japanese: why the order cannot be shipped as it is. */
    errors: { type: CustomAttributeType<OrderIssue[]>("any") },
    purchaser: { type: CustomAttributeType<StoredPerson>("any"), required: true },
    /** お届け先: the recipient (the merchant edits it with PUT /orders/{id}/customer). */
    customer: { type: CustomAttributeType<StoredPerson>("any"), required: true },
    /** Carrier and its settings (PUT /orders/{id}/delivery/{carrier}); absent = the brand's defaults. */
    delivery: { type: CustomAttributeType<StoredDelivery>("any") },
    /** The merchant's sender for this order (PUT /orders/{id}/sender); absent = the brand's default. */
    senderId: { type: "string" },
    /** The last carrier file the order went into: { format, at, reference } (出力済み; exporting again is allowed). */
    exported: { type: CustomAttributeType<ExportMark>("any") },
    /**
     * The order's live labels (送り状発行済み), kept by core/src/shipment in the very
     * transactions that issue, import and cancel them; `labelsIssuedAt` is the last
     * printing (an issue or a reissue). The wire's `labels` (null when none are live).
     */
    labelsLive: { type: "number" },
    /** Of `labelsLive`, the numbers typed by hand (手入力 for another carrier): nothing printed. */
    labelsTyped: { type: "number" },
    /**
     * The live labels' tracking numbers, moved in the same transactions as `labelsLive`
     * (added on issue and import, removed on cancel, the whole set when a typed number
     * replaces another), so a page of orders shows its numbers without reading each
     * order's shipments. It holds `labelsLive` numbers; an order whose set holds fewer
     * (labelled before it was kept) reads its shipments instead.
     */
    liveNumbers: { type: "set", items: "string" },
    labelsIssuedAt: { type: "string" },
    /**
     * Moves on with every write that changes what the order ships with: its delivery
     * (carrier, typed number) and its live parcels. A write that chose a parcel slot or
     * a typed number from a read of these conditions on the value it read, so two
     * writers that read the same state cannot both win (core/src/shipment).
     */
    shippingRev: { type: "number" },
    lineItems: { type: CustomAttributeType<StoredLineItem[]>("any"), required: true },
    totalAmount: { type: "number", required: true },
    codAmount: { type: "number" },
    email: { type: "string", default: "" },
    requestedDeliveryDate: { type: "string" },
    requestedTimeSlot: { type: "string" },
    note: { type: "string", default: "" },
    /** The merchant's own memo (PUT /orders/{id}); the shop never writes it. */
    memo: { type: "string" },
    isGift: { type: "boolean", default: false },
    /** Fields the merchant changed here; a later shop change of them is kept aside, not applied. */
    editedFields: { type: "set", items: "string" },
    /** Shop-side values that arrived after the merchant's edit (the visible conflict). */
    shopChanges: { type: CustomAttributeType<Record<string, unknown>>("any") },
    fulfillmentOrders: { type: CustomAttributeType<unknown[]>("any") },
    /**
     * Shopify: the shop's URL (https://{shop}.myshopify.com) for the shopify_shop_url filter of
     * docs/requirements.md#api-calls.
     */
    shopUrl: { type: "string" },
    /**
     * The version of the search tokens the order's were written with (search.ts
     * SEARCH_TOKEN_VERSION); absent on orders written before the versions, which the
     * reindex rewrites (search-reindex.ts).
     */
    searchVersion: { type: "number" },
    /** When the customer's people were erased at their request; every later shop version keeps them erased. */
    erasedAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("orderId"),
    byStatus: secondaryIndex("gsi1", ["tenantId", "shipmentStatus"], ["purchasedAt", "orderId"]),
    /**
     * Sparse: only orders with errors. ElectroDB judges the condition on the attributes
     * of the write itself: a write that passes this index's composites (`.composite` with
     * `purchasedAt`) without `isError` judges it false and REMOVES the keys, so the
     * order silently leaves the エラー tab while it still counts there. Such a write sets
     * `isError` (as read, under a condition); a write that changes no key attribute
     * passes no composites.
     */
    byError: {
      ...secondaryIndex("gsi2", ["tenantId"], ["purchasedAt", "orderId"]),
      condition: (attr) => attr.isError === true,
    },
    byShop: secondaryIndex("gsi3", ["tenantId", "shopId", "shipmentStatus"], ["purchasedAt", "orderId"]),
  },
});

export type OrderItem = EntityItem<typeof OrderEntity>;
