import { type DeliveryCarrier, deliveryCarrierLabels } from "./carrier-names";
import { labelled } from "./labelled";
import { formatTrackingNumber, parcelCarriers } from "./tracking-number";
/**
 * Shipment values shared by the API, the entity and the screens (browser-safe): the
 * states of a parcel's label and where its number came from, with their Japanese names.
 */

export const { values: shipmentStatuses, labels: shipmentStatusLabels } = labelled({
  issued: "発行済み",
  isShipped: "発送済み",
  cancelled: "取消済み",
});
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** The carriers a shipment can have: the label carriers, and `sss` (another carrier, typed by the merchant). */
export const shipmentCarriers = [...parcelCarriers, "sss"] as const;
export type ShipmentCarrier = (typeof shipmentCarriers)[number];

/** label: printed by this app; import: issued by the carrier's software; manual: typed by the merchant (an `sss` delivery). */
export const { values: shipmentSources, labels: shipmentSourceLabels } = labelled({
  label: "Okuruで発行",
  import: "発行済みデータ取込",
  manual: "手入力",
});
export type ShipmentSource = (typeof shipmentSources)[number];

/** The number as the merchant reads it: a label carrier's grouped 4-4-4, a typed (手入力) number as typed. */
export const shipmentNumberText = (shipment: { source: ShipmentSource; trackingNumber: string }) =>
  shipment.source === "manual" ? shipment.trackingNumber : formatTrackingNumber(shipment.trackingNumber);

/** The carrier as the merchant reads it: the name typed for another carrier (sss), else ours. */
export const shipmentCarrierText = (shipment: { carrier: DeliveryCarrier; carrierName?: string | null }) =>
  shipment.carrierName || deliveryCarrierLabels[shipment.carrier];
