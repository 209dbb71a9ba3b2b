/**
 * Shipment values shared by the API, the entity and the screens (browser-safe): the
 * states of a parcel's label and where its number came from, with their Japanese names.
 */

export const shipmentStatuses = ["issued", "isShipped", "cancelled"] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

export const shipmentStatusLabels: Record<ShipmentStatus, string> = {
  issued: "発行済み",
  isShipped: "発送済み",
  cancelled: "取消済み",
};

/** label: printed by this app; import: issued by the carrier's software; manual: typed by the merchant. */
export const shipmentSources = ["label", "import", "manual"] as const;
export type ShipmentSource = (typeof shipmentSources)[number];

export const shipmentSourceLabels: Record<ShipmentSource, string> = {
  label: "Okuruで発行",
  import: "発行済みデータ取込",
  manual: "手入力",
};
