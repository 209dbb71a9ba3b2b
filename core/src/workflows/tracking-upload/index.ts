export { STANDARD_BUCKET, stateOf as budgetOf } from "./budget";
export {
  afterLabelsIssued,
  BulkRequest,
  failPart,
  JobStatus,
  jobStatus,
  NOTHING_TO_UPLOAD,
  requestUpload,
  runPart,
} from "./bulk";
export * as TrackingUpload from "./index";
export { checkPartMessage, type UploadPartVerdict } from "./part-check";
export { trackingCompanies } from "./shopify";
export {
  MAX_SHIPMENTS,
  PART_SIZE,
  Result,
  SingleRequest,
  STALE_AFTER_MS,
  type UploadOptions,
  uploadOne,
} from "./single";
