import { useTenantID } from "../../actor";
import { shipmentCarriers } from "../../shared/shipment";
import { Order } from "../order";
import { batchGet } from "../records";
import { ShipmentEntity, type ShipmentItem, TrackingClaimEntity } from "./entity";

/** The most shipments a search answers: it is for finding a parcel, not for paging through many. */
export const SEARCH_RESULTS = 100;

/**
 * What the history's search box finds a shipment's order by: its number, the recipient's
 * name (given name alone too) and reading, the phone, company and town.
 */
const ORDER_KINDS = ["no", "name", "kana", "tel", "co", "addr"] as const;

/** A typed number as the claims hold it: full-width folded, without the hyphens and spaces people type. */
const numberPrefix = (search: string) =>
  search
    .normalize("NFKC")
    .replace(/[\s\-‐―ー－]/g, "")
    .toUpperCase();

/**
 * Shipments whose tracking number begins with the search: each number's claim is its
 * key (`TrackingClaimEntity`, written in the transaction that creates the shipment and
 * never deleted), so a number is found from the moment it is issued, and still after
 * a reissue (same number) or a cancel (the claim stays).
 */
async function byTrackingNumber(search: string): Promise<string[]> {
  const prefix = numberPrefix(search);
  if (!/^[0-9A-Z]{4,}$/.test(prefix)) return [];
  const tenantId = useTenantID();
  const found = await Promise.all(
    shipmentCarriers.map((carrier) =>
      TrackingClaimEntity.query
        .byNumber({ tenantId, carrier })
        .begins({ trackingNumber: prefix })
        .go({ count: SEARCH_RESULTS, limit: SEARCH_RESULTS, attributes: ["shipmentId"] }),
    ),
  );
  return found.flatMap(({ data }) => data.map((claim) => claim.shipmentId));
}

/**
 * The shipments of the orders the search finds on the order search index (order number,
 * recipient's name in kanji or kana by prefix, phone): an order's tokens follow its
 * edits, and its shipments are read on their order index.
 */
async function byOrder(search: string): Promise<ShipmentItem[]> {
  const orderIds = await Order.idsFound(search, ORDER_KINDS);
  const tenantId = useTenantID();
  const ofOrders = await Promise.all(
    orderIds.map((orderId) => ShipmentEntity.query.byOrder({ tenantId, orderId }).go({ pages: "all" })),
  );
  return ofOrders.flatMap(({ data }) => data);
}

/** Every shipment the search box value finds, newest printed first (the caller filters, then keeps SEARCH_RESULTS). */
export async function search(text: string): Promise<ShipmentItem[]> {
  const value = text.trim();
  if (!value) return [];
  const tenantId = useTenantID();
  const [numbered, ofOrders] = await Promise.all([byTrackingNumber(value), byOrder(value)]);
  const known = new Set(ofOrders.map((s) => s.shipmentId));
  const missing = [...new Set(numbered)].filter((id) => !known.has(id));
  // Through batchGet: keys DynamoDB leaves unprocessed are asked again, not silently dropped.
  const byNumber = await batchGet(
    missing.map((shipmentId) => ({ tenantId, shipmentId })),
    (keys) => ShipmentEntity.get(keys).go(),
  );
  return [...ofOrders, ...byNumber].sort((a, b) =>
    a.printedAt < b.printedAt ? 1 : a.printedAt > b.printedAt ? -1 : 0,
  );
}
