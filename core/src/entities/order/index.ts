export { type BulkResult, BulkUpdate, bulkUpdate } from "./bulk";
export { type OrderChanges, orderChanges } from "./change-marker";
export {
  applyReplacement,
  CustomerUpdate,
  type DeliveryCarrier,
  deliveryCarriers,
  Replacement,
  resetDelivery,
  SenderUpdate,
  updateCustomer,
  updateDelivery,
  updateSender,
} from "./edits";
export { deleteShopOrders, ERASED_ISSUE, erasePeople, idsOfPlatformOrders } from "./erasure";
export { type UpsertResult, upsertFromShop, upsertPage } from "./from-shop";
export * as Order from "./index";
export {
  carrierIssues,
  type Judge,
  type JudgementContext,
  judgedErrors,
  loadJudge,
  MAX_PARCELS,
  recordJudgement,
  withStoredIssues,
} from "./judgement";
export {
  blockingIssues,
  brandItemDefaults,
  claimForExport,
  deliveryFor,
  itemDefaultsOf,
  OTHER_CARRIER_REASON,
  referenceOf,
  releaseExport,
  type ShippingCarrier,
  senderResolver,
  shippingCarrier,
} from "./label-data";
export {
  type CarrierChoice,
  carrierChoices,
  fallbackCarrier,
  type LabelState,
  labelStates,
} from "./list-filters";
export { idOf, newOrderItem } from "./new-item";
export {
  counts,
  find,
  findMany,
  get,
  ids,
  idsFound,
  ListQuery,
  list,
  notFound,
  SEARCH_RESULTS,
} from "./reads";
export { rejudgeOpenOrders } from "./rejudge";
export { reindexEveryCompany, reindexSearch } from "./search-reindex";
/**
 * Orders: their stored shape and its wire form, reads and tab counts, what a shop sync
 * writes, the merchant's edits, the shipping status a label or an upload moves, and erasure.
 */
export {
  Info,
  LABEL_ISSUE_FIELD,
  OrderIssue,
  type ShipmentStatus,
  ShopOrderWrite,
  StoredLineItem,
  StoredPerson,
  serialize,
  shipmentStatuses,
  type Tab,
  tabs,
  UPLOAD_ISSUE_FIELD,
} from "./shapes";
export { recordLabelIssue, recordUpload } from "./shipping-status";
export { OrderUpdate as Update, updateOrder } from "./update";
