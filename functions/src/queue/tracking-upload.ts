import type { MessageOf } from "@okuru/core/queue";
import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import { consumer, RefusedMessage } from "./consumer";

/**
 * One part of a bulk tracking upload (core/src/upload), once the message is checked
 * against the job (its part, its shipments; anything else is refused to the DLQ): each shipment's number to its
 * shop within the shop's shared rate budget, each result written and counted once.
 * Safe to run again: a shipment with a result is skipped, and an upload always looks
 * for our number in the shop before sending it, so nothing is fulfilled twice.
 */
export async function run(message: MessageOf<"trackingUpload">): Promise<void> {
  const verdict = await TrackingUpload.checkPartMessage(message);
  if (verdict.refused !== undefined) throw new RefusedMessage(verdict.refused);
  if (verdict.jobFinished) return;
  await TrackingUpload.runPart(message.jobId, message.shipmentIds);
}

/**
 * The part's shipments without a result get the reason, and the job can finish. Checked
 * again first: the delivery that failed may have failed before its own check.
 */
export async function onFinalFailure(message: MessageOf<"trackingUpload">, error: Error): Promise<void> {
  const verdict = await TrackingUpload.checkPartMessage(message);
  if (verdict.refused !== undefined || verdict.jobFinished) return;
  await TrackingUpload.failPart(message.jobId, message.shipmentIds, error.message);
}

export const handler = consumer("trackingUpload", run, { onFinalFailure });
