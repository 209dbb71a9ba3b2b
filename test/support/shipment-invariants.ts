import { OrderEntity, type OrderItem } from "../../core/src/entities/order/entity";
import {
  LiveParcelEntity,
  ShipmentEntity,
  type ShipmentItem,
  TrackingClaimEntity,
} from "../../core/src/entities/shipment/entity";

/**
 * Reads every shipment, number claim, live parcel and order of a company straight from
 * the table and lists each broken promise of the shipment model, in words (an empty
 * list when all hold):
 * - a live shipment's number is claimed, and the claim names that shipment;
 * - no number is live on two shipments;
 * - each live parcel names a live shipment of its order and parcel, and each live
 *   shipment holds its parcel;
 * - an order has at most one live typed (`manual`) number, the one its `sss` delivery
 *   names, and none when its delivery is not `sss`;
 * - the order's label summary counts its live parcels, and keeps their numbers.
 * Run after every race, over the whole company.
 */
export async function shipmentViolations(tenantId: string): Promise<string[]> {
  const [shipments, claims, parcels, orders] = await Promise.all([
    ShipmentEntity.query.byId({ tenantId }).go({ pages: "all", consistent: true }),
    TrackingClaimEntity.query.byNumber({ tenantId }).go({ pages: "all", consistent: true }),
    LiveParcelEntity.query.byOrder({ tenantId }).go({ pages: "all", consistent: true }),
    OrderEntity.query.byId({ tenantId }).go({ pages: "all", consistent: true }),
  ]);
  const problems: string[] = [];
  const byId = new Map(shipments.data.map((s) => [s.shipmentId, s]));
  const live = shipments.data.filter((s) => s.status !== "cancelled");
  const claimOf = new Map(claims.data.map((c) => [`${c.carrier}|${c.trackingNumber}`, c.shipmentId]));

  const liveByNumber = new Map<string, ShipmentItem[]>();
  for (const s of live) {
    const key = `${s.carrier}|${s.trackingNumber}`;
    liveByNumber.set(key, [...(liveByNumber.get(key) ?? []), s]);
    if (claimOf.get(key) !== s.shipmentId)
      problems.push(`live ${s.shipmentId} (${key}) is not the holder of its claim (${claimOf.get(key)})`);
  }
  for (const [key, holders] of liveByNumber)
    if (holders.length > 1) problems.push(`${key} is live on ${holders.map((s) => s.shipmentId).join(", ")}`);

  const parcelKey = (orderId: string, parcel: number) => `${orderId}#${parcel}`;
  const parcelOf = new Map(parcels.data.map((p) => [parcelKey(p.orderId, p.parcel), p.shipmentId]));
  for (const p of parcels.data) {
    const s = byId.get(p.shipmentId);
    if (!s || s.status === "cancelled" || s.orderId !== p.orderId || s.parcel !== p.parcel)
      problems.push(
        `parcel ${parcelKey(p.orderId, p.parcel)} names ${p.shipmentId}, not a live shipment of it`,
      );
  }
  for (const s of live)
    if (parcelOf.get(parcelKey(s.orderId, s.parcel)) !== s.shipmentId)
      problems.push(`live ${s.shipmentId} does not hold parcel ${parcelKey(s.orderId, s.parcel)}`);

  for (const order of orders.data as OrderItem[]) {
    const mine = live.filter((s) => s.orderId === order.orderId);
    const manual = mine.filter((s) => s.source === "manual");
    const delivery = order.delivery as { carrier?: string; tracking_number?: string } | undefined;
    if (manual.length > 1) problems.push(`order ${order.orderId} has ${manual.length} live typed numbers`);
    if (manual.length && delivery?.carrier !== "sss")
      problems.push(
        `order ${order.orderId} has a live typed number but its delivery is ${delivery?.carrier}`,
      );
    if (manual.length === 1 && manual[0]!.trackingNumber !== delivery?.tracking_number)
      problems.push(
        `order ${order.orderId}: live typed ${manual[0]!.trackingNumber}, delivery ${delivery?.tracking_number}`,
      );
    const counted = parcels.data.filter((p) => p.orderId === order.orderId).length;
    if ((order.labelsLive ?? 0) !== counted)
      problems.push(`order ${order.orderId} counts ${order.labelsLive ?? 0} live labels, has ${counted}`);
    const kept = [...(order.liveNumbers ?? [])].sort().join(",");
    const shipped = [...new Set(mine.map((s) => s.trackingNumber).filter(Boolean))].sort().join(",");
    if (kept !== shipped)
      problems.push(`order ${order.orderId} keeps numbers [${kept}], its live shipments [${shipped}]`);
  }
  return problems;
}
