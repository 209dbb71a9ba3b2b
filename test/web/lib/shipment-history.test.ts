import { describe, expect, it } from "vitest";
import { shipmentStatusLabels } from "../../../web/src/components/OrderList/order-bulk";
import {
  actionsOf,
  cancelSummary,
  emptyText,
  listQuery,
  newReissueRequest,
  reissueView,
  ShipmentSearch,
  searchOf,
  selectionCounts,
  shipmentRow,
  shipmentTabLabels,
  shipmentTabs,
  tabOf,
  withPrinted,
  withTab,
} from "../../../web/src/components/ShipmentHistory/shipment-history";
import type { Shipment } from "../../../web/src/lib/api";
import { labelBatchStatus as status } from "../../support/web-label-batch";

/** A shipment as GET /api/shipments answers it (camelCased). */
const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  id: "shp_1",
  orderId: "ord_1",
  orderNumber: "#1001",
  status: "issued",
  carrier: "yamato",
  carrierAccountId: "ca_1",
  carrierName: null,
  trackingNumber: "333000000004",
  labelId: "label_1",
  parcel: 1,
  parcels: 1,
  source: "label",
  printedAt: "2026-03-31T15:05:00.000Z",
  isError: false,
  errors: [],
  history: [],
  createdAt: "2026-03-31T15:05:00.000Z",
  ...overrides,
});

const selectionOf = (...shipments: Shipment[]) => new Map(shipments.map((s) => [s.id, s] as const));

describe("the URL filters", () => {
  it("reads the spec's link, and falls back to すべて and no dates for anything unreadable", () => {
    expect(ShipmentSearch.parse({ status: "isShipped" })).toEqual({ status: "isShipped" });
    expect(
      ShipmentSearch.parse({ status: "shipped", printed_from: "2026/04/01", printed_to: "2026-04-30" }),
    ).toEqual({ status: undefined, printed_from: undefined, printed_to: "2026-04-30" });
    expect(tabOf(ShipmentSearch.parse({}))).toBe("all");
    expect(tabOf({ status: "cancelled" })).toBe("cancelled");
  });

  it("has a tab for every status, in the order the merchant reads them, then すべて", () => {
    expect(shipmentTabs).toEqual(["issued", "isShipped", "cancelled", "all"]);
    for (const status of Object.keys(shipmentStatusLabels)) expect(shipmentTabs).toContain(status);
    expect(shipmentTabs.map((tab) => shipmentTabLabels[tab])).toEqual([
      "発行済み",
      "発送済み",
      "取消済み",
      "すべて",
    ]);
  });

  it("keeps the dates across tabs and leaves empty params out of the URL", () => {
    const filters = { status: "issued" as const, printed_from: "2026-04-01", printed_to: "2026-04-30" };
    expect(withTab(filters, "all")).toEqual({ printed_from: "2026-04-01", printed_to: "2026-04-30" });
    expect(Object.keys(withTab(filters, "all"))).not.toContain("status");
    expect(withTab({}, "isShipped")).toEqual({ status: "isShipped" });
    expect(searchOf({ status: undefined, printed_from: "", printed_to: undefined })).toEqual({});
  });

  it("waits for the second day of a range, turns a backwards range round, and clears both", () => {
    const filters = { status: "issued" as const };
    expect(withPrinted(filters, "2026-04-10", null)).toBeNull();
    expect(withPrinted(filters, "2026-04-10", "2026-04-01")).toEqual({
      status: "issued",
      printed_from: "2026-04-01",
      printed_to: "2026-04-10",
    });
    expect(
      withPrinted({ ...filters, printed_from: "2026-04-01", printed_to: "2026-04-10" }, null, null),
    ).toEqual({ status: "issued" });
  });

  it("asks the API for one page of the filters, without empty params", () => {
    expect(listQuery({}, undefined, 50)).toEqual({ limit: 50 });
    expect(
      listQuery({ status: "isShipped", printed_from: "2026-04-30", printed_to: "2026-04-01" }, "c2", 50),
    ).toEqual({
      status: "isShipped",
      printed_from: "2026-04-01",
      printed_to: "2026-04-30",
      cursor: "c2",
      limit: 50,
    });
  });

  it("says why a page is empty: the period, else the tab", () => {
    expect(emptyText({ status: "isShipped" }).title).toBe("発送済みの出荷はありません");
    expect(emptyText({}).title).toBe("出荷履歴はまだありません");
    expect(emptyText({ status: "issued", printed_to: "2026-04-01" }).title).toBe(
      "この期間の出荷はありません",
    );
  });
});

describe("a row", () => {
  it("shows the number 4-4-4, the carrier's name, the parcel of several, Japan time and the status", () => {
    const row = shipmentRow(shipment({ parcel: 2, parcels: 3, status: "isShipped", source: "import" }));
    expect(row).toMatchObject({
      orderNumber: "#1001",
      carrier: "ヤマト運輸",
      trackingNumber: "3330-0000-0004",
      parcel: "2/3個口",
      // 15:05 UTC on 31 March is 00:05 on 1 April in Japan.
      printedAt: "2026/04/01 00:05",
      statusLabel: "発送済み",
      source: "発行済みデータ取込",
      errors: [],
    });
    expect(shipmentRow(shipment()).parcel).toBe("");
  });

  it("lists the upload errors of a shipment marked in error", () => {
    const row = shipmentRow(
      shipment({
        isError: true,
        errors: [{ field: "tracking_number", message: "ストアに報告できませんでした。" }],
      }),
    );
    expect(row.errors).toEqual(["ストアに報告できませんでした。"]);
  });

  it("offers 再発行 unless cancelled, and 取り消し and the upload only before the shop was told", () => {
    expect(actionsOf({ status: "issued" })).toEqual({
      canReissue: true,
      canCancel: true,
      canUpload: true,
      uploadBlocked: null,
    });
    expect(actionsOf({ status: "isShipped" })).toEqual({
      canReissue: true,
      canCancel: false,
      canUpload: false,
      uploadBlocked: "ストアにアップロード済みです",
    });
    expect(actionsOf({ status: "cancelled" })).toEqual({
      canReissue: false,
      canCancel: false,
      canUpload: false,
      uploadBlocked: "取り消した出荷はアップロードできません",
    });
    expect(
      selectionCounts(
        selectionOf(
          shipment({ id: "a" }),
          shipment({ id: "b", status: "isShipped" }),
          shipment({ id: "c", status: "cancelled" }),
        ),
      ),
    ).toEqual({ reissue: 2, cancel: 1, upload: 1 });
  });
});

describe("取り消し results", () => {
  it("counts what was cancelled and names each refusal with its Japanese reason, in number order", () => {
    const selection = selectionOf(
      shipment({ id: "a", orderNumber: "#1010", trackingNumber: "333000000015" }),
      shipment({ id: "b", orderNumber: "#1002", trackingNumber: "333000000026" }),
      shipment({ id: "c" }),
    );
    const summary = cancelSummary(
      [
        { id: "a", error: "ストアに発送を報告済みのため取り消せません。" },
        { id: "b", error: "他の操作と競合しました。再度お試しください。" },
        { id: "c" },
        { id: "shp_gone", error: "出荷情報が見つかりません。" },
      ],
      selection,
    );
    expect(summary.done).toBe(1);
    expect(summary.failed.map((f) => f.title)).toEqual([
      "#1002 3330-0000-0026",
      "#1010 3330-0000-0015",
      "shp_gone",
    ]);
    expect(summary.failed[1]!.reasons).toEqual(["ストアに発送を報告済みのため取り消せません。"]);
  });
});

describe("再発行", () => {
  it("sends the selected ids under a fresh key each click", () => {
    const first = newReissueRequest(["a", "b"]);
    expect(first.body).toEqual({ shipment_ids: ["a", "b"] });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(newReissueRequest(["a", "b"]).idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it("shows progress while it runs, then the PDFs, what was reprinted and what was not", () => {
    const kept = shipment({ id: "a", orderId: "ord_1", orderNumber: "#1001" });
    const cancelled = shipment({
      id: "b",
      orderId: "ord_2",
      orderNumber: "#1002",
      trackingNumber: "333000000015",
    });
    // Two parcels of one order: one printed, the other cancelled meanwhile.
    const first = shipment({
      id: "c",
      orderId: "ord_3",
      orderNumber: "#1003",
      trackingNumber: "333000000026",
    });
    const second = shipment({
      id: "d",
      orderId: "ord_3",
      orderNumber: "#1003",
      trackingNumber: "333000000030",
    });
    const selection = selectionOf(kept, cancelled, first, second);

    const running = reissueView(status({ progress: { done: 1, total: 4 } }), selection);
    expect(running).toMatchObject({ finished: false, percent: 25, pdfs: [], failed: [] });

    const done = reissueView(
      status({
        status: "done",
        progress: { done: 4, total: 4 },
        parts: [{ part: 0, carrier: "yamato", url: "https://s3/label.pdf", labels: 2 }],
        results: [
          {
            orderId: "ord_1",
            shipmentIds: ["a"],
            trackingNumbers: ["333000000004"],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: null,
          },
          {
            orderId: "ord_2",
            shipmentIds: [],
            trackingNumbers: [],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: "取り消した出荷は再発行できません。新しく発行してください。",
          },
          {
            orderId: "ord_3",
            shipmentIds: ["c"],
            trackingNumbers: ["333000000026"],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: "取り消した出荷は再発行できません。新しく発行してください。",
          },
        ],
      }),
      selection,
    );
    expect(done).toMatchObject({ finished: true, percent: 100, reissued: 2 });
    expect(done.pdfs).toEqual([{ key: "0:yamato", title: "ヤマト運輸 2枚", url: "https://s3/label.pdf" }]);
    expect(done.failed).toEqual([
      {
        id: "ord_2",
        title: "#1002 3330-0000-0015",
        reasons: ["取り消した出荷は再発行できません。新しく発行してください。"],
      },
      {
        id: "ord_3",
        title: "#1003 3330-0000-0030",
        reasons: ["取り消した出荷は再発行できません。新しく発行してください。"],
      },
    ]);
  });
});
