import type { MessageOf } from "@okuru/core/queue";
import { LabelRun } from "@okuru/core/workflows/labels/run";
import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import { consumer, RefusedMessage } from "./consumer";

/**
 * A batch's combined files (`label_combine`, core/src/workflows/labels/combine.ts), a part drawn
 * again after a cancel (`label_render`, core/src/workflows/labels/render-part.ts),
 * or one part of a label batch (core/src/workflows/labels), once the message is checked against the
 * batch (its part, its ids; anything else is refused to the DLQ): issues or finds each order's labels,
 * renders the part's PDFs into S3 and counts it once, then, when the brand uploads
 * automatically, queues the tracking upload of the part's shipments. Safe to run
 * again: numbers and live labels are claimed in transactions, files are overwritten,
 * the count is per part, and an upload never fulfils a shipment twice.
 */
export async function run(message: MessageOf<"labelJob">): Promise<void> {
  if (message.kind === "label_combine") {
    const found = await LabelRun.combineBatch(message.jobId, message.version);
    if (!found) throw new RefusedMessage(`label batch ${message.jobId} not found`);
    return;
  }
  if (message.kind === "label_render") {
    const found = await LabelRun.renderPart(message.jobId, message.part, message.renders);
    if (!found) throw new RefusedMessage(`label batch ${message.jobId} has no recorded part ${message.part}`);
    return;
  }
  const verdict = await LabelRun.checkPartMessage(message);
  if (verdict.refused !== undefined) throw new RefusedMessage(verdict.refused);
  if (verdict.batchFinished) {
    // Its labels are counted; only a new batch's automatic upload may still be owed (its job is named by the part).
    if (message.orderIds.length) await TrackingUpload.afterLabelsIssued(message.jobId, message.part);
    return;
  }
  if (message.orderIds.length) {
    const issued = await LabelRun.runPart(message.jobId, message.part, message.orderIds);
    if (issued) await TrackingUpload.afterLabelsIssued(message.jobId, message.part, issued);
  } else await LabelRun.runReissuePart(message.jobId, message.part, message.shipmentIds);
}

/**
 * The part's orders get the reason in the batch's results, and the batch can finish. Checked
 * again first: the delivery that failed may have failed before its own check, and a
 * finished batch has every part counted already.
 */
export async function onFinalFailure(message: MessageOf<"labelJob">, error: Error): Promise<void> {
  // A rendering (or a combined file) that keeps failing is asked for again by the sweep.
  if (message.kind === "label_render" || message.kind === "label_combine") return;
  const verdict = await LabelRun.checkPartMessage(message);
  if (verdict.refused !== undefined || verdict.batchFinished) return;
  const ids = message.orderIds.length ? message.orderIds : message.shipmentIds;
  await LabelRun.failPart(message.jobId, message.part, ids, error.message);
}

export const handler = consumer("labelJob", run, { onFinalFailure });
