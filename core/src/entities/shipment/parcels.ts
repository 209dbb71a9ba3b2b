import { useTenantID } from "../../actor";
import { Order } from "../order";
import { OrderEntity } from "../order/entity";
import { batchGet } from "../records";
import type { TransactionEntities } from "../service";
import { LiveParcelEntity, ShipmentEntity } from "./entity";

/** How a write changes the order's live tracking numbers (OrderItem.liveNumbers). */
export type LiveNumbersChange =
  | { add: string[] }
  | { remove: string[] }
  /** The whole set, read under the shippingRev the write conditions on (a typed number replaced). */
  | { replace: string[] };

/**
 * The order's label summary (Order.labelsOf: 送り状発行済み in the list and the drawer),
 * as one item of the transaction that issues (`live` > 0), reissues (0) or cancels (< 0)
 * its labels, so it never disagrees with the live labels. `typed` moves with `live` for
 * the numbers typed by hand (手入力): nothing was printed for them, and the badge says so.
 * `numbers` moves the live tracking numbers with them.
 */
export function labelSummary(
  entities: TransactionEntities,
  order: { orderId: string },
  change: { live: number; at?: string; seenRev?: number; typed?: number; numbers?: LiveNumbersChange },
) {
  const { live, at, seenRev, typed = 0, numbers } = change;
  const added = numbers && "add" in numbers ? numbers.add.filter(Boolean) : [];
  const removed = numbers && "remove" in numbers ? numbers.remove.filter(Boolean) : [];
  const replaced = numbers && "replace" in numbers ? numbers.replace.filter(Boolean) : undefined;
  let patch = entities.order.patch({ tenantId: useTenantID(), orderId: order.orderId }).add({
    labelsLive: live,
    labelsTyped: typed,
    shippingRev: 1,
    ...(added.length ? { liveNumbers: added } : {}),
  });
  if (removed.length) patch = patch.delete({ liveNumbers: removed });
  // DynamoDB keeps no empty set: a write that leaves none removes the attribute.
  if (replaced)
    patch = replaced.length ? patch.set({ liveNumbers: replaced }) : patch.remove(["liveNumbers"]);
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
