import { Order } from "@okuru/core/entities/order";
import { checkDigit } from "@okuru/core/shared/tracking-number";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { importedShipments } from "../../support/imports";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { kyotoCompanyProfile } from "../../support/printing";

/**
 * 注文番号と追跡番号のCSV (format `order_numbers`): クリックポスト's numbers come back
 * by order number, since its file has no お客様管理番号. Export クリックポスト → the
 * merchant's two-column file → import → shipments; unmatched, duplicate and ambiguous
 * rows; another company's order numbers never match.
 */

/** A company with a Japan Post hand-off account and orders #1001… (one per fixture number). */
async function company(
  numbers: number[],
  overrides: (n: number) => Partial<Order.ShopOrderWrite> = () => ({}),
) {
  const account = await testAccount();
  const token = account.idToken;
  await callApi("/api/companies", { method: "PUT", token, body: kyotoCompanyProfile() });
  const japanPost = await callApi("/api/japan_post", {
    method: "POST",
    token,
    body: { name: "ゆうパック 本社", mode: "handoff" },
  });
  expect(japanPost.status).toBe(201);
  const orders = await asUser(account, () =>
    Order.upsertPage(numbers.map((n) => shopOrderFixture(n, overrides(n)))),
  );
  return { account, token, ids: orders.map((o) => o.orderId) };
}

const cp932Base64 = (lines: string[]) =>
  iconv.encode(`${lines.join("\r\n")}\r\n`, "cp932").toString("base64");
const importNumbers = (token: string, lines: string[], carrier = "japan_post") =>
  callApi("/api/imports", {
    method: "POST",
    token,
    body: { format: "order_numbers", carrier, content_base64: cp932Base64(lines) },
  });

/** 12-digit numbers as クリックポスト prints them; the second fails the mod-7 digit other carriers use. */
const numbers = ["405548424886", `11223344556${(checkDigit("11223344556") + 1) % 7}`, "490714955706"];

describe("POST /api/imports with order_numbers", () => {
  it("round trip: クリックポスト export → 注文番号,追跡番号 → shipments of the right orders, once", async () => {
    const { token, ids } = await company([1, 2, 3], (n) =>
      n === 2
        ? {
            customer: personFixture({
              name: "山﨑 花子",
              postalCode: "０６０－０００３",
              prefecture: "北海道",
              city: "札幌市中央区",
              address1: "北三条西四丁目1番地1",
              address2: "日本生命札幌ビル12階",
            }),
          }
        : {},
    );
    const exported = await callApi("/api/exports", {
      method: "POST",
      token,
      body: { format: "clickpost", order_ids: ids },
    });
    expect(exported.status).toBe(201);
    expect(exported.json.included, JSON.stringify(exported.json.excluded)).toEqual(ids);
    const file = iconv.decode(Buffer.from(await (await fetch(exported.json.url)).arrayBuffer()), "cp932");
    const rows = file.split("\r\n").filter(Boolean).slice(1);
    // CP932 holds 﨑 (only B2クラウド needs JIS X 0208); the full-width postal code is half-width.
    expect(rows[1]!.split(",").slice(0, 2)).toEqual(["060-0003", "山﨑 花子"]);

    // The merchant notes each label's number next to the shop's order number, in file order.
    const orderNumbers = ["#1001", "1002", "＃１００３"];
    const lines = [
      "注文番号,追跡番号",
      ...rows.map((_, i) => `${orderNumbers[i]},${numbers[i]!.replace(/(\d{4})(\d{4})/, "$1-$2-")}`),
      "#1001,405548424886", // the same row again
      "#1999,389711074012", // no such order
    ];
    const first = await importNumbers(token, lines);
    expect(first.status).toBe(200);
    expect(
      first.json.matched.map((m: { order_id: string; tracking_number: string; reference: string }) => [
        m.reference,
        m.order_id,
        m.tracking_number,
      ]),
    ).toEqual([
      ["#1001", ids[0], numbers[0]],
      ["1002", ids[1], numbers[1]],
      ["＃１００３", ids[2], numbers[2]],
    ]);
    expect(first.json.rejected).toEqual([
      expect.objectContaining({ line: 5, reason: "2行目と同じ注文番号・追跡番号の行です（重複）。" }),
    ]);
    expect(first.json.unmatched).toEqual([
      expect.objectContaining({
        line: 6,
        reference: "#1999",
        reason: "この注文番号の注文が見つかりません。ストアの注文番号か確認してください。",
      }),
    ]);
    const shipments = await callApi(`/api/shipments?order_id=${ids[1]}`, { token });
    expect(shipments.json.items).toEqual(importedShipments("japan_post", numbers[1]!));

    const again = await importNumbers(token, lines);
    expect([again.json.matched, again.json.unchanged.length]).toEqual([[], 3]);
    expect((await callApi(`/api/shipments?order_id=${ids[1]}`, { token })).json.items).toHaveLength(1);
  });

  it("checks the mod-7 digit where one is defined (Yamato), not for Japan Post's クリックポスト", async () => {
    const { token } = await company([1, 2]);
    await callApi("/api/yamato", {
      method: "POST",
      token,
      body: { name: "B2", mode: "handoff", customer_code: "075123456701" },
    });
    const yamato = await importNumbers(token, ["#1001,444413758703", `#1002,${numbers[1]}`], "yamato");
    expect(yamato.json.matched.map((m: { tracking_number: string }) => m.tracking_number)).toEqual([
      "444413758703",
    ]);
    expect(yamato.json.rejected).toEqual([
      expect.objectContaining({
        line: 2,
        reason: `追跡番号（${numbers[1]}）のチェックデジットが正しくありません。`,
      }),
    ]);
    const missingCarrier = await callApi("/api/imports", {
      method: "POST",
      token,
      body: { format: "order_numbers", content_base64: cp932Base64(["#1001,405548424886"]) },
    });
    expect([missingCarrier.status, missingCarrier.json.fields]).toEqual([
      400,
      { carrier: "配送会社を選択してください" },
    ]);
    // Numbers by order number need no contract of that carrier here (the company has no
    // Sagawa account): the shipment names none, as a number typed by hand does.
    const sagawa = await importNumbers(token, ["#1002,512547514334"], "sagawa");
    expect([sagawa.status, sagawa.json.matched.length]).toEqual([200, 1]);
    const [shipment] = (
      await callApi(`/api/shipments?order_id=${sagawa.json.matched[0].order_id}`, { token })
    ).json.items;
    expect(shipment).toMatchObject({
      carrier: "sagawa",
      carrier_account_id: "",
      tracking_number: "512547514334",
    });
  });

  it("never matches another company's order numbers, and refuses a number two of its own shops use", async () => {
    const a = await company([1, 2]);
    // B has its own #1002, and #1005 twice: once in each of two shops.
    const b = await company([2, 5]);
    await asUser(b.account, () =>
      Order.upsertPage([
        shopOrderFixture(5, {
          shopId: "shop_01JTESTSHOP00000000000001",
          platform: "ecforce",
          platformOrderId: "ec-5",
          orderNumber: "1005",
        }),
      ]),
    );
    const result = await importNumbers(b.token, [
      "#1001,405548424886",
      "#1002,389711074012",
      "1005,490714955706",
    ]);
    expect(result.json.unmatched.map((u: { reference: string }) => u.reference)).toEqual(["#1001"]);
    expect(result.json.matched.map((m: { order_id: string }) => m.order_id)).toEqual([b.ids[0]]);
    expect(result.json.rejected).toEqual([
      expect.objectContaining({
        line: 3,
        reason:
          "この注文番号の注文が2件あります（別のストアの注文）。どの注文か決められないため取り込みません。",
      }),
    ]);
    for (const id of a.ids)
      expect((await callApi(`/api/shipments?order_id=${id}`, { token: a.token })).json.items).toEqual([]);
  });
});
