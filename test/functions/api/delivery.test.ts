import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { kyotoCompanyProfile } from "../../support/printing";

/** One order of a fresh company, as a sync wrote it; returns the company and the order's id. */
async function orderOf(overrides: Partial<Order.ShopOrderWrite> = {}) {
  const account = await testAccount();
  // The 会社概要 is the ご依頼主 every carrier judges with the order.
  const profile = await callApi("/api/companies", {
    method: "PUT",
    token: account.idToken,
    body: kyotoCompanyProfile(),
  });
  expect(profile.status, profile.text).toBe(200);
  const { orderId } = await asUser(account, () => Order.upsertFromShop(shopOrderFixture(1, overrides)));
  const put = (carrier: string, body: unknown) =>
    callApi(`/api/orders/${orderId}/delivery/${carrier}`, { method: "PUT", token: account.idToken, body });
  const read = async () => (await callApi(`/api/orders/${orderId}`, { token: account.idToken })).json;
  const counts = async () => (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
  return { account, orderId, put, read, counts };
}

describe("PUT /api/orders/{id}/delivery/{carrier}", () => {
  it("stores a Yamato delivery and refuses what Yamato cannot honour, on the field concerned", async () => {
    const { put, read } = await orderOf();
    const ok = await put("yamato", {
      service_type: "0",
      cool_type: "2",
      ship_date: "2026-11-24",
      delivery_date: "2026-11-26",
      time_slot: "1400",
      item_name: "宇治抹茶",
      handling1: "ナマモノ",
    });
    expect(ok.status).toBe(200);
    expect(ok.json.delivery).toMatchObject({
      carrier: "yamato",
      service_type: "0",
      cool_type: "2",
      time_slot: "1400",
      parcels: 1,
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        "12–14",
        { service_type: "0", time_slot: "1200" },
        "time_slot",
        "ヤマト運輸では12時〜14時の時間帯指定はできません",
      ],
      [
        "コレクト without an amount",
        { service_type: "2" },
        "cod_amount",
        "コレクトでは代引金額を入力してください",
      ],
      [
        "an amount on 発払い",
        { service_type: "0", cod_amount: 3600 },
        "cod_amount",
        "代引金額は送り状種類がコレクトのときだけ入力できます",
      ],
      [
        "a time on ゆうパケット",
        { service_type: "7", time_slot: "0900" },
        "time_slot",
        "この送り状種類ではお届け日時を指定できません",
      ],
      [
        "cool on コンパクト",
        { service_type: "8", cool_type: "1" },
        "cool_type",
        "この送り状種類ではクール便を指定できません",
      ],
      ["an unknown service type", { service_type: "1" }, "service_type", "送り状種類を選択してください"],
      [
        "delivery before shipping",
        { service_type: "0", ship_date: "2026-11-25", delivery_date: "2026-11-24" },
        "delivery_date",
        "お届け希望日は発送予定日以降の日付にしてください",
      ],
      [
        "a 品名 too long for a label",
        { service_type: "0", item_name: "抹茶".repeat(9) },
        "item_name",
        "品名は全角16文字（半角32文字）以内で入力してください",
      ],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await put("yamato", { item_name: "宇治抹茶", ...body });
      expect(res.status, name).toBe(400);
      expect(res.json.fields?.[field], name).toBe(message);
    }
    // Nothing refused was stored.
    expect((await read()).delivery).toMatchObject({ service_type: "0", time_slot: "1400" });
  });

  it("settles the import's unreadable time slot, and checks the recipient against the chosen carrier's label", async () => {
    const { put, read, counts } = await orderOf({
      customer: personFixture({ name: "山﨑 花子" }),
      issues: [{ field: "delivery.time_slot", message: "配達希望時間帯「夕方」を読み取れませんでした。" }],
    });
    expect((await counts()).error).toBe(1);

    // Yamato prints only JIS level 1 and 2 kanji: 﨑 is an error there, not at Sagawa.
    const yamato = await put("yamato", { service_type: "0", item_name: "宇治抹茶", time_slot: "1800" });
    expect(yamato.json.errors).toEqual([
      expect.objectContaining({
        field: "customer.name",
        carrier: "yamato",
        message: expect.stringContaining("﨑"),
      }),
    ]);
    expect((await counts()).error).toBe(1);
    const sagawa = await put("sagawa", { item_name: "宇治抹茶", time_slot: "1800", cod_amount: 3600 });
    expect([sagawa.status, sagawa.json.is_error, sagawa.json.errors]).toEqual([200, false, []]);
    expect((await counts()).error).toBe(0);
    expect((await read()).delivery).toMatchObject({ carrier: "sagawa", cod_amount: 3600 });
  });

  it("stores Japan Post's 支払方法 and Sagawa's 便種, with cash on delivery only on 代金引換", async () => {
    const { put, read } = await orderOf();
    const refused: [string, Record<string, unknown>, string, string][] = [
      ["japan_post", { payment_type: "2" }, "cod_amount", "代金引換では代引金額を入力してください"],
      [
        "japan_post",
        { payment_type: "0", cod_amount: 3600 },
        "cod_amount",
        "代引金額は支払方法が代金引換のときだけ入力できます",
      ],
      ["japan_post", { payment_type: "3" }, "payment_type", "支払方法を選択してください"],
      ["sagawa", { service_type: "006" }, "service_type", "便種を選択してください"],
    ];
    for (const [carrier, body, field, message] of refused) {
      const res = await put(carrier, { item_name: "宇治抹茶", ...body });
      expect([res.status, res.json.fields?.[field]], `${carrier} ${JSON.stringify(body)}`).toEqual([
        400,
        message,
      ]);
    }
    expect((await read()).delivery).toBeNull();

    const cod = await put("japan_post", { item_name: "宇治抹茶", payment_type: "2", cod_amount: 3600 });
    expect(cod.json.delivery).toMatchObject({ carrier: "japan_post", payment_type: "2", cod_amount: 3600 });
    const sagawa = await put("sagawa", { item_name: "宇治抹茶", service_type: "005", time_slot: "0900" });
    expect(sagawa.json.delivery).toMatchObject({ carrier: "sagawa", service_type: "005", cool_type: "0" });
    // Defaults when the merchant leaves them: 元払い, 飛脚宅配便.
    expect((await put("japan_post", { item_name: "宇治抹茶" })).json.delivery.payment_type).toBe("0");
    expect((await put("sagawa", { item_name: "宇治抹茶" })).json.delivery.service_type).toBe("000");
  });

  it("takes another carrier's name and tracking number, and DELETE goes back to the brand's defaults", async () => {
    const { account, orderId, put, read } = await orderOf();
    const bad = await put("sss", { carrier_name: "西濃運輸", tracking_number: "番号" });
    expect(bad.json.fields).toEqual({
      tracking_number: "追跡番号は英数字とハイフン（4〜40文字）で入力してください",
    });
    const ok = await put("sss", { carrier_name: "西濃運輸", tracking_number: "1234-5678-9012" });
    expect(ok.json.delivery).toEqual({
      carrier: "sss",
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
    });
    const reset = await callApi(`/api/orders/${orderId}/delivery`, {
      method: "DELETE",
      token: account.idToken,
    });
    expect([reset.status, reset.json.delivery]).toEqual([200, null]);
    expect((await read()).delivery).toBeNull();
  });
});
