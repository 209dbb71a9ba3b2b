import { ApiError, type Shipment } from "../../lib/api";
import { notify } from "../../lib/notify";
import { unexpectedErrorMessage } from "../../lib/unexpected-error";
import type { useUploadTrackingNumber } from "../../queries/uploads";
import { singleUploadMessage } from "../TrackingUpload/tracking-upload";
import { shipmentTitle } from "./shipment-history";

/**
 * 追跡番号をアップロード of one shipment (with its sister parcels), from a row's menu or the
 * drawer: the answer is the result, told in a toast.
 */
export async function uploadOne(upload: ReturnType<typeof useUploadTrackingNumber>, shipment: Shipment) {
  try {
    const result = await upload.mutateAsync(shipment.id);
    const { ok, message } = singleUploadMessage(shipmentTitle(shipment), result);
    if (ok) notify.success(message);
    else notify.error(message);
  } catch (error) {
    notify.error(error instanceof ApiError ? error.message : unexpectedErrorMessage);
  }
}
