export { FIRST_PART_SIZE, MAX_ORDERS, PART_SIZE } from "./batch";
export { CancelMany, cancel, cancelMany } from "./cancel";
export { combinedCurrent, combineRequest, partsVersion } from "./combined";
export * as Labels from "./index";
export { IssueRequest, requestLabels } from "./issue";
export { ReissueRequest, requestReissue } from "./reissue";
export { awaitsRendering, renderRequest } from "./rendering";
export { BatchStatus, batchStatus, type IssuedPart, type PartShipments, partShipments } from "./status";
export { bulkUpdateOrders, resetDelivery, syncManual, syncManualOf, updateDelivery } from "./typed-numbers";
