import type { LabelParcel, LabelParty } from "../../carriers/label";
import type { OrderItem } from "../../entities/order/entity";
import type { ShipmentItem } from "../../entities/shipment/entity";
import type { Carrier } from "../../shared/brand";
import { japanPostCoolTypes, sagawaCoolTypes, type TimeSlot, yamatoCoolTypes } from "../../shared/delivery";

export const coolWords: Record<Carrier, Record<string, string>> = {
  yamato: yamatoCoolTypes,
  sagawa: sagawaCoolTypes,
  japan_post: japanPostCoolTypes,
};

/** A shipment with a printed label: one of the label carriers (a manual `sss` one has none). */
type LabelShipment = ShipmentItem & { carrier: Carrier };
export const isLabelShipment = (s: ShipmentItem): s is LabelShipment => s.carrier !== "sss";

export function toParcel(
  shipment: LabelShipment,
  order: OrderItem,
  sender: LabelParty,
  delivery: Record<string, unknown>,
): LabelParcel {
  const customer = order.customer;
  const cool = String(delivery.cool_type ?? "0");
  return {
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    parcelIndex: shipment.parcel,
    parcelCount: shipment.parcels,
    orderNumber: order.orderNumber,
    recipient: { ...customer, company: customer.company ?? "", address2: customer.address2 ?? "" },
    sender,
    itemName: String(delivery.item_name ?? ""),
    handling1: String(delivery.handling1 ?? ""),
    handling2: String(delivery.handling2 ?? ""),
    shipDate: (delivery.ship_date as string | null) ?? null,
    deliveryDate: (delivery.delivery_date as string | null) ?? null,
    timeSlot: (delivery.time_slot as TimeSlot) ?? "",
    // Cash is collected once per order: on the first parcel's label.
    codAmount: shipment.parcel === 1 ? ((delivery.cod_amount as number | null) ?? null) : null,
    coolType: cool === "0" ? null : (coolWords[shipment.carrier][cool] ?? null),
  };
}
