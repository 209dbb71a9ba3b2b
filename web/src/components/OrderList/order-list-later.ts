import { loadLater } from "../../lib/load-later";

/**
 * The order list's dialogs and the selection bar's menus, which only a click opens: their
 * forms, job progress, summaries and menus come after the list is drawn (prefetched when
 * the browser is idle).
 */
export const labelIssueModal = loadLater(() =>
  import("./LabelIssueModal").then((module) => module.LabelIssueModal),
);
export const trackingUploadModal = loadLater(() =>
  import("../TrackingUpload/TrackingUploadModal").then((module) => module.TrackingUploadModal),
);
export const exportModal = loadLater(() => import("./ExportModal").then((module) => module.ExportModal));
export const bulkDeliveryModal = loadLater(() =>
  import("./BulkDeliveryModal").then((module) => module.BulkDeliveryModal),
);
export const selectionMenu = loadLater(() =>
  import("./SelectionMenu").then((module) => module.SelectionMenu),
);
export const startPositionPicker = loadLater(() =>
  import("../LabelBatch/StartPosition").then((module) => module.StartPositionPicker),
);
