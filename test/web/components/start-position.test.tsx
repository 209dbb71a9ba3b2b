import { layouts } from "@okuru/core/shared/brand";
import { labelledText } from "@okuru/core/shared/label-badge";
import { slotsOfLayout } from "@okuru/core/shared/sheet-layouts";
import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StartPositionPicker } from "../../../web/src/components/LabelBatch/StartPosition";
import { LabelIssueModal, useLabelIssue } from "../../../web/src/components/OrderList/LabelIssueModal";
import { AppProviders } from "../../../web/src/providers";
import { sentBodies, stubApi, type Wire } from "../fake-api";
import { brandBody } from "../settings-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

/** The order list's 送り状発行 with its 印刷開始位置, for one order. */
function Host() {
  const flow = useLabelIssue({ onAccepted: () => {} });
  return (
    <>
      <button type="button" onClick={() => flow.start(new Map([["ord_a", "#1001"]]))}>
        送り状発行
      </button>
      <StartPositionPicker start={flow.startPosition} />
      <LabelIssueModal flow={flow} />
    </>
  );
}

const layout = (value: "1up" | "2up" | "4up") => {
  const setting = { paper: "a4", layout: value, offset_x_mm: 0, offset_y_mm: 0 } as const;
  return { japan_post: setting, sagawa: setting, yamato: setting } satisfies Wire["Brand"]["print_settings"];
};

function renderWith(printSettings: Wire["Brand"]["print_settings"]) {
  const fetchMock = stubApi({
    "GET /api/brands": () => ({ body: brandBody({ print_settings: printSettings }) }),
    "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: "lbl_a" } }),
    "GET /api/shipments/labels": () => ({
      body: {
        label_id: "lbl_a",
        status: "running",
        progress: { done: 0, total: 1 },
        parts: [{ carrier: "yamato", labels: 1, part: 0, url: "https://files.example/lbl_a-001.pdf" }],
        results: [],
      },
    }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} env="test">
      <Host />
    </AppProviders>,
  );
  return fetchMock;
}

describe("印刷開始位置 of a label batch", () => {
  it("offers the four labels of an A4 4面 sheet, two by two, and sends the one picked", async () => {
    const fetchMock = renderWith(layout("4up"));
    fireEvent.click(await screen.findByRole("button", { name: "印刷開始位置: 1枚目" }));
    const sheet = await screen.findByRole("radiogroup", { name: "印刷開始位置" });
    const slots = within(sheet).getAllByRole("radio");
    expect(slots.map((slot) => slot.textContent)).toEqual(["1", "2", "3", "4"]);
    expect(slots[0]).toHaveAttribute("aria-checked", "true");
    fireEvent.click(within(sheet).getByRole("radio", { name: "2枚目から" }));
    await screen.findByRole("button", { name: "印刷開始位置: 2枚目" });

    fireEvent.click(screen.getByRole("button", { name: "送り状発行" }));
    const dialog = await screen.findByRole("dialog", { name: "送り状発行" });
    expect(sentBodies(fetchMock, "POST /api/shipments/labels")).toEqual([
      { order_ids: ["ord_a"], start_position: 2 },
    ]);
    await within(dialog).findByText(/2枚目の位置から印刷しています/);
    // The sheet is used up by that batch: the next one starts at its first label.
    await screen.findByRole("button", { name: "印刷開始位置: 1枚目" });
  });

  it("sends no start position at the first label, and offers none for 1面 paper", async () => {
    const fetchMock = renderWith(layout("1up"));
    await vi.waitFor(() => expect(sentBodies(fetchMock, "GET /api/brands")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: /印刷開始位置/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "送り状発行" }));
    await screen.findByRole("dialog", { name: "送り状発行" });
    expect(sentBodies(fetchMock, "POST /api/shipments/labels")).toEqual([{ order_ids: ["ord_a"] }]);
  });
});

// The order list's first screen takes these from core's modules without schemas (zod stays out).
describe("the values the order list's first screen takes from core", () => {
  it("counts the labels of every layout", () => {
    expect(Object.keys(slotsOfLayout).sort()).toEqual([...layouts].sort());
    expect(slotsOfLayout).toEqual({ "1up": 1, "2up": 2, "4up": 4 });
  });

  it("words the label badge: printed labels, typed numbers, parcels", () => {
    expect(labelledText({ live: 1, typed: 0 })).toBe("送り状発行済み");
    expect(labelledText({ live: 1, typed: 1 })).toBe("追跡番号登録済み");
    expect(labelledText({ live: 3, typed: 1 })).toBe("送り状発行済み（3個口）");
    expect(labelledText({ live: 2, typed: 2 })).toBe("追跡番号登録済み（2個口）");
  });
});
