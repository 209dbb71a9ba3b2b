import type { EntityItem } from "electrodb";
import { keyString, tenantIndex } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { jobAttributes, jobIndex } from "../../db/job";

/**
 * Access patterns
 * | pattern     | index   | pk composite | sk composite | used by                                      |
 * | byReference | primary | tenantId     | reference    | an issued-data file's お客様管理番号 → order |
 *
 * Written when an order goes into a carrier file (the reference is derived from the
 * order id, so writing it again changes nothing); the import finds the order by it
 * without a scan.
 */
export const ExportRefEntity = defineEntity("exportRef", {
  attributes: {
    tenantId: keyString,
    reference: keyString,
    orderId: { type: "string", required: true, readOnly: true },
    format: { type: "string", required: true },
  },
  indexes: {
    byReference: tenantIndex("reference"),
  },
});
export type ExportRefItem = EntityItem<typeof ExportRefEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                      |
 * | byId    | primary | tenantId     | jobId        | GET /api/exports/{export_id} |
 *
 * An export too large to make during the request (more than QUEUE_ABOVE orders), in the
 * job shape (db/job.ts; kind `export`, `jobId` is the export id): the selection, its
 * progress while the export-job consumer reads the orders, and at the end the file's key
 * and which orders went in or were left out. That list is kept gzipped (`outcome`): a
 * thousand excluded orders with Japanese reasons would otherwise come near DynamoDB's
 * 400 KB item limit.
 */
export const ExportJobEntity = defineEntity("exportJob", {
  attributes: {
    ...jobAttributes(["export"]),
    format: { type: "string", required: true, readOnly: true },
    orderIds: { type: "list", items: { type: "string" }, required: true, readOnly: true },
    /** Orders labelled, exported or shipped before go in too (a re-export the merchant asked for). */
    again: { type: "boolean", readOnly: true },
    /** The file's date and 出力済み time: a delivery run again writes the same file. */
    requestedAt: { type: "string", required: true, readOnly: true },
    status: { type: ["running", "done", "failed"] as const, required: true, default: "running" },
    filename: { type: "string" },
    /** The file in S3; absent when no order could go into it. */
    fileKey: { type: "string" },
    /** gzip+base64 of `{ included, excluded }` (the API's shape). */
    outcome: { type: "string" },
    error: { type: "string" },
  },
  indexes: { byId: jobIndex() },
});
export type ExportJobItem = EntityItem<typeof ExportJobEntity>;
