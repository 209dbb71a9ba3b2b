import type { TrackingUploadBulkReq } from "../../lib/api";
import { useUploadTrackingNumbers } from "../../queries/uploads";
import { useBatchJob } from "../BatchJob/batch-job";
import type { UploadNames } from "./tracking-upload";

/**
 * 追跡番号のアップロード for many shipments, or for the live labels of many orders, as
 * one flow (BatchJob); the names of what was sent are kept to name the results.
 */
export function useTrackingUpload({ onAccepted }: { onAccepted?: () => void } = {}) {
  return useBatchJob<TrackingUploadBulkReq, { jobId: string }, UploadNames>(useUploadTrackingNumbers(), {
    onAccepted,
  });
}

export type TrackingUpload = ReturnType<typeof useTrackingUpload>;
