import { CustomAttributeType, type EntityItem } from "electrodb";
import type { LabelParcel } from "../../carriers/label";
import { keyString, secondaryIndex, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { jobAttributes, jobChildAttributes, jobChildIndex, jobIndex } from "../../db/job";
import type { Carrier } from "../../shared/brand";
import { shipmentCarriers, shipmentSources, shipmentStatuses } from "../../shared/shipment";

const carrier = {
  type: shipmentCarriers,
  required: true,
  readOnly: true,
} as const;

/** One step in a shipment's life and who took it (null: the system, e.g. a shop's own fulfilment). */
export type HistoryEntry = {
  action: "issue" | "reissue" | "cancel" | "import" | "upload" | "manual";
  userId: string | null;
  at: string;
};

/** Why a shipment needs the merchant, in Japanese, on the field it concerns. */
export interface ShipmentIssue {
  field: string;
  message: string;
}

/** A line of the order a parcel carries, by the platform's line id. */
export interface ShipmentLine {
  platformLineItemId: string;
  quantity: number;
}

/** One PDF of a label part: one carrier's labels, with their own layout and paper. */
export interface LabelFile {
  carrier: Carrier;
  key: string;
  labels: number;
}

/**
 * Access patterns
 * | pattern   | index   | pk composite     | sk composite          | used by                                  |
 * | byId      | primary | tenantId         | shipmentId            | get, cancel, reissue                     |
 * | byStatus  | gsi1    | tenantId, status | printedAt, shipmentId | history tabs (`status=`), printed range  |
 * | byPrinted | gsi2    | tenantId         | printedAt, shipmentId | history without status                   |
 * | byOrder   | gsi3    | tenantId, orderId| shipmentId            | an order's shipments                     |
 *
 * One parcel with one tracking number. `labelId` is the batch that printed it last
 * (a reissue prints the same number under a new label id), the import it came from,
 * or "" for a `manual` one (an `sss` delivery's number typed by the merchant).
 */
export const ShipmentEntity = defineEntity("shipment", {
  attributes: {
    tenantId: keyString,
    shipmentId: keyString,
    orderId: keyString,
    orderNumber: { type: "string", required: true },
    carrier,
    /** The carrier account that numbered it; "" for a number the merchant typed (carrier `sss`). */
    carrierAccountId: { type: "string", required: true, readOnly: true },
    trackingNumber: { type: "string", required: true, readOnly: true },
    /** The delivery company the merchant typed, for carrier `sss` (sent to the shop as the tracking company). */
    carrierName: { type: "string", readOnly: true },
    /** 1-based parcel of the order, of `parcels`. */
    parcel: { type: "number", required: true, readOnly: true },
    parcels: { type: "number", required: true },
    labelId: { type: "string", required: true },
    status: { type: shipmentStatuses, required: true },
    source: { type: shipmentSources, required: true, readOnly: true },
    printedAt: { type: "string", required: true },
    /** Who issued, reissued and cancelled, and when: [{ action, userId?, at }]. */
    history: { type: CustomAttributeType<HistoryEntry[]>("any"), required: true },
    isError: { type: "boolean", required: true, default: false },
    errors: { type: CustomAttributeType<ShipmentIssue[]>("any") },
    /**
     * The tracking upload to the shop (core/src/upload): claimed `pending` with an
     * attempt id before the platform is called, `done` (with the platform's fulfilment
     * and the order status it reported) or `failed` (with the reason) after. Only the
     * attempt that claimed it may record its end, and a later attempt reads the
     * platform for our number first, so a crash in between never fulfils twice.
     */
    upload: {
      type: "map",
      properties: {
        state: { type: ["pending", "done", "failed"] as const, required: true },
        attemptId: { type: "string", required: true },
        startedAt: { type: "string", required: true },
        finishedAt: { type: "string" },
        fulfillmentId: { type: "string" },
        orderStatus: { type: "string" },
        error: { type: "string" },
      },
    },
    /**
     * What its label printed, as drawn last (workflows/labels/printed.ts): a reprint of the
     * number (送り状発行 of an order already labelled, a part drawn again after a cancel)
     * prints exactly this, so one number never stands for two versions of a label.
     * Absent on shipments labelled before it was kept, and on typed numbers.
     */
    printed: { type: CustomAttributeType<PrintedLabel>("any") },
    /** The order's lines this parcel carries when the merchant named them (a partial shipment): [{ platformLineItemId, quantity }]. */
    lineItems: { type: CustomAttributeType<ShipmentLine[]>("any") },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("shipmentId"),
    byStatus: secondaryIndex("gsi1", ["tenantId", "status"], ["printedAt", "shipmentId"]),
    byPrinted: secondaryIndex("gsi2", ["tenantId"], ["printedAt", "shipmentId"]),
    byOrder: secondaryIndex("gsi3", ["tenantId", "orderId"], ["shipmentId"]),
  },
});
export type ShipmentItem = EntityItem<typeof ShipmentEntity>;

/** A label's content without what the shipment itself holds (carrier, number, parcel of parcels). */
export type PrintedLabel = Omit<LabelParcel, "carrier" | "trackingNumber" | "parcelIndex" | "parcelCount">;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite    | used by                                        |
 * | byOrder | primary | tenantId     | orderId, parcel | the one live label of each parcel of an order  |
 *
 * Created with `attribute_not_exists` in the transaction that creates its shipment, so
 * two requests for one order (a double click, a retry, 50 at once) make one live
 * label per parcel; deleted when the shipment is cancelled.
 */
export const LiveParcelEntity = defineEntity("liveParcel", {
  attributes: {
    tenantId: keyString,
    orderId: keyString,
    parcel: { type: "number", required: true, readOnly: true },
    shipmentId: { type: "string", required: true },
  },
  indexes: {
    byOrder: tenantIndex("orderId", "parcel"),
  },
});

/**
 * Access patterns
 * | pattern  | index   | pk composite | sk composite            | used by                              |
 * | byNumber | primary | tenantId     | carrier, trackingNumber | a number belongs to one shipment     |
 *
 * Never deleted: a cancelled shipment's number stays claimed, retired for good.
 */
export const TrackingClaimEntity = defineEntity("trackingClaim", {
  attributes: {
    tenantId: keyString,
    carrier,
    trackingNumber: keyString,
    shipmentId: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byNumber: tenantIndex("carrier", "trackingNumber"),
  },
});

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                         |
 * | byId    | primary | tenantId     | jobId        | GET /api/shipments/labels       |
 *
 * A label batch (the job shape, db/job.ts; `jobId` is the label id): `total` orders in
 * parts of PART_SIZE, `done` counts the orders of finished parts (added once per part,
 * in the part's own creation transaction). A part whose message could not be queued is
 * recorded at once with its orders' reason, so the batch still finishes.
 */
export const LabelBatchEntity = defineEntity("labelBatch", {
  attributes: {
    ...jobAttributes(["label", "reissue"]),
    parts: { type: "number", required: true, readOnly: true },
    /**
     * Per part, a digest of the ids its message carries (part-check.ts): a label-job
     * message is run only if its ids are the ones the batch sent for that part. Absent
     * on batches started before it was kept.
     */
    partDigests: { type: "list", items: { type: "string" }, readOnly: true },
    /** 印刷開始位置 (1-based): where the first sheet of each carrier's first part and combined file starts. */
    startPosition: { type: "number", readOnly: true },
    /**
     * The version (workflows/labels/combined.ts) the combined files are drawn for: one PDF
     * per carrier for the whole batch, in selection order. A cancel since makes the parts'
     * version move on, and these files are not offered until they are drawn again.
     */
    combined: { type: "number" },
    /** [{ carrier, key, labels }]: the combined files, carriers in order of their first label. */
    combinedFiles: { type: CustomAttributeType<LabelFile[]>("any") },
    /** Set once, by the part that completed the batch: `label_batch.completed` went out (webhooks out). */
    announced: { type: "boolean" },
  },
  indexes: { byId: jobIndex() },
});
export type LabelBatchItem = EntityItem<typeof LabelBatchEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                  |
 * | byJob   | primary | tenantId     | jobId, part  | a batch's finished parts and their files |
 */
export const LabelPartEntity = defineEntity("labelPart", {
  attributes: {
    ...jobChildAttributes,
    part: { type: "number", required: true, readOnly: true },
    orders: { type: "number", required: true },
    /** [{ carrier, key, labels }]: one PDF per carrier in the part (each has its own layout and paper). */
    files: { type: CustomAttributeType<LabelFile[]>("any"), required: true },
    /**
     * The rendering a cancel last asked for (workflows/labels/cancel.ts): the part's
     * files are taken away and it is drawn again without the cancelled labels, as new
     * objects (`-rN`), by the label-job consumer (render-part.ts).
     */
    renders: { type: "number" },
    /** The rendering the files are of; below `renders` while a new one is being drawn. */
    rendered: { type: "number" },
  },
  indexes: { byJob: jobChildIndex("part") },
});
export type LabelPartItem = EntityItem<typeof LabelPartEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                   |
 * | byJob   | primary | tenantId     | jobId, part  | a batch's per-order results, part by part |
 *
 * One item per part holding its orders' results in request order: a part writes one
 * item instead of fifty, and the progress poll reads a few dozen items for a batch of
 * 1,000 orders. Fifty results with the longest reasons stay far below the 400 KB item limit.
 */
export const LabelResultEntity = defineEntity(
  "labelResult",
  {
    attributes: {
      ...jobChildAttributes,
      part: { type: "number", required: true, readOnly: true },
      results: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            orderId: { type: "string", required: true },
            shipmentIds: { type: "list", items: { type: "string" }, required: true },
            trackingNumbers: { type: "list", items: { type: "string" }, required: true },
            /** Numbers of this order cancelled since the part printed (their labels are no longer in its PDF). */
            cancelled: { type: "list", items: { type: "string" } },
            /** Labelled by an earlier batch: its labels printed again as first printed. */
            reprint: { type: "boolean" },
            /** A reprint whose order changed since its number was printed. */
            changed: { type: "boolean" },
            error: { type: "string" },
          },
        },
      },
    },
    indexes: { byJob: jobChildIndex("part") },
  },
  "2",
);
export type LabelResultItem = EntityItem<typeof LabelResultEntity>;
