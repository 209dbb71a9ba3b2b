import { ExportJobEntity } from "../../entities/jobs/export-job";
import { UploadJobEntity, UploadResultEntity } from "../../entities/jobs/upload-job";
import { LabelBatchEntity, LabelPartEntity } from "../../entities/shipment/entity";
import { Queue } from "../../queue";
import { Labels } from "../labels";
import { applied, type Outcome, redriveKey } from "./outcome";
import type { StaleWork } from "./stale";

/**
 * Re-drivers of the job kinds (db/job.ts): each reads what of the job is finished and
 * sends again only the messages of what is not, after claiming the re-drive by moving
 * the job's heartbeat on from the value the sweep read (conditional), so two sweeps
 * send once. The consumers take a message twice safely: a label part is recorded once
 * and never issues a number twice, an upload skips shipments with a result and looks
 * for our number in the shop first, an export writes the same file and marks.
 */

const keyOf = (work: StaleWork) => ({ tenantId: work.tenantId, jobId: work.id });
const partNumbers = (parts: number) => Array.from({ length: parts }, (_, part) => part);

/** The ids each part's message names, as the job kept them; undefined when it kept none. */
function partItemsOf(value: unknown): string[][] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === "string"))
    ? (value as string[][])
    : undefined;
}

async function sendAll<Q extends Queue.QueueName>(queue: Q, messages: Queue.Draft<Q>[]) {
  const sent = await Queue.send(queue, messages);
  if (sent.failed.length) throw new Error(`re-drive not sent: ${sent.failed[0]!.reason}`);
}

/** The sweep's claim on a stale label batch: its heartbeat moved on from the value read. */
const claimLabelBatch = (work: StaleWork, now: Date) =>
  applied(
    LabelBatchEntity.patch(keyOf(work))
      .set({ heartbeatAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.heartbeatAt, work.heartbeatAt))
      .go({ response: "none" }),
  );

export async function labelBatch(work: StaleWork, now: Date): Promise<Outcome> {
  const key = keyOf(work);
  const { data: batch } = await LabelBatchEntity.get(key).go();
  if (!batch) return "finished";
  const { data: recorded } = await LabelPartEntity.query
    .byJob(key)
    .go({ pages: "all", attributes: ["part", "renders", "rendered"] });
  if (batch.done >= batch.total) return finishedBatch(work, now, batch, recorded);
  const done = new Set(recorded.map((p) => p.part));
  const items = partItemsOf(batch.partItems);
  const lost = partNumbers(batch.parts).filter((part) => !done.has(part));
  if (!items || lost.some((part) => !items[part]?.length)) {
    // A batch that kept no ids (made before they were kept) cannot be helped: it leaves the index.
    await LabelBatchEntity.patch(key).remove(["runningShard"]).go({ response: "none" });
    return "unknown";
  }
  if (!(await claimLabelBatch(work, now))) return "claimed";
  await sendAll(
    "labelJob",
    lost.map((part) => ({
      kind: "label_job" as const,
      dedupeKey: redriveKey(work.id, work.heartbeatAt, part),
      jobId: work.id,
      part,
      ...(batch.kind === "label" ? { orderIds: items[part] } : { shipmentIds: items[part] }),
    })),
  );
  return "redriven";
}

/**
 * A finished batch is in the running index again while a part cancelled since waits for
 * its new rendering (workflows/labels/cancel.ts): that rendering is asked for again. Once
 * every part is drawn, its combined files are asked for again until they are drawn for
 * the parts as they stand (a lost message, or one that lost to a cancel). It leaves the
 * index once they are, under the heartbeat as read, so a cancel that came in meanwhile
 * (and moved the heartbeat on) keeps it there.
 */
async function finishedBatch(
  work: StaleWork,
  now: Date,
  batch: { done: number; total: number; combined?: number },
  parts: { part: number; renders?: number; rendered?: number }[],
): Promise<Outcome> {
  const key = keyOf(work);
  const waiting = parts.filter(Labels.awaitsRendering);
  if (!waiting.length && !Labels.combinedCurrent(batch, parts)) {
    if (!(await claimLabelBatch(work, now))) return "claimed";
    // A key of its own: the combined files' first message may have been taken and overtaken.
    await sendAll("labelJob", [
      {
        ...Labels.combineRequest(work.id, Labels.partsVersion(parts)),
        dedupeKey: redriveKey(work.id, work.heartbeatAt),
      },
    ]);
    return "redriven";
  }
  if (!waiting.length) {
    await applied(
      LabelBatchEntity.patch(key)
        .remove(["runningShard"])
        .where((attr, op) => op.eq(attr.heartbeatAt, work.heartbeatAt))
        .go({ response: "none" }),
    );
    return "finished";
  }
  if (!(await claimLabelBatch(work, now))) return "claimed";
  await sendAll(
    "labelJob",
    waiting.map(({ part, renders }) => Labels.renderRequest(work.id, part, renders ?? 0)),
  );
  return "redriven";
}

export async function uploadJob(work: StaleWork, now: Date): Promise<Outcome> {
  const key = keyOf(work);
  const { data: job } = await UploadJobEntity.get(key).go();
  if (!job || job.done >= job.total) {
    if (job) await UploadJobEntity.patch(key).remove(["runningShard"]).go({ response: "none" });
    return "finished";
  }
  const items = partItemsOf(job.partItems);
  if (!items) {
    await UploadJobEntity.patch(key).remove(["runningShard"]).go({ response: "none" });
    return "unknown";
  }
  const { data: results } = await UploadResultEntity.query
    .byJob(key)
    .go({ pages: "all", attributes: ["shipmentId"] });
  const have = new Set(results.map((r) => r.shipmentId));
  const unfinished = items
    .map((shipmentIds, part) => ({ part, shipmentIds }))
    .filter(({ shipmentIds }) => shipmentIds.some((id) => !have.has(id)));
  const claimed = await applied(
    UploadJobEntity.patch(key)
      .set({ heartbeatAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.heartbeatAt, work.heartbeatAt))
      .go({ response: "none" }),
  );
  if (!claimed) return "claimed";
  await sendAll(
    "trackingUpload",
    unfinished.map(({ part, shipmentIds }) => ({
      kind: "tracking_upload" as const,
      dedupeKey: redriveKey(work.id, work.heartbeatAt, part),
      jobId: work.id,
      part,
      shipmentIds,
    })),
  );
  return "redriven";
}

export async function exportJob(work: StaleWork, now: Date): Promise<Outcome> {
  const key = keyOf(work);
  const { data: job } = await ExportJobEntity.get(key).go();
  if (job?.status !== "running") {
    if (job) await ExportJobEntity.patch(key).remove(["runningShard"]).go({ response: "none" });
    return "finished";
  }
  const claimed = await applied(
    ExportJobEntity.patch(key)
      .set({ heartbeatAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.heartbeatAt, work.heartbeatAt))
      .go({ response: "none" }),
  );
  if (!claimed) return "claimed";
  await sendAll("exportJob", [
    { kind: "export_job", dedupeKey: redriveKey(work.id, work.heartbeatAt), exportId: work.id },
  ]);
  return "redriven";
}
