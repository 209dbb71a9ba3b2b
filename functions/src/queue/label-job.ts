import type { MessageOf } from "@okuru/core/queue";
import { Shipment } from "@okuru/core/shipment";
import { TrackingUpload } from "@okuru/core/upload";
import { consumer } from "./consumer";

/**
 * One part of a label batch (core/src/shipment): issues or finds each order's labels,
 * renders the part's PDFs into S3 and counts it once, then, when the brand uploads
 * automatically, queues the tracking upload of the part's shipments. Safe to run
 * again: numbers and live labels are claimed in transactions, files are overwritten,
 * the count is per part, and an upload never fulfils a shipment twice.
 */
export async function run(message: MessageOf<"labelJob">): Promise<void> {
  if (message.orderIds.length) {
    const issued = await Shipment.runPart(message.jobId, message.part, message.orderIds);
    if (issued) await TrackingUpload.afterLabelsIssued(message.jobId, message.part, issued);
  } else await Shipment.runReissuePart(message.jobId, message.part, message.shipmentIds);
}

/** The part's orders get the reason in the batch's results, and the batch can finish. */
export async function onFinalFailure(message: MessageOf<"labelJob">, error: Error): Promise<void> {
  const ids = message.orderIds.length ? message.orderIds : message.shipmentIds;
  await Shipment.failPart(message.jobId, message.part, ids, error.message);
}

export const handler = consumer("labelJob", run, { onFinalFailure });
