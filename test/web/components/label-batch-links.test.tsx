import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LabelIssueModal, useLabelIssue } from "../../../web/src/components/OrderList/LabelIssueModal";
import { AppProviders } from "../../../web/src/providers";
import { stubApi, type Wire } from "../fake-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

function Host() {
  const flow = useLabelIssue({ onAccepted: () => {} });
  return (
    <>
      <button type="button" onClick={() => flow.start(new Map([["ord_a", "#1001"]]))}>
        開始
      </button>
      <LabelIssueModal flow={flow} />
    </>
  );
}

/** A presigned URL as S3 signs it: X-Amz-Date and X-Amz-Expires (seconds) say when it stops working. */
function signedUrl(name: string, signedAt: Date, reads: number) {
  const stamp = signedAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `https://files.example/${name}?X-Amz-Date=${stamp}&X-Amz-Expires=900&read=${reads}`;
}

const result = {
  order_id: "ord_a",
  error: null,
  shipment_ids: ["shp_a"],
  tracking_numbers: ["444413758703"],
  cancelled_tracking_numbers: [],
  reprint: false,
  changed: false,
};

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <Host />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole("button", { name: "開始" }));
  return screen.findByRole("dialog", { name: "送り状発行" });
}

describe("the label batch dialog's PDF links", () => {
  it("offers one PDF per carrier for the whole batch once it is drawn, the parts' PDFs while it runs", async () => {
    let reads = 0;
    stubApi({
      "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: "lbl_a" } }),
      "GET /api/shipments/labels": () => {
        reads += 1;
        const now = new Date();
        const body: Wire["LabelBatchStatus"] = {
          label_id: "lbl_a",
          status: reads === 1 ? "running" : "done",
          progress: { done: reads === 1 ? 10 : 60, total: 60 },
          parts: [
            { carrier: "yamato", labels: 8, part: 0, url: signedUrl("001-yamato.pdf", now, reads) },
            { carrier: "japan_post", labels: 2, part: 0, url: signedUrl("001-japan_post.pdf", now, reads) },
          ],
          ...(reads > 1 && {
            files: [
              { carrier: "yamato", labels: 48, url: signedUrl("all-yamato.pdf", now, reads) },
              { carrier: "japan_post", labels: 4, url: signedUrl("all-japan_post.pdf", now, reads) },
              { carrier: "sagawa", labels: 5, url: signedUrl("all-sagawa.pdf", now, reads) },
            ],
          }),
          results: [result],
        };
        return { body };
      },
    });
    const dialog = await renderDialog();
    await within(dialog).findByText("1. ヤマト運輸 8枚");
    await within(dialog).findByText("1. ヤマト運輸 48枚（まとめて1つのPDF）", {}, { timeout: 5000 });
    expect(within(dialog).getByText("2. 日本郵便 4枚（まとめて1つのPDF）")).toBeTruthy();
    expect(within(dialog).getByText("3. 佐川急便 5枚（まとめて1つのPDF）")).toBeTruthy();
    expect(within(dialog).queryByText("1. ヤマト運輸 8枚")).toBeNull();
    const links = within(dialog).getAllByRole("link", { name: "PDFを開く" });
    expect(links.map((l) => new URL(l.getAttribute("href")!).pathname)).toEqual([
      "/all-yamato.pdf",
      "/all-japan_post.pdf",
      "/all-sagawa.pdf",
    ]);
  });

  it("reads the batch again for a link whose URL has expired, and opens the fresh URL", async () => {
    let reads = 0;
    stubApi({
      "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: "lbl_b" } }),
      "GET /api/shipments/labels": () => {
        reads += 1;
        // The first read's links were signed 20 minutes ago: expired by the time they are clicked.
        const signedAt = new Date(Date.now() - (reads === 1 ? 20 * 60_000 : 0));
        const body: Wire["LabelBatchStatus"] = {
          label_id: "lbl_b",
          status: "done",
          progress: { done: 1, total: 1 },
          parts: [
            { carrier: "yamato", labels: 1, part: 0, url: signedUrl("001-yamato.pdf", signedAt, reads) },
          ],
          files: [{ carrier: "yamato", labels: 1, url: signedUrl("all-yamato.pdf", signedAt, reads) }],
          results: [result],
        };
        return { body };
      },
    });
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal("open", open);
    const dialog = await renderDialog();
    await within(dialog).findByText("ヤマト運輸 1枚（まとめて1つのPDF）");
    const link = within(dialog).getByRole("link", { name: "PDFを開く" });
    expect(link.getAttribute("href")).toContain("read=1");
    fireEvent.click(link);
    // A tab opened at once (so the browser lets it), then sent to the URL read again.
    expect(open).toHaveBeenCalledWith("", "_blank");
    await waitFor(() => expect(tab.location.href).toContain("read=2"));
    expect(new URL(tab.location.href).pathname).toBe("/all-yamato.pdf");
    expect(tab.opener).toBeNull();
    expect(reads).toBe(2);
    // The dialog's link is the fresh one now.
    await waitFor(() =>
      expect(within(dialog).getByRole("link", { name: "PDFを開く" }).getAttribute("href")).toContain(
        "read=2",
      ),
    );

    // A link still valid is followed as it is: no read, no script-opened tab (the test
    // environment's own navigation is held back after the dialog has seen the click).
    let followed = false;
    const holdBack = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener("click", holdBack);
    fireEvent.click(within(dialog).getByRole("link", { name: "PDFを開く" }));
    document.removeEventListener("click", holdBack);
    expect(followed).toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(reads).toBe(2);
  });
});
