import type { MessageOf } from "@okuru/core/queue";
import { TrackingUpload } from "@okuru/core/upload";
import { consumer } from "./consumer";

/**
 * One part of a bulk tracking upload (core/src/upload): each shipment's number to its
 * shop within the shop's shared rate budget, each result written and counted once.
 * Safe to run again: a shipment with a result is skipped, and an upload always looks
 * for our number in the shop before sending it, so nothing is fulfilled twice.
 */
export async function run(message: MessageOf<"trackingUpload">): Promise<void> {
  await TrackingUpload.runPart(message.jobId, message.shipmentIds);
}

/** The part's shipments without a result get the reason, and the job can finish. */
export async function onFinalFailure(message: MessageOf<"trackingUpload">, error: Error): Promise<void> {
  await TrackingUpload.failPart(message.jobId, message.shipmentIds, error.message);
}

export const handler = consumer("trackingUpload", run, { onFinalFailure });
