import { loadLater } from "../../lib/load-later";
import type { PrintedDatesFieldProps } from "./PrintedDatesField";

/**
 * What 出荷履歴 shows only on a click: the shipment's drawer, the dialogs, a row's menu and
 * the calendar of 発行日. Their forms, schemas, job progress and popovers come after the
 * list is drawn (prefetched when the browser is idle), or at once when reached before that.
 * The tracking upload's dialog and the 印刷開始位置 picker are the order list's
 * (order-list-later.ts).
 */
export const shipmentDrawer = loadLater(() =>
  import("./ShipmentDrawer").then((module) => module.ShipmentDrawer),
);
export const reissueModal = loadLater(() => import("./ReissueModal").then((module) => module.ReissueModal));
export const cancelShipmentsModal = loadLater(() =>
  import("./CancelShipmentsModal").then((module) => module.CancelShipmentsModal),
);
export const shipmentRowMenu = loadLater(() =>
  import("./ShipmentRowMenu").then((module) => module.ShipmentRowMenu),
);
export const printedDatesField = loadLater<PrintedDatesFieldProps>(() =>
  import("./PrintedDatesField").then((module) => module.PrintedDatesField),
);
