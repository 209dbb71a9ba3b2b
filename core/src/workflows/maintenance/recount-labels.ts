import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { OrderEntity } from "../../entities/order/entity";
import { LiveParcelEntity } from "../../entities/shipment/entity";
import { parcelState } from "../../entities/shipment/parcels";
import { NotFoundError } from "../../error";
import { mapLimited } from "../../util/concurrency";

/**
 * An operator's repair of the label summary the order list reads (labelsLive, labelsTyped,
 * liveNumbers) from what the shipments say, for orders labelled before a part of that
 * summary was kept: a typed number from then counts as printed (送り状発行済み) and, once
 * cancelled, takes labelsTyped below zero; its numbers are read per order. Each order is
 * written under the shippingRev its live parcels were read at, so a label issued or
 * cancelled meanwhile wins and the order is read again. Running it twice changes nothing.
 */

/** Orders recounted at once. */
const AT_ONCE = 8;
const ATTEMPTS = 5;

export type RecountResult = { orders: number; corrected: number };

export async function recountLabels(): Promise<RecountResult> {
  const tenantId = useTenantID();
  // Every order with a live parcel, and every order whose summary says anything (a count
  // left at −1 by a cancel has no parcel).
  const [parcels, summarised] = await Promise.all([
    LiveParcelEntity.query.byOrder({ tenantId }).go({ pages: "all", attributes: ["orderId"] }),
    OrderEntity.query
      .byId({ tenantId })
      .where(
        (attr, op) =>
          `${op.exists(attr.labelsLive)} OR ${op.exists(attr.labelsTyped)} OR ${op.exists(attr.liveNumbers)}`,
      )
      .go({ pages: "all", attributes: ["orderId"] }),
  ]);
  const orderIds = [...new Set([...parcels.data, ...summarised.data].map((item) => item.orderId))];
  const corrected = await mapLimited(orderIds, AT_ONCE, recountOrder);
  return { orders: orderIds.length, corrected: corrected.filter(Boolean).length };
}

/** Whether the order's summary had to be corrected. */
async function recountOrder(orderId: string): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const state = await parcelState(orderId).catch((err: unknown) => {
      // Parcels of an order erased since: nothing of it is listed any more.
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (!state) return false;
    const { order, rev, live } = state;
    const want = {
      live: live.length,
      typed: live.filter((shipment) => shipment.source === "manual").length,
      numbers: [...new Set(live.map((shipment) => shipment.trackingNumber).filter(Boolean))].sort(),
    };
    const has = {
      live: order.labelsLive ?? 0,
      typed: order.labelsTyped ?? 0,
      numbers: [...(order.liveNumbers ?? [])].sort(),
    };
    if (JSON.stringify(want) === JSON.stringify(has)) return false;
    const patch = OrderEntity.patch({ tenantId: useTenantID(), orderId }).set({
      labelsLive: want.live,
      labelsTyped: want.typed,
    });
    // DynamoDB keeps no empty set.
    const numbered = want.numbers.length
      ? patch.set({ liveNumbers: want.numbers })
      : patch.remove(["liveNumbers"]);
    try {
      await numbered
        .where((attr, op) =>
          rev === 0
            ? `(${op.notExists(attr.shippingRev)} OR ${op.eq(attr.shippingRev, 0)})`
            : op.eq(attr.shippingRev, rev),
        )
        .go({ response: "none" });
      return true;
    } catch (err) {
      if (!isConditionalFailure(err) || attempt >= ATTEMPTS) throw err;
    }
  }
}
