import { queryOptions, useMutation } from "@tanstack/react-query";
import { getTrackingUploadJob, uploadTrackingNumber, uploadTrackingNumbers } from "../lib/api";
import { useInvalidateAfterLabels } from "./labels";
import { useJobMutation } from "./mutations";

/** 追跡番号のアップロード: one shipment at once, or a job of many. */
export const uploadKeys = {
  all: ["uploads"] as const,
  job: (jobId: string) => [...uploadKeys.all, "job", jobId] as const,
};

/** A bulk upload; the dialog reads it again until it is done. */
export const trackingUploadJobQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: uploadKeys.job(jobId), queryFn: () => getTrackingUploadJob(jobId) });

/** Starts a bulk upload. */
export function useUploadTrackingNumbers() {
  return useJobMutation(uploadTrackingNumbers);
}

/** One shipment (with its sister parcels); orders and shipments change either way (an error goes on both). */
export function useUploadTrackingNumber() {
  const invalidate = useInvalidateAfterLabels();
  return useMutation({
    mutationFn: (shipmentId: string) => uploadTrackingNumber(shipmentId, crypto.randomUUID()),
    onSettled: invalidate,
  });
}
