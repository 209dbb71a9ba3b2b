import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exportFormatLabels } from "../../../web/src/components/OrderList/export-formats";
import {
  bulkCarrierChoices,
  bulkDeliveryRequest,
  bulkDoneMessage,
  DEFAULT_SENDER,
  exportView,
  labelBatchView,
  labelPollInterval,
  newLabelRequest,
  senderChoices,
  shipmentRows,
  summarizeBulk,
} from "../../../web/src/components/OrderList/order-bulk";
import { type ExportResult, issueLabels, type Sender, type Shipment } from "../../../web/src/lib/api";
import { labelBatchStatus as batch } from "../../support/web-label-batch";
import { readingRequests, type SentInit } from "../fake-api";

const numbers = new Map([
  ["ord_a", "#1002"],
  ["ord_b", "#1010"],
  ["ord_c", "#1003"],
]);

describe("送り状発行", () => {
  it("polls every second until the batch is done", () => {
    expect(labelPollInterval(undefined)).toBe(1000);
    expect(labelPollInterval(batch())).toBe(1000);
    expect(labelPollInterval(batch({ status: "done" }))).toBe(false);
  });

  it("shows a running batch's progress and the parts already rendered", () => {
    const view = labelBatchView(
      batch({
        progress: { done: 50, total: 120 },
        parts: [{ part: 0, carrier: "yamato", labels: 52, url: "https://s3.example/0.pdf" }],
      }),
      numbers,
    );
    expect(view).toMatchObject({ finished: false, done: 50, total: 120, percent: 42, labels: 52 });
    expect(view.parts).toEqual([
      { key: "0:yamato", title: "ヤマト運輸 52枚", url: "https://s3.example/0.pdf" },
    ]);
    expect(labelBatchView(batch({ progress: { done: 0, total: 0 } }), numbers).percent).toBe(0);
  });

  it("sums up a finished batch: orders with labels, labels printed, and each failed order by number with its reason", () => {
    const view = labelBatchView(
      batch({
        status: "done",
        progress: { done: 4, total: 4 },
        parts: [
          { part: 0, carrier: "yamato", labels: 2, url: "u1" },
          { part: 0, carrier: "sagawa", labels: 1, url: "u2" },
        ],
        results: [
          {
            orderId: "ord_b",
            shipmentIds: [],
            trackingNumbers: [],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: "キャンセルされた注文です。",
          },
          {
            orderId: "ord_a",
            shipmentIds: ["s1", "s2"],
            trackingNumbers: ["1", "2"],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: null,
          },
          {
            orderId: "ord_x",
            shipmentIds: [],
            trackingNumbers: [],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: "注文が見つかりません。",
          },
          {
            orderId: "ord_c",
            shipmentIds: [],
            trackingNumbers: [],
            cancelledTrackingNumbers: [],
            reprint: false,
            changed: false,
            error: "お届け先の電話番号の桁数が正しくありません。",
          },
        ],
      }),
      numbers,
    );
    expect(view).toMatchObject({ finished: true, percent: 100, issued: 1, labels: 3 });
    // By number as read (#1003 before #1010); an order the list does not know keeps its id.
    expect(view.failed).toEqual([
      { orderId: "ord_c", orderNumber: "#1003", reasons: ["お届け先の電話番号の桁数が正しくありません。"] },
      { orderId: "ord_b", orderNumber: "#1010", reasons: ["キャンセルされた注文です。"] },
      { orderId: "ord_x", orderNumber: "ord_x", reasons: ["注文が見つかりません。"] },
    ]);
  });

  it("gives each click a fresh key the API accepts", () => {
    const first = newLabelRequest(numbers.keys());
    const second = newLabelRequest(["ord_a"]);
    expect(first.body).toEqual({ order_ids: ["ord_a", "ord_b", "ord_c"] });
    expect(first.idempotencyKey).not.toBe(second.idempotencyKey);
    // The API's rule (core/src/idempotency RequestKey): 1–128 visible ASCII characters.
    expect(first.idempotencyKey).toMatch(/^[\x21-\x7E]{1,128}$/);
  });

  describe("the request", () => {
    const fetchMock = vi.fn<(url: string, init: SentInit) => Promise<Response>>();
    beforeEach(() => {
      vi.stubGlobal("fetch", readingRequests(fetchMock));
      fetchMock.mockImplementation(
        async () =>
          new Response(JSON.stringify({ label_id: "label_01" }), {
            status: 202,
            headers: { "Content-Type": "application/json" },
          }),
      );
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      fetchMock.mockReset();
    });

    it("sends the click's key with the body, and the same key again on a retry", async () => {
      const request = newLabelRequest(["ord_a", "ord_b"]);
      expect(await issueLabels(request.body, request.idempotencyKey)).toEqual({ labelId: "label_01" });
      await issueLabels(request.body, request.idempotencyKey);
      const sent = fetchMock.mock.calls.map(([url, init]) => ({ url, ...init }));
      expect(sent[0]).toMatchObject({
        url: "/api/shipments/labels",
        method: "POST",
        body: JSON.stringify({ order_ids: ["ord_a", "ord_b"] }),
      });
      expect(sent[0]!.headers["Idempotency-Key"]).toBe(request.idempotencyKey);
      expect(sent[1]!.headers["Idempotency-Key"]).toBe(request.idempotencyKey);
      // The extra header never displaces the client's own.
      expect(sent[0]!.headers).toMatchObject({
        Accept: "application/json",
        "Content-Type": "application/json",
      });
    });
  });
});

describe("CSV出力", () => {
  const result = (overrides: Partial<ExportResult> = {}): ExportResult => ({
    exportId: "export_01",
    format: "yamato_b2",
    filename: "yamato_b2_20260501_abc123.csv",
    url: "https://s3.example/b2.csv",
    included: ["ord_a", "ord_b"],
    again: [],
    warnings: [],
    excluded: [],
    ...overrides,
  });

  it("names the software, counts what went in, and lists each order left out with its reasons once", () => {
    const view = exportView(
      result({
        included: ["ord_a"],
        excluded: [
          {
            orderId: "ord_c",
            reasons: [
              { field: "delivery.time_slot", message: "ヤマト運輸では12時〜14時の時間帯指定はできません" },
              { field: "delivery.time_slot", message: "ヤマト運輸では12時〜14時の時間帯指定はできません" },
              {
                field: "customer.name",
                message: "お届け先名にB2クラウドのファイルに書けない文字があります。",
              },
            ],
          },
        ],
      }),
      numbers,
    );
    expect(view).toMatchObject({ formatLabel: "B2クラウド", included: 1, url: "https://s3.example/b2.csv" });
    expect(view.excluded).toEqual([
      {
        orderId: "ord_c",
        orderNumber: "#1003",
        reasons: [
          "ヤマト運輸では12時〜14時の時間帯指定はできません",
          "お届け先名にB2クラウドのファイルに書けない文字があります。",
        ],
      },
    ]);
    expect(exportView(result({ url: null, included: [] }), numbers)).toMatchObject({
      url: null,
      included: 0,
    });
  });

  it("counts the orders written again and offers a 再出力 only of orders kept out for being handed over before", () => {
    const view = exportView(
      result({
        included: ["ord_a", "ord_b"],
        again: ["ord_b"],
        excluded: [
          { orderId: "ord_c", reasons: [{ field: "order.labels", message: "送り状を発行済みです。" }] },
          {
            orderId: "ord_d",
            reasons: [
              { field: "order.exported", message: "出力済みです。" },
              { field: "order.shipped", message: "発送済みの注文です。" },
            ],
          },
          {
            orderId: "ord_e",
            reasons: [{ field: "delivery.carrier", message: "この注文の配送会社は佐川急便です。" }],
          },
        ],
      }),
      numbers,
    );
    expect(view.again).toBe(1);
    expect(view.heldBack.map((order) => order.orderId)).toEqual(["ord_c", "ord_d"]);
    expect(view.excluded.map((order) => order.orderId)).toEqual(["ord_e"]);
  });

  it("lists the orders written without a field their service cannot carry, each message once", () => {
    const slot = "クリックポストでは配達時間帯を指定できないため、出力しませんでした。";
    const view = exportView(
      result({
        format: "clickpost",
        warnings: [
          { orderId: "ord_c", field: "delivery.time_slot", message: slot },
          { orderId: "ord_a", field: "delivery.handling1", message: "荷扱いを出力しませんでした。" },
          { orderId: "ord_a", field: "delivery.handling2", message: "荷扱いを出力しませんでした。" },
        ],
      }),
      numbers,
    );
    expect(view.leftOut).toEqual([
      { orderId: "ord_a", orderNumber: "#1002", reasons: ["荷扱いを出力しませんでした。"] },
      { orderId: "ord_c", orderNumber: "#1003", reasons: [slot] },
    ]);
  });

  it("has a Japanese name for every format, in the menu's order", () => {
    expect(Object.entries(exportFormatLabels)).toEqual([
      ["yamato_b2", "B2クラウド"],
      ["sagawa_ehiden3", "e飛伝Ⅲ"],
      ["japan_post_yuprir", "ゆうプリR"],
      ["clickpost", "クリックポスト"],
    ]);
  });
});

describe("一括で配送設定", () => {
  it("counts the changed orders and lists the others by number with the API's reason", () => {
    const summary = summarizeBulk(
      [
        { id: "ord_b", error: "佐川急便では代引金額は300,000円以下で入力してください" },
        { id: "ord_a" },
        { id: "ord_c", issues: ["建物名・部屋番号が佐川急便の上限（全角16文字）を超えています。"] },
      ],
      numbers,
    );
    expect(summary).toEqual({
      done: 2,
      failed: [
        {
          orderId: "ord_b",
          orderNumber: "#1010",
          reasons: ["佐川急便では代引金額は300,000円以下で入力してください"],
        },
      ],
      // Changed, and now in the エラー tab: said with the change.
      turnedError: [
        {
          orderId: "ord_c",
          orderNumber: "#1003",
          reasons: ["建物名・部屋番号が佐川急便の上限（全角16文字）を超えています。"],
        },
      ],
    });
    expect(bulkDoneMessage("set_carrier", 2)).toBe("2件の配送会社を変更しました。");
    expect(bulkDoneMessage("set_sender", 1)).toBe("1件の発送元を変更しました。");
    expect(bulkDoneMessage("archive", 3)).toBe("3件をアーカイブしました。");
  });

  it("sends the brand's default sender as null and a carrier as chosen", () => {
    expect(bulkDeliveryRequest(["ord_a"], { action: "set_sender", choice: DEFAULT_SENDER })).toEqual({
      ids: ["ord_a"],
      action: "set_sender",
      sender_id: null,
    });
    expect(bulkDeliveryRequest(numbers.keys(), { action: "set_sender", choice: "sender_01" })).toEqual({
      ids: ["ord_a", "ord_b", "ord_c"],
      action: "set_sender",
      sender_id: "sender_01",
    });
    expect(bulkDeliveryRequest(["ord_a"], { action: "set_carrier", carrier: "sagawa" })).toEqual({
      ids: ["ord_a"],
      action: "set_carrier",
      carrier: "sagawa",
    });
  });

  it("offers the brand's default first, then the senders; and the three carriers with defaults", () => {
    const senders = [{ id: "sender_01", name: "大阪倉庫" }] as Sender[];
    expect(senderChoices(senders)).toEqual([
      { value: DEFAULT_SENDER, label: "ブランドの既定の発送元" },
      { value: "sender_01", label: "大阪倉庫" },
    ]);
    expect(bulkCarrierChoices).toEqual([
      { value: "yamato", label: "ヤマト運輸" },
      { value: "sagawa", label: "佐川急便" },
      { value: "japan_post", label: "日本郵便" },
    ]);
  });
});

describe("the drawer's 送り状", () => {
  it("shows each number 4-4-4 with its carrier, status, parcel and time printed in Japan", () => {
    const shipment = (overrides: Partial<Shipment>) =>
      ({
        id: "shp_1",
        carrier: "yamato",
        trackingNumber: "333000000004",
        status: "issued",
        parcel: 1,
        parcels: 1,
        printedAt: "2026-04-30T16:05:00.000Z",
        ...overrides,
      }) as Shipment;
    const rows = shipmentRows([
      shipment({}),
      shipment({ id: "shp_2", carrier: "sagawa", status: "cancelled", parcel: 2, parcels: 2 }),
      shipment({ id: "shp_3", status: "isShipped" }),
    ]);
    expect(rows[0]).toEqual({
      id: "shp_1",
      trackingNumber: "3330-0000-0004",
      carrier: "ヤマト運輸",
      status: "issued",
      statusLabel: "発行済み",
      printedAt: "2026/05/01 01:05",
      parcel: "",
    });
    expect(rows[1]).toMatchObject({ carrier: "佐川急便", statusLabel: "取消済み", parcel: "2/2個口" });
    expect(rows[2]!.statusLabel).toBe("発送済み");
  });
});
