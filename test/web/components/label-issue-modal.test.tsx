import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LabelIssueModal, useLabelIssue } from "../../../web/src/components/OrderList/LabelIssueModal";
import { AppProviders } from "../../../web/src/providers";
import { stubApi } from "../fake-api";

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
            },
            {
              order_id: "ord_b",
              error: null,
              shipment_ids: ["shp_b"],
              tracking_numbers: ["444413758714"],
              cancelled_tracking_numbers: [],
              reprint: true,
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
});
