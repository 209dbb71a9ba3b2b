import { z } from "@hono/zod-openapi";
import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import { IdempotencyHeaders, idempotent } from "../idempotency";
import { router } from "../openapi";
import { apiRoute, changeAnswers, IdParam, jobParam, jobRoute, queuedRoute } from "./crud";

/**
 * 追跡番号のアップロード (docs/requirements.md#orders-and-shipments, docs/requirements.md#api-calls): one shipment at
 * once, or many through the tracking-upload queue with a job to follow. Mounted at /shipments beside the
 * shipments router: the job's progress is read under its own path segment
 * (`/upload_tracking_numbers/{job_id}`), so no route here can be taken for `/{id}`.
 */
export const trackingUpload = router()
  .openapi(
    queuedRoute({
      method: "put",
      path: "/upload_tracking_numbers",
      tag: "shipment",
      summary: "追跡番号をまとめてストアにアップロードする（結果は job_id で確認）",
      body: TrackingUpload.BulkRequest,
      accepted: z.object({ job_id: z.string() }).meta({ id: "TrackingUploadAccepted" }),
      description: "受け付けたアップロードの job_id",
    }),
    async (c) => c.json(await TrackingUpload.requestUpload(c.req.valid("json")), 202),
  )
  .openapi(
    jobRoute({
      path: "/upload_tracking_numbers/{job_id}",
      params: jobParam("job_id"),
      tag: "shipment",
      summary: "追跡番号アップロードの状況（進み具合と出荷ごとの結果）",
      status: TrackingUpload.JobStatus,
      description: "アップロードの状況",
    }),
    async (c) => c.json(await TrackingUpload.jobStatus(c.req.valid("param").job_id), 200),
  )
  .openapi(
    apiRoute({
      method: "put",
      path: "/{id}/upload_tracking_number",
      tag: "shipment",
      summary: "出荷の追跡番号をストアにアップロードする（同じ注文の他の荷物も一緒に）",
      middleware: [idempotent()] as const,
      request: {
        params: IdParam,
        headers: IdempotencyHeaders,
        body: { content: { "application/json": { schema: TrackingUpload.SingleRequest } }, required: false },
      },
      responses: changeAnswers(TrackingUpload.Result, "アップロードの結果（失敗した場合は理由）"),
    }),
    async (c) => {
      const body = (c.req.valid("json") as z.infer<typeof TrackingUpload.SingleRequest> | undefined) ?? {};
      return c.json(await TrackingUpload.uploadOne(c.req.valid("param").id, { lines: body.line_items }), 200);
    },
  );
