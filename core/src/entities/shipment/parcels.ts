import { useTenantID } from "../../actor";
import { Order } from "../order";
import { OrderEntity } from "../order/entity";
import { batchGet } from "../records";
import type { TransactionEntities } from "../service";
import { LiveParcelEntity, ShipmentEntity } from "./entity";

/**
 * The order's label summary (Order.labelsOf: 送り状発行済み in the list and the drawer),
 * as one item of the transaction that issues (`live` > 0), reissues (0) or cancels (< 0)
 * its labels, so it never disagrees with the live labels. `typed` moves with `live` for
 * the numbers typed by hand (手入力): nothing was printed for them, and the badge says so.
 */
export function labelSummary(
  entities: TransactionEntities,
  order: { orderId: string },
  live: number,
  at?: string,
  seenRev?: number,
  typed = 0,
) {
  const patch = entities.order
    .patch({ tenantId: useTenantID(), orderId: order.orderId })
    .add({ labelsLive: live, labelsTyped: typed, shippingRev: 1 });
  const stamped = at ? patch.set({ labelsIssuedAt: at }) : patch;
  // A slot or typed number chosen from a read holds only while nothing changed since that read.
  return seenRev === undefined
    ? stamped
    : stamped.where((attr, op) =>
        seenRev === 0
          ? `(${op.notExists(attr.shippingRev)} OR ${op.eq(attr.shippingRev, 0)})`
          : op.eq(attr.shippingRev, seenRev),
      );
}

/**
 * What decides an order's next parcel slot, read in the order that makes a stale read
 * fail its write rather than win: the order (its shippingRev) first, then its live
 * parcels and their shipments, each read strongly consistent.
 */
export async function parcelState(orderId: string) {
  const tenantId = useTenantID();
  const { data: order } = await OrderEntity.get({ tenantId, orderId }).go({ consistent: true });
  if (!order) throw Order.notFound();
  const { data: parcels } = await LiveParcelEntity.query
    .byOrder({ tenantId, orderId })
    .go({ pages: "all", consistent: true });
  const shipments = parcels.length
    ? await batchGet(
        parcels.map((p) => ({ tenantId, shipmentId: p.shipmentId })),
        (keys) => ShipmentEntity.get(keys).go({ consistent: true }),
      )
    : [];
  return {
    order,
    rev: order.shippingRev ?? 0,
    nextParcel: parcels.reduce((max, p) => Math.max(max, p.parcel), 0) + 1,
    live: shipments.sort((a, b) => a.parcel - b.parcel),
  };
}
