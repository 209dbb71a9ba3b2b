import { Order } from "@okuru/core/order";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";

/** A company with a Yamato hand-off account and four orders: plain, COD, 12–14 requested, cancelled. */
async function companyWithOrders() {
  const account = await testAccount();
  const token = account.idToken;
  // No sender of its own: the company's 会社概要 is the ご依頼主.
  await callApi("/api/companies", {
    method: "PUT",
    token,
    body: {
      name: "株式会社京都抹茶本舗",
      postal_code: "6048005",
      prefecture: "京都府",
      city: "京都市中京区",
      address1: "恵比須町534-40",
      address2: "",
      phone: "075-123-4567",
    },
  });
  const yamato = await callApi("/api/yamato", {
    method: "POST",
    token,
    body: { name: "B2クラウド", mode: "handoff", customer_code: "075123456701", freight_code: "01" },
  });
  expect(yamato.status).toBe(201);
  const orders = await asUser(account, () =>
    Order.upsertPage([
      shopOrderFixture(1, {
        customer: personFixture({
          name: "山﨑 花子",
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
    ]),
  );
  return { account, token, ids: orders.map((o) => o.orderId) };
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
    // お客様管理番号 from the order id; 﨑 in the JIS X 0208 form B2クラウド takes; the contract code; COD as コレクト.
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
