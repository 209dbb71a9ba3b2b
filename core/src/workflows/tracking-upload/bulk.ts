import { z } from "zod";
import { doneBy, useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { Brand } from "../../entities/brand";
import { UploadDatabase, UploadJobEntity, UploadResultEntity } from "../../entities/jobs/upload-job";
import { Order } from "../../entities/order";
import { Shipment } from "../../entities/shipment";
import type { ShipmentItem } from "../../entities/shipment/entity";
import { NotFoundError, VisibleError } from "../../error";
import { Queue } from "../../queue";
import { mapLimited } from "../../util/concurrency";
import { createID, idFor, isID } from "../../util/id";
import { Labels } from "../labels";
import {
  expiresAt,
  MAX_SHIPMENTS,
  PART_CONCURRENCY,
  PART_SIZE,
  type Result,
  type UploadOptions,
  uploadOne,
} from "./single";

// ---------------------------------------------------------------------------
// Bulk

const idList = (noun: string) =>
  z
    .array(z.string().max(64))
    .min(1, { error: `${noun}を選択してください` })
    .max(MAX_SHIPMENTS, { error: `一度にアップロードできるのは${MAX_SHIPMENTS}件までです` });

/**
 * The shipments to upload, or the orders whose shipments to upload (exactly one of the
 * two): an order's are its live labels not yet reported to the shop.
 */
export const BulkRequest = z
  .object({
    shipment_ids: idList("出荷").optional(),
    order_ids: idList("注文").optional(),
  })
  .refine((v) => (v.shipment_ids === undefined) !== (v.order_ids === undefined), {
    error: "shipment_ids か order_ids のどちらか一方を指定してください",
  })
  .meta({ id: "TrackingUploadBulkRequest" });

/** Why an order of an `order_ids` request has nothing to upload. */
export const NOTHING_TO_UPLOAD = "アップロードできる送り状がありません。先に送り状を発行してください。";

/** A shipment an upload can still take: a live label the shop has not been told of. */
const uploadable = (s: ShipmentItem) => s.status === "issued" && s.upload?.state !== "done";

/** Creates the job and queues its parts; the answer is the job id to follow. */
export async function requestUpload(input: z.input<typeof BulkRequest>): Promise<{ job_id: string }> {
  const request = BulkRequest.parse(input);
  const createdBy = doneBy();
  if (request.shipment_ids) return createJob([...new Set(request.shipment_ids)], [], createdBy);
  const { shipmentIds, failures } = await shipmentsOfOrders([...new Set(request.order_ids)]);
  return createJob(shipmentIds, failures, createdBy);
}

type OrderFailure = { orderId: string; orderNumber: string | null; error: string };

/** Each order's uploadable shipments (oldest parcel first); an order with none is a failure of its own. */
async function shipmentsOfOrders(orderIds: string[]) {
  const orders = await Order.findMany(orderIds);
  const shipmentIds: string[] = [];
  const failures: OrderFailure[] = [];
  const found = new Map<string, ShipmentItem[]>();
  await mapLimited(orderIds, 8, async (orderId) => {
    if (orders.has(orderId)) found.set(orderId, await Shipment.ofOrder(orderId));
  });
  for (const orderId of orderIds) {
    const order = orders.get(orderId);
    if (!order) {
      failures.push({ orderId, orderNumber: null, error: "注文が見つかりません。" });
      continue;
    }
    const live = (found.get(orderId) ?? []).filter(uploadable).sort((a, b) => a.parcel - b.parcel);
    if (live.length === 0)
      failures.push({ orderId, orderNumber: order.orderNumber, error: NOTHING_TO_UPLOAD });
    else shipmentIds.push(...live.map((s) => s.shipmentId));
  }
  return { shipmentIds, failures };
}

/**
 * The job, its parts on the queue, and at once the results of the orders that had
 * nothing to upload (each keyed by its order id, where a shipment would be).
 */
async function createJob(
  ids: string[],
  failures: OrderFailure[],
  createdBy: string | null,
  /** A job named by its cause (an automatic upload); without it, a new job of this request. */
  causeJobId?: string,
): Promise<{ job_id: string }> {
  const jobId = causeJobId ?? createID("labelJob");
  const parts: string[][] = [];
  for (let i = 0; i < ids.length; i += PART_SIZE) parts.push(ids.slice(i, i + PART_SIZE));
  const created = await UploadJobEntity.create({
    tenantId: useTenantID(),
    jobId,
    total: ids.length + failures.length,
    parts: parts.length,
    partDigests: parts.map(Queue.partDigest),
    // A part whose message was lost is sent again from these (core/src/redrive).
    partItems: parts,
    createdBy: createdBy ?? undefined,
    expiresAt: expiresAt(),
  })
    .go()
    .then(
      () => true,
      (err: unknown) => {
        if (!isConditionalFailure(err)) throw err;
        return false;
      },
    );
  // A job named by its cause that exists already (a redelivered label part): its parts
  // are sent again, and the consumer skips every shipment that already has its result.
  if (!created) failures = [];
  for (const failure of failures) {
    await writeResult(jobId, {
      shipment_id: failure.orderId,
      order_id: failure.orderId,
      order_number: failure.orderNumber,
      status: "failed",
      error: failure.error,
    });
  }
  if (!parts.length) return { job_id: jobId };
  const sent = await Queue.send(
    "trackingUpload",
    parts.map((shipmentIds, part) => ({
      kind: "tracking_upload" as const,
      dedupeKey: `upload:${jobId}:${part}`,
      jobId,
      part,
      shipmentIds,
    })),
  );
  if (sent.failed.length) {
    // A job named by its cause is sent again when its cause runs again; a request's own job
    // would wait forever, so its unsent shipments get the reason and the job finishes.
    if (!causeJobId) {
      const error = "アップロードを開始できませんでした。時間をおいて再度お試しください。";
      for (const shipmentId of sent.failed.flatMap(({ index }) => parts[index]!))
        await writeResult(jobId, { shipment_id: shipmentId, status: "failed", error });
    }
    throw new Queue.Unavailable(
      "追跡番号のアップロードを開始できませんでした。時間をおいて再度お試しください。",
    );
  }
  return { job_id: jobId };
}

/**
 * After a part of a label batch is rendered (the label-job consumer): when the brand
 * uploads automatically, the part's new shipments go to the shop as a tracking-upload
 * job of their own. Answers that job's id, or null when nothing was queued (the
 * setting is off, a reissue, or no order of the part got a label).
 */
export async function afterLabelsIssued(
  labelId: string,
  part: number,
  /** What the part's run answered (Labels.runPart); without it, the brand and the part are read. */
  known?: Labels.IssuedPart,
): Promise<{ job_id: string } | null> {
  const auto = known
    ? known.autoUploadTracking
    : Brand.uploadSettingsOf(await Brand.get()).auto_upload_tracking;
  if (!auto) return null;
  const issued = known ?? (await Labels.partShipments(labelId, part));
  if (!issued?.shipmentIds.length) return null;
  // One job per label part, named by it: a redelivered label part finds its job and sends nothing again.
  const jobId = idFor("labelJob", Date.parse(issued.createdAt), `auto-upload:${labelId}:${part}`);
  return createJob(issued.shipmentIds, [], issued.createdBy, jobId);
}

/**
 * One part of a job, in the consumer: each shipment alone (one that fails gets its
 * reason and never holds the others up), each result written and counted once, so a
 * redelivered part skips what it finished and retries the rest.
 */
export async function runPart(
  jobId: string,
  shipmentIds: string[],
  options: UploadOptions = {},
): Promise<void> {
  const tenantId = useTenantID();
  const { data: job } = await UploadJobEntity.get({ tenantId, jobId }).go();
  if (!job) return; // another tenant's job, or expired: nothing to do
  const have = await resultIds(jobId);
  const todo = shipmentIds.filter((id) => !have.has(id));
  await mapLimited(todo, PART_CONCURRENCY, async (shipmentId) => {
    let result: Result | { shipment_id: string; status: "failed"; error: string };
    try {
      result = await uploadOne(shipmentId, { ...options, userId: job.createdBy ?? null });
    } catch (err) {
      if (!(err instanceof VisibleError)) throw err;
      result = { shipment_id: shipmentId, status: "failed", error: err.message };
    }
    await writeResult(jobId, result);
  });
}

async function resultIds(jobId: string): Promise<Set<string>> {
  const { data } = await UploadResultEntity.query
    .byJob({ tenantId: useTenantID(), jobId })
    .go({ pages: "all", attributes: ["shipmentId"] });
  return new Set(data.map((r) => r.shipmentId));
}

async function writeResult(jobId: string, result: Partial<Result> & { shipment_id: string; status: string }) {
  const tenantId = useTenantID();
  const ok = result.status === "uploaded";
  const outcome = await UploadDatabase.transaction
    .write(({ uploadResult, uploadJob }) => [
      uploadResult
        .create({
          tenantId,
          jobId,
          shipmentId: result.shipment_id,
          ok,
          ...(result.order_id ? { orderId: result.order_id } : {}),
          ...(result.order_number ? { orderNumber: result.order_number } : {}),
          ...(result.tracking_numbers?.length
            ? {
                trackingNumber:
                  result.tracking_numbers[result.shipment_ids?.indexOf(result.shipment_id) ?? 0] ??
                  result.tracking_numbers[0],
              }
            : {}),
          ...(result.error ? { error: result.error } : {}),
          at: new Date().toISOString(),
          expiresAt: expiresAt(),
        })
        .commit(),
      uploadJob
        .update({ tenantId, jobId })
        .add({ done: 1, failed: ok ? 0 : 1 })
        .commit(),
    ])
    .go();
  // A result already there was counted by the delivery that wrote it.
  if (outcome.canceled && outcome.data[0]?.code !== "ConditionalCheckFailed")
    throw new Error(`tracking upload result ${jobId}/${result.shipment_id} could not be recorded`);
}

/**
 * A part that failed for the last time (its message goes to the DLQ): its shipments
 * without a result get the reason, so the job finishes and the merchant sees what
 * happened instead of a bar that never moves.
 */
export async function failPart(jobId: string, shipmentIds: string[], reason: string): Promise<void> {
  const have = await resultIds(jobId);
  const error = `アップロードを完了できませんでした（${reason.slice(0, 200)}）。再度お試しください。`;
  for (const shipmentId of shipmentIds.filter((id) => !have.has(id))) {
    await writeResult(jobId, { shipment_id: shipmentId, status: "failed", error });
  }
}

export const JobStatus = z
  .object({
    job_id: z.string(),
    status: z.enum(["running", "done"]),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        /** null for an order of an `order_ids` request that had nothing to upload. */
        shipment_id: z.string().nullable(),
        order_id: z.string().nullable(),
        order_number: z.string().nullable(),
        tracking_number: z.string().nullable(),
        status: z.enum(["uploaded", "failed"]),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "TrackingUploadJob" });
export type JobStatus = z.infer<typeof JobStatus>;

const jobNotFound = () =>
  new NotFoundError("tracking_upload.not_found", "追跡番号アップロードの処理が見つかりません。");

/** Where a job stands: how many of its shipments have a result, and each result. */
export async function jobStatus(jobId: string): Promise<JobStatus> {
  const tenantId = useTenantID();
  if (!isID("labelJob", jobId)) throw jobNotFound();
  const { data: job } = await UploadJobEntity.get({ tenantId, jobId }).go();
  if (!job) throw jobNotFound();
  const { data: results } = await UploadResultEntity.query.byJob({ tenantId, jobId }).go({ pages: "all" });
  const done = Math.min(job.done, job.total);
  return {
    job_id: jobId,
    status: done >= job.total ? "done" : "running",
    progress: { done, total: job.total },
    succeeded: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results: results
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map((r) => ({
        shipment_id: isID("order", r.shipmentId) ? null : r.shipmentId,
        order_id: r.orderId ?? null,
        order_number: r.orderNumber ?? null,
        tracking_number: r.trackingNumber ?? null,
        status: r.ok ? ("uploaded" as const) : ("failed" as const),
        error: r.error ?? null,
      })),
  };
}
