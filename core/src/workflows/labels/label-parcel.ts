import type { LabelParcel, LabelParty } from "../../carriers/label";
import type { OrderItem } from "../../entities/order/entity";
import type { ShipmentItem } from "../../entities/shipment/entity";
import type { Carrier } from "../../shared/brand";
import { jstToday } from "../../shared/dates";
import { japanPostCoolTypes, sagawaCoolTypes, type TimeSlot, yamatoCoolTypes } from "../../shared/delivery";

export const coolWords: Record<Carrier, Record<string, string>> = {
  yamato: yamatoCoolTypes,
  sagawa: sagawaCoolTypes,
  japan_post: japanPostCoolTypes,
};

/** A shipment with a printed label: one of the label carriers (a manual `sss` one has none). */
type LabelShipment = ShipmentItem & { carrier: Carrier };
export const isLabelShipment = (s: ShipmentItem): s is LabelShipment => s.carrier !== "sss";

/** The 出荷日 of a batch's labels that name none: the day in Japan the merchant asked for them. */
export const batchDay = (createdAt: string) => jstToday(new Date(createdAt));

/**
 * One label's contents. `today` (YYYY-MM-DD, Japan) is the 出荷日 printed when the delivery
 * names none: the caller passes the day of the batch, so drawing a part again prints the
 * same date.
 */
export function toParcel(
  shipment: Pick<LabelShipment, "carrier" | "trackingNumber" | "parcel" | "parcels">,
  order: Pick<OrderItem, "orderNumber" | "customer">,
  sender: LabelParty,
  delivery: Record<string, unknown>,
  today: string,
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
    shipDate: (delivery.ship_date as string | null) || today,
    deliveryDate: (delivery.delivery_date as string | null) ?? null,
    timeSlot: (delivery.time_slot as TimeSlot) ?? "",
    // Cash is collected once per order: on the first parcel's label.
    codAmount: shipment.parcel === 1 ? ((delivery.cod_amount as number | null) ?? null) : null,
    coolType: cool === "0" ? null : (coolWords[shipment.carrier][cool] ?? null),
  };
}
