import { type EntityItem, Service } from "electrodb";
import { keyString, tenantIndex } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { jobAttributes, jobChildAttributes, jobChildIndex, jobIndex } from "../../db/job";
import { builtOnFirstUse } from "../../util/built-on-first-use";
import { ShipmentEntity } from "../shipment/entity";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                          |
 * | byId    | primary | tenantId     | jobId        | GET /api/shipments/upload_tracking_numbers/{id}  |
 *
 * A bulk tracking upload (the job shape, db/job.ts; kind `upload`): `total` shipments
 * in parts of PART_SIZE on the tracking-upload queue; `done` and `failed` count the
 * shipments with a result, each added once, in the transaction that creates that
 * shipment's result.
 */
export const UploadJobEntity = defineEntity("trackingUploadJob", {
  attributes: {
    ...jobAttributes(["upload"]),
    parts: { type: "number", required: true, readOnly: true },
    /** Per part, a digest of its message's shipment ids (workflows/tracking-upload/part-check.ts); absent on jobs started before it was kept. */
    partDigests: { type: "list", items: { type: "string" }, readOnly: true },
  },
  indexes: { byId: jobIndex() },
});
export type UploadJobItem = EntityItem<typeof UploadJobEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite      | used by                        |
 * | byJob   | primary | tenantId     | jobId, shipmentId | a job's per-shipment results   |
 *
 * Created once per shipment of a job (`attribute_not_exists`), with the job's count.
 * An order of an `order_ids` request with nothing to upload has its result under its
 * order id in `shipmentId` (the key of what the result is about).
 */
export const UploadResultEntity = defineEntity("trackingUploadResult", {
  attributes: {
    ...jobChildAttributes,
    shipmentId: keyString,
    ok: { type: "boolean", required: true },
    orderId: { type: "string" },
    orderNumber: { type: "string" },
    trackingNumber: { type: "string" },
    /** Japanese, for the merchant. */
    error: { type: "string" },
    at: { type: "string", required: true },
  },
  indexes: { byJob: jobChildIndex("shipmentId") },
});
export type UploadResultItem = EntityItem<typeof UploadResultEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                        |
 * | byShop  | primary | tenantId     | shopId       | every tracking-upload consumer of one shop     |
 *
 * A shop's rate budget, shared by all consumers (workflows/tracking-upload/budget.ts): the platform's
 * leaky bucket as the time `tat` (epoch ms) at which it would be full again, moved on
 * by each take with an atomic ADD; `capacity` points refilled at `rate` a second.
 */
export const RateBudgetEntity = defineEntity("rateBudget", {
  attributes: {
    tenantId: keyString,
    shopId: keyString,
    tat: { type: "number", required: true },
    capacity: { type: "number", required: true },
    rate: { type: "number", required: true },
  },
  indexes: {
    byShop: tenantIndex("shopId"),
  },
});
export type RateBudgetItem = EntityItem<typeof RateBudgetEntity>;

/** What an upload writes together: the shipments of one attempt, and a job's result with its count. */
export const UploadDatabase = builtOnFirstUse(
  () =>
    new Service({
      shipment: ShipmentEntity,
      uploadJob: UploadJobEntity,
      uploadResult: UploadResultEntity,
    }),
);
