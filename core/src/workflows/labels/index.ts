export { FIRST_PART_SIZE, failPart, MAX_ORDERS, PART_SIZE } from "./batch";
export { CancelMany, cancel, cancelMany } from "./cancel";
export * as Labels from "./index";
export { IssueRequest, requestLabels } from "./issue";
export { MAX_PARCELS, runPart } from "./issue-part";
export { checkPartMessage, type PartVerdict } from "./part-check";
export { ReissueRequest, requestReissue, runReissuePart } from "./reissue";
export { BatchStatus, batchStatus, type IssuedPart, type PartShipments, partShipments } from "./status";
export { bulkUpdateOrders, resetDelivery, syncManual, syncManualOf, updateDelivery } from "./typed-numbers";
