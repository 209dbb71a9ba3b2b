import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  TrackingUploadModal,
  useTrackingUpload,
} from "../../../web/src/components/TrackingUpload/TrackingUploadModal";
import { AppProviders } from "../../../web/src/providers";
import { stubApi, type Wire } from "../fake-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

/** A screen that starts an upload of two shipments, as 出荷履歴's bulk bar does. */
function Host() {
  const flow = useTrackingUpload();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          flow.start(
            { shipment_ids: ["shp_a", "shp_b"] },
            new Map([
              ["shp_a", "#1001 1234-5678-9012"],
              ["shp_b", "#1002 2234-5678-9012"],
            ]),
          )
        }
      >
        開始
      </button>
      <TrackingUploadModal flow={flow} />
    </>
  );
}

const result = (
  shipment_id: string,
  status: "uploaded" | "failed",
  error: string | null = null,
): Wire["TrackingUploadJob"]["results"][number] => ({
  shipment_id,
  order_id: `ord_${shipment_id}`,
  order_number: null,
  tracking_number: null,
  status,
  error,
});

describe("the shared request → progress → results flow (tracking upload)", () => {
  it("follows the job to its summary, names the failure, and retries only the failed shipment under a new key", async () => {
    let accepted = 0;
    let reads = 0;
    const fetchMock = stubApi({
      "PUT /api/shipments/upload_tracking_numbers": () => {
        accepted += 1;
        return { status: 202, body: { job_id: accepted === 1 ? "job_first" : "job_retry" } };
      },
      "GET /api/shipments/upload_tracking_numbers/job_first": () => {
        reads += 1;
        return {
          body:
            reads === 1
              ? {
                  job_id: "job_first",
                  status: "running",
                  progress: { done: 0, total: 2 },
                  succeeded: 0,
                  failed: 0,
                  results: [],
                }
              : {
                  job_id: "job_first",
                  status: "done",
                  progress: { done: 2, total: 2 },
                  succeeded: 1,
                  failed: 1,
                  results: [
                    result("shp_a", "uploaded"),
                    result("shp_b", "failed", "Shopifyが追跡番号を受け付けませんでした。"),
                  ],
                },
        };
      },
      "GET /api/shipments/upload_tracking_numbers/job_retry": () => ({
        body: {
          job_id: "job_retry",
          status: "done",
          progress: { done: 1, total: 1 },
          succeeded: 1,
          failed: 0,
          results: [result("shp_b", "uploaded")],
        },
      }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient} env="test">
        <Host />
      </AppProviders>,
    );

    fireEvent.click(screen.getByRole("button", { name: "開始" }));
    const dialog = await screen.findByRole("dialog", { name: "追跡番号のアップロード" });
    await within(dialog).findByText("0 / 2件");
    await within(dialog).findByText("アップロードが完了しました", {}, { timeout: 5000 });
    within(dialog).getByText("1件の追跡番号をストアにアップロードしました");
    const failed = within(dialog).getByRole("alert", { name: "アップロードできなかった出荷（1件）" });
    expect(within(failed).getByRole("listitem").textContent).toBe(
      "#1002 2234-5678-9012Shopifyが追跡番号を受け付けませんでした。",
    );
    const puts = () =>
      fetchMock.mock.calls
        .filter(([url, init]) => String(url).endsWith("/upload_tracking_numbers") && init?.method === "PUT")
        .map(([, init]) => ({
          body: JSON.parse(String(init!.body)),
          key: (init!.headers as Record<string, string>)["Idempotency-Key"],
        }));
    expect(puts()).toEqual([{ body: { shipment_ids: ["shp_a", "shp_b"] }, key: expect.any(String) }]);

    fireEvent.click(within(failed).getByRole("button", { name: "失敗分を再試行" }));
    await within(dialog).findByText("1 / 1件");
    within(dialog).getByText("1件の追跡番号をストアにアップロードしました");
    expect(within(dialog).queryByRole("alert", { name: /アップロードできなかった/ })).toBeNull();
    const [first, retry] = puts();
    expect(retry!.body).toEqual({ shipment_ids: ["shp_b"] });
    expect(retry!.key).not.toBe(first!.key);
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
  });
});
