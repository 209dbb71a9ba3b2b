import type { Shipment } from "./api";

/** A shipment status badge's colour, in the order drawer and 出荷履歴 alike. */
export const shipmentStatusColors: Readonly<Record<Shipment["status"], string>> = {
  issued: "blue",
  isShipped: "teal",
  cancelled: "gray",
};
