import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { importedShipments, issuedLines, matchedPairs } from "../../support/imports";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // A label-job queue of this file's own, so the drain sees only this file's batches.
  await usePrivateQueue("labelJob", {});
});

/** A company with a Yamato hand-off account and four orders: plain, COD, 12–14 requested, cancelled. */
function companyWithOrders() {
  // No sender of its own: the company's 会社概要 is the ご依頼主.
  return shippingCompany({
    yamato: "handoff",
    orders: [
      shopOrderFixture(1, {
        customer: personFixture({
          name: "山崎 花子",
          postalCode: "6008216",
          prefecture: "京都府",
          city: "京都市下京区",
          address1: "烏丸通七条下る東塩小路町７２１－１",
          address2: "京都タワービル１２Ｆ",
        }),
      }),
      shopOrderFixture(2, { codAmount: 5400, requestedTimeSlot: "1800" }),
      shopOrderFixture(3, { requestedTimeSlot: "1200" }),
      shopOrderFixture(4, { platformStatus: "cancelled" }),
    ],
  });
}

const exportFile = (token: string, body: unknown) => callApi("/api/exports", { method: "POST", token, body });

describe("POST /api/exports", () => {
  it("writes a B2クラウド file of the orders that fit, lists the others with reasons, and marks what went out", async () => {
    const { token, ids } = await companyWithOrders();
    const res = await exportFile(token, {
      format: "yamato_b2",
      order_ids: [...ids, "ord_01JAAAAAAAAAAAAAAAAAAAAAAA"],
    });
    expect(res.status).toBe(201);
    expect(res.json.included, JSON.stringify(res.json.excluded)).toEqual([ids[0], ids[1]]);
    expect(res.json.excluded).toEqual([
      {
        order_id: ids[2],
        reasons: [
          { field: "delivery.time_slot", message: "ヤマト運輸では12時〜14時の時間帯指定はできません" },
        ],
      },
      { order_id: ids[3], reasons: [{ field: "order", message: "キャンセルされた注文です。" }] },
      {
        order_id: "ord_01JAAAAAAAAAAAAAAAAAAAAAAA",
        reasons: [{ field: "order", message: "注文が見つかりません。" }],
      },
    ]);
    expect(res.json.filename).toMatch(/^yamato_b2_\d{8}_[a-z0-9]{6}\.csv$/);

    // The presigned URL serves the file: strict CP932, CRLF, a header and one row per order, 97 columns.
    const download = await fetch(res.json.url);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    const text = iconv.decode(bytes, "cp932");
    expect(iconv.encode(text, "cp932").equals(bytes)).toBe(true);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    const rows = lines.slice(1).map((line) => line.split(","));
    expect(rows.map((r) => r.length)).toEqual([97, 97]);
    // お客様管理番号 from the order id; the name as the order has it; the contract code; COD as コレクト.
    expect(rows[0]![0]).toBe(ids[0]!.slice(-12));
    expect(rows[0]![15]).toBe("山崎 花子");
    expect(rows[0]![39]).toBe("075123456701");
    expect([rows[1]![1], rows[1]![6], rows[1]![33]]).toEqual(["2", "1820", "5400"]);

    const marked = (await callApi(`/api/orders/${ids[0]}`, { token })).json;
    expect(marked.exported).toMatchObject({ format: "yamato_b2", reference: ids[0]!.slice(-12) });
    expect(marked.delivery).toBeNull(); // exporting never changes the order
    expect((await callApi(`/api/orders/${ids[2]}`, { token })).json.exported).toBeNull();
  });

  it("needs the carrier's account, and reads nothing of another company", async () => {
    const { token, ids } = await companyWithOrders();
    const noSagawa = await exportFile(token, { format: "sagawa_ehiden3", order_ids: ids });
    expect([noSagawa.status, noSagawa.json.code]).toEqual([422, "export.no_account"]);

    const other = await testAccount();
    await callApi("/api/yamato", {
      method: "POST",
      token: other.idToken,
      body: { name: "B2", mode: "handoff", customer_code: "012345678901" },
    });
    const foreign = await exportFile(other.idToken, { format: "yamato_b2", order_ids: [ids[0]] });
    expect(foreign.json).toMatchObject({
      url: null,
      included: [],
      excluded: [{ order_id: ids[0], reasons: [{ field: "order", message: "注文が見つかりません。" }] }],
    });
    expect((await callApi(`/api/orders/${ids[0]}`, { token })).json.exported).toBeNull();

    const bad = await exportFile(token, { format: "b2", order_ids: [] });
    expect(bad.json.fields).toEqual({
      format: "出力形式を選択してください",
      order_ids: "注文を選択してください",
    });
  });
});

describe("POST /api/imports", () => {
  it("attaches B2クラウド's issued numbers to the exported orders once, and reports every other row", async () => {
    const { token, ids } = await companyWithOrders();
    const exported = await exportFile(token, { format: "yamato_b2", order_ids: [ids[0], ids[1]] });
    const csv = iconv.decode(Buffer.from(await (await fetch(exported.json.url)).arrayBuffer()), "cp932");
    // B2クラウド fills 伝票番号 (column 4) and hands the same layout back.
    const numbers = ["444413758703", "389711074012"];
    const issued = [
      ...issuedLines(csv, numbers),
      // A number with a wrong check digit, and a reference this company never exported.
      `${ids[0]!.slice(-12)},0,0,444413758704,2026/11/24`,
      "ZZZZZZZZZZZZ,0,0,490714955706,2026/11/24",
    ].join("\r\n");
    const importFile = () =>
      callApi("/api/imports", {
        method: "POST",
        token,
        body: {
          format: "yamato_b2",
          content_base64: iconv.encode(`${issued}\r\n`, "cp932").toString("base64"),
        },
      });

    const first = await importFile();
    expect(first.status).toBe(200);
    expect(matchedPairs(first.json)).toEqual([
      [ids[0], numbers[0]],
      [ids[1], numbers[1]],
    ]);
    expect(first.json.rejected).toEqual([
      expect.objectContaining({ line: 4, reason: expect.stringContaining("チェックデジット") }),
    ]);
    expect(first.json.unmatched).toEqual([
      expect.objectContaining({ line: 5, reference: "ZZZZZZZZZZZZ", tracking_number: "490714955706" }),
    ]);
    const shipments = await callApi(`/api/shipments?order_id=${ids[0]}`, { token });
    expect(shipments.json.items).toEqual(importedShipments("yamato", numbers[0]!));

    // Its label came from B2クラウド: we do not draw it again.
    const reissue = await callApi("/api/shipments/reissue", {
      method: "POST",
      token,
      body: { shipment_ids: [shipments.json.items[0].id] },
    });
    expect(reissue.status).toBe(202);
    await drainQueue("labelJob", labelJob);
    const reissued = await callApi(`/api/shipments/labels?label_id=${reissue.json.label_id}`, { token });
    expect(reissued.json.results).toEqual([
      expect.objectContaining({
        error: "配送会社のソフトで発行した送り状は、そのソフトで再発行してください。",
      }),
    ]);

    // The same file again changes nothing.
    const again = await importFile();
    expect([again.json.matched, again.json.unchanged.length]).toEqual([[], 2]);
    expect((await callApi(`/api/shipments?order_id=${ids[0]}`, { token })).json.items).toHaveLength(1);
  });

  it("refuses a number another order already holds, and a file for a carrier without an account", async () => {
    const { token, ids } = await companyWithOrders();
    await exportFile(token, { format: "yamato_b2", order_ids: [ids[0], ids[1]] });
    const file = (rows: string[]) =>
      iconv
        .encode(["お客様管理番号,送り状種類,クール区分,伝票番号", ...rows, ""].join("\r\n"), "cp932")
        .toString("base64");
    const post = (format: string, rows: string[]) =>
      callApi("/api/imports", { method: "POST", token, body: { format, content_base64: file(rows) } });
    await post("yamato_b2", [`${ids[0]!.slice(-12)},0,0,512547514334`]);
    const taken = await post("yamato_b2", [`${ids[1]!.slice(-12)},0,0,512547514334`]);
    expect(taken.json.rejected).toEqual([
      expect.objectContaining({ reason: "この追跡番号は別の注文の出荷に登録済みです。" }),
    ]);
    const sagawa = await post("sagawa_ehiden3", [`${ids[0]!.slice(-12)},512547514334`]);
    expect([sagawa.status, sagawa.json.code]).toEqual([422, "import.no_account"]);
  });
});
