import { describe, expect, it } from "vitest";
import { uploadJobView } from "../../../web/src/components/TrackingUpload/tracking-upload";
import type { TrackingUploadJob } from "../../../web/src/lib/api";

type Result = TrackingUploadJob["results"][number];

const job = (results: Result[]): TrackingUploadJob => ({
  jobId: "job_1",
  status: "done",
  progress: { done: results.length, total: results.length },
  succeeded: results.filter((r) => r.status === "uploaded").length,
  failed: results.filter((r) => r.status === "failed").length,
  results,
});

/** A shipment of an order that the shop refused. */
const refusedShipment: Result = {
  shipmentId: "shp_01JAAAAAAAAAAAAAAAAAAAAAAA",
  orderId: "ord_01JAAAAAAAAAAAAAAAAAAAAAAA",
  orderNumber: "#1001",
  trackingNumber: "123456789012",
  status: "failed",
  error: "Shopifyが追跡番号を受け付けませんでした。",
};
/** An order of an `order_ids` request with no label to upload. */
const orderWithNothing: Result = {
  shipmentId: null,
  orderId: "ord_01JBBBBBBBBBBBBBBBBBBBBBBB",
  orderNumber: "#1002",
  trackingNumber: null,
  status: "failed",
  error: "アップロードできる送り状がありません。先に送り状を発行してください。",
};

describe("the upload summary's failure list", () => {
  it("is titled for what failed: shipments, orders with nothing to upload, or both", () => {
    const names = new Map<string, string>();
    expect(uploadJobView(job([refusedShipment]), names).failedTitle).toBe("アップロードできなかった出荷");
    const orders = uploadJobView(job([orderWithNothing]), names);
    expect(orders.failedTitle).toBe("アップロードできなかった注文");
    expect(orders.retryIds).toEqual([]);
    const mixed = uploadJobView(job([orderWithNothing, refusedShipment]), names);
    expect(mixed.failedTitle).toBe("アップロードできなかった出荷・注文");
    expect(mixed.failed.map((f) => f.title)).toEqual(["#1001 1234-5678-9012", "#1002"]);
    expect(mixed.retryIds).toEqual([refusedShipment.shipmentId]);
  });
});
