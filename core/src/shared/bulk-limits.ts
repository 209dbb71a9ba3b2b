/**
 * The most items each bulk action takes in one request. Each action's own input schema
 * refuses more; the order list offers them to "select all" (GET /api/orders/ids `limits`),
 * which reads them here rather than from the actions, whose code it does not need.
 */
export const BULK_LIMITS = {
  /** Orders per label batch (issue or reissue). */
  labels: 1000,
  /** Orders per carrier file. */
  export: 1000,
  /** Shipments per tracking-number upload to the shops. */
  upload: 1000,
} as const;
