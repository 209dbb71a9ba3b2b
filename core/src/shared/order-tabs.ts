import { labelled } from "./labelled";

/**
 * An order's shipment statuses and the order list's tabs, in a module without schemas: the
 * web app's routes read them before any page is drawn, and a module goes whole into the
 * chunk that needs it (order.ts would bring zod and the phone metadata to every first screen).
 */
const statuses = labelled({
  notShipped: "未発送",
  partiallyShipped: "一部発送",
  shipped: "発送済み",
  cancelled: "キャンセル",
  archived: "アーカイブ",
});
export const shipmentStatuses = statuses.values;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** The tabs of the order list: the five shipment statuses plus the errors across them. */
export const { values: orderTabs, labels: orderTabLabels } = labelled({
  ...statuses.labels,
  error: "エラー",
});
export type OrderTab = (typeof orderTabs)[number];
