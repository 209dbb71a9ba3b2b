import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LabelIssueModal, useLabelIssue } from "../../../web/src/components/OrderList/LabelIssueModal";
import { AppProviders } from "../../../web/src/providers";
import { sentBodies, stubApi } from "../fake-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

/** The order list's 送り状発行 for one order. */
function Host() {
  const flow = useLabelIssue({ onAccepted: () => {} });
  return (
    <>
      <button
        type="button"
        onClick={() =>
          flow.start(
            new Map([
              ["ord_a", "#1001"],
              ["ord_b", "#1002"],
            ]),
          )
        }
      >
        開始
      </button>
      <LabelIssueModal flow={flow} />
    </>
  );
}

describe("the label issue dialog", () => {
  it("says the labels need the carrier's self-issue contract and test print, and names the carrier files otherwise", async () => {
    stubApi({
      "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: "lbl_a" } }),
      "GET /api/shipments/labels": () => ({
        body: {
          label_id: "lbl_a",
          status: "done",
          progress: { done: 2, total: 2 },
          parts: [{ carrier: "yamato", labels: 2, part: 0, url: "https://files.example/lbl_a-001.pdf" }],
          results: [
            {
              order_id: "ord_a",
              error: null,
              shipment_ids: ["shp_a"],
              tracking_numbers: ["444413758703"],
              cancelled_tracking_numbers: [],
              reprint: false,
              changed: false,
            },
            {
              order_id: "ord_b",
              error: null,
              shipment_ids: ["shp_b"],
              tracking_numbers: ["444413758714"],
              cancelled_tracking_numbers: [],
              reprint: true,
              changed: false,
            },
          ],
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
    const dialog = await screen.findByRole("dialog", { name: "送り状発行" });
    await within(dialog).findByText("1件の注文に送り状を発行しました（2枚）");
    // The order labelled before is named as a reprint of its number, not counted as issued.
    const reprints = within(dialog).getByRole("list", { name: "発行済みの送り状を再印刷した注文" });
    expect(reprints.textContent).toContain("#1002");
    expect(reprints.textContent).toContain("4444-1375-8714");
    const notice = within(dialog).getByRole("alert", {
      name: "送り状の自社印字には配送会社との契約が必要です",
    });
    for (const words of ["自社発行（自社印字）の契約", "テスト印字の承認", "B2クラウド・e飛伝Ⅲ・ゆうプリR"]) {
      expect(notice.textContent).toContain(words);
    }
  });

  it("offers 再発行 for a reprint whose order changed since: its number is cancelled and the order issued anew", async () => {
    const status = (labelId: string, results: unknown[]) => ({
      body: {
        label_id: labelId,
        status: "done",
        progress: { done: results.length, total: results.length },
        parts: [
          { carrier: "yamato", labels: results.length, part: 0, url: `https://files.example/${labelId}.pdf` },
        ],
        results,
      },
    });
    let batches = 0;
    const fetchMock = stubApi({
      "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: `lbl_${++batches}` } }),
      "GET /api/shipments/labels": (_body, url) =>
        url.searchParams.get("label_id") === "lbl_1"
          ? (status("lbl_1", [
              {
                order_id: "ord_a",
                error: null,
                shipment_ids: ["shp_a"],
                tracking_numbers: ["444413758703"],
                cancelled_tracking_numbers: [],
                reprint: true,
                changed: true,
              },
              {
                order_id: "ord_b",
                error: null,
                shipment_ids: ["shp_b"],
                tracking_numbers: ["444413758714"],
                cancelled_tracking_numbers: [],
                reprint: true,
                changed: false,
              },
            ]) as never)
          : (status("lbl_2", [
              {
                order_id: "ord_a",
                error: null,
                shipment_ids: ["shp_c"],
                tracking_numbers: ["444413758725"],
                cancelled_tracking_numbers: [],
                reprint: false,
                changed: false,
              },
            ]) as never),
      "PUT /api/shipments/cancel_shipments": () => ({ body: { results: [{ id: "shp_a" }] } }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient} env="test">
        <Host />
      </AppProviders>,
    );

    fireEvent.click(screen.getByRole("button", { name: "開始" }));
    const dialog = await screen.findByRole("dialog", { name: "送り状発行" });
    const reprints = await within(dialog).findByRole("list", { name: "発行済みの送り状を再印刷した注文" });
    expect(reprints.textContent).toContain("発行後に注文の内容が変わっています");
    fireEvent.click(
      within(dialog).getByRole("button", { name: "内容が変わった1件を取り消して新しい番号で発行" }),
    );
    await within(dialog).findByText("1件の注文に送り状を発行しました（1枚）");
    // Only the changed order's number was retired, and only that order was issued again.
    expect(sentBodies(fetchMock, "PUT /api/shipments/cancel_shipments")).toEqual([{ ids: ["shp_a"] }]);
    expect(sentBodies(fetchMock, "POST /api/shipments/labels")).toEqual([
      { order_ids: ["ord_a", "ord_b"] },
      { order_ids: ["ord_a"] },
    ]);
  });
});
