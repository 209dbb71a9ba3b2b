import { useTenantID } from "../../actor";
import type { OrderItem } from "../../entities/order/entity";
import { Database } from "../../entities/service";
import { type ShipmentItem, TrackingClaimEntity } from "../../entities/shipment/entity";
import { find, get } from "../../entities/shipment/index";
import { labelSummary, parcelState } from "../../entities/shipment/parcels";
import type { Carrier } from "../../shared/brand";
import { idFor } from "../../util/id";

// ---------------------------------------------------------------------------
// Numbers from the carrier's own software (the issued-data import)

export type ImportOutcome =
  | { state: "created"; shipment: ShipmentItem }
  | { state: "unchanged"; shipmentId: string }
  | { state: "rejected"; reason: string };

/**
 * Records a number the carrier's software issued for an order: a shipment from the
 * import, the order's next parcel, the number claimed for good. The same number for
 * the same order again is unchanged (importing a file twice changes nothing); a
 * number another order holds is refused.
 */
export async function recordImported(input: {
  order: OrderItem;
  carrier: Carrier;
  carrierAccountId: string;
  trackingNumber: string;
  importId: string;
  parcels: number;
  createdBy: string | null;
}): Promise<ImportOutcome> {
  const tenantId = useTenantID();
  const { order, carrier, trackingNumber } = input;
  const claimed = async (): Promise<ImportOutcome | undefined> => {
    const { data: claim } = await TrackingClaimEntity.get({ tenantId, carrier, trackingNumber }).go();
    if (!claim) return undefined;
    const holder = await find(claim.shipmentId);
    return holder?.orderId === order.orderId
      ? { state: "unchanged", shipmentId: claim.shipmentId }
      : { state: "rejected", reason: "この追跡番号は別の注文の出荷に登録済みです。" };
  };
  // Two numbers for one order at once (a file with two rows for it, two imports) race for
  // its next parcel; the loser reads the order again and takes the slot after.
  for (let round = 0; round < 5; round += 1) {
    const before = await claimed();
    if (before) return before;
    const { rev, nextParcel: parcel } = await parcelState(order.orderId);
    const now = new Date().toISOString();
    const shipment = {
      tenantId,
      shipmentId: idFor("shipment", Date.now(), `${carrier}|${trackingNumber}`),
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      carrier,
      carrierAccountId: input.carrierAccountId,
      trackingNumber,
      parcel,
      parcels: Math.max(input.parcels, parcel),
      labelId: input.importId,
      status: "issued" as const,
      source: "import" as const,
      printedAt: now,
      history: [{ action: "import" as const, userId: input.createdBy, at: now }],
      isError: false,
    };
    const result = await Database.transaction
      .write((entities) => [
        entities.trackingClaim
          .create({ tenantId, carrier, trackingNumber, shipmentId: shipment.shipmentId })
          .commit(),
        entities.shipment.create(shipment).commit(),
        entities.liveParcel
          .create({ tenantId, orderId: order.orderId, parcel, shipmentId: shipment.shipmentId })
          .commit(),
        labelSummary(entities, order, {
          live: 1,
          at: now,
          seenRev: rev,
          numbers: { add: [trackingNumber] },
        }).commit(),
      ])
      .go();
    if (!result.canceled) return { state: "created", shipment: await get(shipment.shipmentId) };
  }
  return (
    (await claimed()) ?? {
      state: "rejected",
      reason: "他の操作と競合しました。もう一度取り込んでください。",
    }
  );
}
