import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import type { TrackingUploadJob, TrackingUploadResult } from "../../lib/api";
import { type JobProgressView, jobProgress } from "../BatchJob/batch-job";
import type { FailedEntry } from "../LabelBatch/FailedList";

/**
 * 追跡番号のアップロード without React: what a bulk job's results add up to, and what
 * a single upload's answer tells the merchant. Results name shipments and orders by
 * id; the screen that started the upload knows their names (`UploadNames`).
 */

/** Shipment id → "#1001 1234-5678-9012", order id → "#1001", for what was sent. */
export type UploadNames = ReadonlyMap<string, string>;

export interface UploadJobView extends JobProgressView {
  /** Shipments reported to their shop (an order's parcels each count). */
  uploaded: number;
  failed: FailedEntry[];
  /** The failure list's heading: what failed are shipments, orders (nothing to upload for them) or both. */
  failedTitle: string;
  /** The failed shipments a retry can send again (an order with nothing to upload is not one). */
  retryIds: string[];
}

const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, "ja", { numeric: true });

function titleOf(result: TrackingUploadJob["results"][number], names: UploadNames): string {
  if (result.shipmentId) {
    const named = names.get(result.shipmentId);
    if (named) return named;
    const number = result.trackingNumber ? formatTrackingNumber(result.trackingNumber) : "";
    return [result.orderNumber ?? "", number].filter(Boolean).join(" ") || result.shipmentId;
  }
  return result.orderNumber ?? (result.orderId ? (names.get(result.orderId) ?? result.orderId) : "");
}

/** A result without a shipment is an order of an `order_ids` request with nothing to upload. */
export function failedTitleOf(
  failed: readonly Pick<TrackingUploadJob["results"][number], "shipmentId">[],
): string {
  const shipments = failed.some((r) => r.shipmentId);
  const orders = failed.some((r) => !r.shipmentId);
  if (shipments && orders) return "アップロードできなかった出荷・注文";
  return orders ? "アップロードできなかった注文" : "アップロードできなかった出荷";
}

export function uploadJobView(job: TrackingUploadJob, names: UploadNames): UploadJobView {
  const failed = job.results.filter((r) => r.status === "failed");
  return {
    failedTitle: failedTitleOf(failed),
    ...jobProgress(job),
    uploaded: job.succeeded,
    failed: failed
      .map((r) => ({
        key: r.shipmentId ?? r.orderId ?? "",
        title: titleOf(r, names),
        reasons: [r.error ?? "アップロードに失敗しました。"],
      }))
      .sort(byTitle),
    retryIds: failed.flatMap((r) => (r.shipmentId ? [r.shipmentId] : [])),
  };
}

/** The toast of a single upload: done (or found done already), or the shop's reason. */
export function singleUploadMessage(
  title: string,
  result: Pick<TrackingUploadResult, "status" | "error" | "alreadyUploaded">,
): { ok: boolean; message: string } {
  if (result.status === "uploaded")
    return {
      ok: true,
      message: result.alreadyUploaded
        ? `${title} の追跡番号はストアに登録済みでした。`
        : `${title} の追跡番号をストアにアップロードしました。`,
    };
  return {
    ok: false,
    message: `${title} の追跡番号をアップロードできませんでした：${result.error ?? "アップロードに失敗しました。"}`,
  };
}
