export * as Shipment from "./index";

import { z } from "zod";
import { useTenantID } from "../../actor";
import { batchWrite, type WriteRequest } from "../../db/batch-write";
import { NotFoundError } from "../../error";
import { shipmentCarriers, shipmentSources, shipmentStatuses } from "../../shared/shipment";
import { isID } from "../../util/id";
import type { OrderItem } from "../order/entity";
import { findManyById, type PageRequest, page, readsById } from "../records";
import {
  LabelResultEntity,
  LiveParcelEntity,
  ShipmentEntity,
  type ShipmentItem,
  TrackingClaimEntity,
} from "./entity";
import { type PartResult, putResults } from "./label-results";
import { SEARCH_RESULTS, search } from "./search";

export { SEARCH_RESULTS, search };

export const statuses = shipmentStatuses;

export const Info = z
  .object({
    id: z.string(),
    order_id: z.string(),
    order_number: z.string(),
    status: z.enum(statuses),
    carrier: z.enum(shipmentCarriers),
    /** The delivery company the merchant typed (carrier `sss`), else null. */
    carrier_name: z.string().nullable(),
    /** The account that issued the number; "" for a typed number or one imported by order number without an account. */
    carrier_account_id: z.string(),
    tracking_number: z.string(),
    label_id: z.string(),
    parcel: z.number().int(),
    parcels: z.number().int(),
    source: z.enum(shipmentSources),
    printed_at: z.string(),
    is_error: z.boolean(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    history: z.array(z.object({ action: z.string(), user_id: z.string().nullable(), at: z.string() })),
    created_at: z.string(),
  })
  .meta({ id: "Shipment" });
export type Info = z.infer<typeof Info>;

export type { HistoryEntry } from "./entity";

export function serialize(item: ShipmentItem): Info {
  return {
    id: item.shipmentId,
    order_id: item.orderId,
    order_number: item.orderNumber,
    status: item.status,
    carrier: item.carrier,
    carrier_name: item.carrierName ?? null,
    carrier_account_id: item.carrierAccountId,
    tracking_number: item.trackingNumber,
    label_id: item.labelId,
    parcel: item.parcel,
    parcels: item.parcels,
    source: item.source,
    printed_at: item.printedAt,
    is_error: item.isError,
    errors: item.errors ?? [],
    history: (item.history ?? []).map((h) => ({
      action: h.action,
      user_id: h.userId,
      at: h.at,
    })),
    created_at: item.createdAt,
  };
}

export const notFound = () => new NotFoundError("shipment.not_found", "出荷情報が見つかりません。");

// ---------------------------------------------------------------------------
// Reading and cancelling shipments

/** Shipments by id, read at once (ids that are not shipments' are left out). */
export const findMany = (shipmentIds: string[]): Promise<Map<string, ShipmentItem>> =>
  findManyById("shipment", "shipmentId", shipmentIds, (keys: { tenantId: string; shipmentId: string }[]) =>
    ShipmentEntity.get(keys).go(),
  );

export const { find, get } = readsById(
  "shipment",
  (tenantId, shipmentId) => ShipmentEntity.get({ tenantId, shipmentId }).go(),
  notFound,
);

/** An order's shipments, newest first. */
export async function ofOrder(orderId: string): Promise<ShipmentItem[]> {
  const { data } = await ShipmentEntity.query
    .byOrder({ tenantId: useTenantID(), orderId })
    .go({ pages: "all", order: "desc" });
  return data;
}

/**
 * The live tracking numbers of each order, in the orders' order: from the order itself
 * (OrderItem.liveNumbers) when it holds all of them, else from the order's shipments (an
 * order labelled before the order kept them), so a page of orders costs no read per order.
 */
export async function liveNumbersOf(
  orders: readonly Pick<OrderItem, "orderId" | "labelsLive" | "liveNumbers">[],
): Promise<string[][]> {
  return Promise.all(
    orders.map(async (order) => {
      const live = order.labelsLive ?? 0;
      if (live <= 0) return [];
      if (order.liveNumbers?.length === live) return [...order.liveNumbers].sort();
      return (await ofOrder(order.orderId))
        .filter((shipment) => shipment.status !== "cancelled")
        .map((shipment) => shipment.trackingNumber)
        .sort();
    }),
  );
}

// ---------------------------------------------------------------------------
// History

export const ListQuery = z.object({
  order_id: z.string().max(64).optional(),
  status: z.enum(statuses).optional(),
  printed_from: z.string().optional(),
  printed_to: z.string().optional(),
  /** Tracking number, order number, the recipient's name (kanji or kana, by prefix) or phone. */
  search: z.string().trim().max(100).optional(),
  /** Only the shipments whose upload failed (true), or only the others (false). */
  is_error: z.boolean().optional(),
});
type ListFilter = z.output<typeof ListQuery>;

const matches = (q: ListFilter) => (s: ShipmentItem) =>
  (!q.status || s.status === q.status) &&
  (q.is_error === undefined || s.isError === q.is_error) &&
  (!q.printed_from || s.printedAt >= q.printed_from) &&
  (!q.printed_to || s.printedAt <= q.printed_to);

/**
 * 出荷履歴, newest first: by status, or every status, within a printed-at range; from
 * indexes, a page at a time. A search is answered from the search indexes in one page;
 * `is_error` is a bounded filtered read (failed uploads are few), so a page may be short.
 */
export async function list(query: z.input<typeof ListQuery>, request: PageRequest = {}) {
  const q = ListQuery.parse(query);
  const { order_id: orderId, status, printed_from: from, printed_to: to } = q;
  const tenantId = useTenantID();
  // An order's shipments are few: every one, newest first, in one page.
  if (orderId) return { items: (await ofOrder(orderId)).filter(matches(q)), cursor: null };
  if (q.search)
    return { items: (await search(q.search)).filter(matches(q)).slice(0, SEARCH_RESULTS), cursor: null };
  const range = { printedAt: from ?? "" };
  const base = status
    ? ShipmentEntity.query.byStatus({ tenantId, status })
    : ShipmentEntity.query.byPrinted({ tenantId });
  const bounded = from || to ? base.between({ ...range }, { printedAt: to ?? "\uffff" }) : base;
  if (q.is_error === undefined) return page<ShipmentItem>(bounded, request, { order: "desc" });
  const isError = q.is_error;
  return page<ShipmentItem>(
    bounded.where((attr, op) => op.eq(attr.isError, isError)),
    request,
    { order: "desc", bounded: true },
  );
}

// ---------------------------------------------------------------------------
// Privacy (Shopify's shop/redact, core/src/workflows/privacy/delete-shop.ts)

/**
 * Deletes these orders' shipments with what hangs on them: their live parcels, their
 * numbers' claims and their lines in the label batches' results. The label PDFs stay until
 * the bucket's 90-day expiry (a part's PDF holds other orders' labels too). How many
 * shipments went.
 */
export async function deleteOfOrders(orderIds: string[]): Promise<number> {
  const tenantId = useTenantID();
  let deleted = 0;
  const batches = new Set<string>();
  for (const orderId of orderIds) {
    const shipments = await ofOrder(orderId);
    const { data: live } = await LiveParcelEntity.query.byOrder({ tenantId, orderId }).go({ pages: "all" });
    for (const s of shipments) if (isID("label", s.labelId)) batches.add(s.labelId);
    const keys = [
      ...live.map((p) => LiveParcelEntity.delete({ tenantId, orderId, parcel: p.parcel }).params().Key),
      ...shipments.map(
        (s) =>
          TrackingClaimEntity.delete({
            tenantId,
            carrier: s.carrier,
            trackingNumber: s.trackingNumber,
          }).params().Key,
      ),
      ...shipments.map((s) => ShipmentEntity.delete({ tenantId, shipmentId: s.shipmentId }).params().Key),
    ];
    await batchWrite(keys.map((Key): WriteRequest => ({ DeleteRequest: { Key } })));
    deleted += shipments.length;
  }
  const gone = new Set(orderIds);
  for (const labelId of batches) {
    const { data: parts } = await LabelResultEntity.query
      .byJob({ tenantId, jobId: labelId })
      .go({ pages: "all" });
    for (const stored of parts) {
      const results = stored.results as PartResult[];
      const kept = results.filter((r) => !gone.has(r.orderId));
      if (kept.length < results.length) await putResults(labelId, stored.part, kept);
    }
  }
  return deleted;
}
