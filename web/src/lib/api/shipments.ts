import { answer, api, byId, required } from "./client";
import type { BodyOf, Camelize, QueryOf, ResponseOf, Schemas } from "./wire";

// 送り状発行 and 出荷履歴: label batches, shipments (reprint, cancel) and tracking uploads.
// The calls that start work take the click's Idempotency-Key: the same key sent again
// (a retry after a lost answer) answers the first batch or job instead of a second one.

/** Where a label batch stands: progress, each finished part's PDF (presigned, 15 min) and per-order results. */
export type LabelBatchStatus = ResponseOf<"/api/shipments/labels", "get">;
export type LabelBatchPart = LabelBatchStatus["parts"][number];
export type LabelBatchResult = LabelBatchStatus["results"][number];
export type LabelIssueReq = BodyOf<"/api/shipments/labels", "post">;

export type Shipment = Camelize<Schemas["Shipment"]>;
export type ShipmentList = Camelize<Schemas["ShipmentList"]>;
/** A shipment as the history lists it: with its order's recipient (null when the order is gone). */
export type ShipmentListItem = Camelize<Schemas["ShipmentListItem"]>;
export type ShipmentListQuery = QueryOf<"/api/shipments", "get">;
/** 出荷履歴's tab counts, per status (capped: "at least"). */
export type ShipmentCounts = Camelize<Schemas["ShipmentCounts"]>;
export type ShipmentReissueReq = BodyOf<"/api/shipments/reissue", "post">;
export type ShipmentCancelReq = BodyOf<"/api/shipments/cancel_shipments", "put">;
/** One result per id sent; `error` is the Japanese reason it was not cancelled. */
export type ShipmentCancelResults = Camelize<Schemas["ShipmentCancelResults"]>;

export type TrackingUploadResult = Camelize<Schemas["TrackingUploadResult"]>;
/** Where a bulk upload stands: progress and each shipment's (or order's) result. */
export type TrackingUploadJob = Camelize<Schemas["TrackingUploadJob"]>;
export type TrackingUploadJobResult = TrackingUploadJob["results"][number];
/** `{ shipment_ids }` or `{ order_ids }` (exactly one). */
export type TrackingUploadBulkReq = BodyOf<"/api/shipments/upload_tracking_numbers", "put">;

const idempotent = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

export const issueLabels = async (labelIssueReq: LabelIssueReq, idempotencyKey: string) =>
  answer(
    api.POST("/api/shipments/labels", {
      body: required("issueLabels", "labelIssueReq", labelIssueReq),
      headers: idempotent(idempotencyKey),
    }),
  );
export const getLabelBatch = async (labelId: string) =>
  answer(
    api.GET("/api/shipments/labels", {
      params: { query: { label_id: required("getLabelBatch", "labelId", labelId) } },
    }),
  );

export const getShipments = (shipmentListQuery?: ShipmentListQuery) =>
  answer(api.GET("/api/shipments", { params: { query: shipmentListQuery } }));
export const getShipmentCounts = () => answer(api.GET("/api/shipments/counts"));
export const getShipment = async (id: string) =>
  answer(api.GET("/api/shipments/{id}", { params: byId("getShipment", id) }));

export const reissueShipments = (shipmentReissueReq: ShipmentReissueReq, idempotencyKey: string) =>
  answer(
    api.POST("/api/shipments/reissue", { body: shipmentReissueReq, headers: idempotent(idempotencyKey) }),
  );
export const cancelShipment = async (id: string) =>
  answer(api.PUT("/api/shipments/{id}/cancel", { params: byId("cancelShipment", id) }));
export const cancelShipments = async (shipmentCancelReq: ShipmentCancelReq) =>
  answer(
    api.PUT("/api/shipments/cancel_shipments", {
      body: required("cancelShipments", "shipmentCancelReq", shipmentCancelReq),
    }),
  );

/** PUT /shipments/{id}/upload_tracking_number: answers the result (a refusal is a result with its reason). */
export const uploadTrackingNumber = async (id: string, idempotencyKey: string) =>
  answer(
    api.PUT("/api/shipments/{id}/upload_tracking_number", {
      params: byId("uploadTrackingNumber", id),
      headers: idempotent(idempotencyKey),
    }),
  );
export const uploadTrackingNumbers = (trackingUploadBulkReq: TrackingUploadBulkReq, idempotencyKey: string) =>
  answer(
    api.PUT("/api/shipments/upload_tracking_numbers", {
      body: trackingUploadBulkReq,
      headers: idempotent(idempotencyKey),
    }),
  );
export const getTrackingUploadJob = async (jobId: string) =>
  answer(
    api.GET("/api/shipments/upload_tracking_numbers/{job_id}", {
      params: { path: { job_id: required("getTrackingUploadJob", "job_id", jobId) } },
    }),
  );
