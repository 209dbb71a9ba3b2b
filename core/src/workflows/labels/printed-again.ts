import { useTenantID } from "../../actor";
import type { LabelParcel } from "../../carriers/label";
import { Order } from "../../entities/order";
import { batchGet } from "../../entities/records";
import { ShipmentEntity } from "../../entities/shipment/entity";
import type { PartContext } from "./batch";
import { batchDay, isLabelShipment, toParcel } from "./label-parcel";
import { asPrinted } from "./printed";

/**
 * The labels of these shipments drawn again as they were printed, in the order given,
 * leaving out those cancelled since: a part drawn again after a cancel, and the batch's
 * combined files. A shipment that kept no printed content (printed before it was kept)
 * is drawn from its order, with the batch's day as its 出荷日.
 */
export async function printedAgain(
  shipmentIds: string[],
  batch: { createdAt: string; context: PartContext },
): Promise<LabelParcel[]> {
  const tenantId = useTenantID();
  const shipments = await batchGet(
    shipmentIds.map((shipmentId) => ({ tenantId, shipmentId })),
    (keys) => ShipmentEntity.get(keys).go({ consistent: true }),
  );
  const byId = new Map(shipments.map((s) => [s.shipmentId, s]));
  const live = shipmentIds.flatMap((id) => {
    const s = byId.get(id);
    return s && s.status !== "cancelled" && isLabelShipment(s) ? [s] : [];
  });
  // An order gone since (erased) prints nothing again, even where its label was kept.
  const orders = await Order.findMany([...new Set(live.map((s) => s.orderId))]);
  const parcels: LabelParcel[] = [];
  for (const shipment of live) {
    const order = orders.get(shipment.orderId);
    if (!order) continue;
    const kept = asPrinted(shipment);
    if (kept) {
      parcels.push(kept);
      continue;
    }
    const delivery = Order.deliveryFor(order, shipment.carrier, batch.context.items);
    parcels.push(
      toParcel(
        shipment,
        order,
        await batch.context.senderOf(order),
        delivery.success ? delivery.data : {},
        batchDay(batch.createdAt),
      ),
    );
  }
  return parcels;
}
