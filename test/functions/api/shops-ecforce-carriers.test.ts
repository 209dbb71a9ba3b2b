import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { handler as labelJobHandler } from "../../../functions/src/queue/label-job";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { fetchEcforce } from "../../support/ecforce-fetch";
import { apiCaller, type Call, kyotoCompanyProfile } from "../../support/printing";
import { printableSeedPerson, seedOrderTo } from "../../support/seed-orders";
import { drainQueue, usePrivateOrderSyncQueue, useShops } from "../../support/simulators";

/**
 * An Ecforce shop's delivery-company mapping (店舗設定「配送業者の対応」): saved per shop
 * through PUT /api/shops/ecforce, checked against the shop's live list in the simulated
 * Ecforce, and used by the tracking upload, which the simulated shop is then asked
 * about through its own admin REST API.
 */

const shops = useShops("labelJob", "trackingUpload");

/** Delivery companies as a merchant named them in the shop: none is called ヤマト or 佐川. */
const ownNames = [
  { id: 11, name: "宅急便（本社契約）", times: ["午前中"] },
  { id: 12, name: "飛脚宅配便", times: ["午前中"] },
  { id: 13, name: "ゆうパック", times: ["午前中"] },
] as const;

const person = (n: number) =>
  printableSeedPerson(n, {
    familyName: "高橋",
    givenName: `一郎${n}`,
    familyNameKana: "タカハシ",
    givenNameKana: "イチロウ",
  });

/** The n-th open order (#2000+n) to person(n), a little older each. */
const seed = (n: number): SeedOrder => seedOrderTo(person, n, 3);

async function company(name: string) {
  const account = await testAccount(name);
  return { account, call: apiCaller(account) };
}

async function connectEcforce(call: Call, shopName: string, seeds: SeedOrder[]) {
  const { apiToken } = shops().ecforce.addShop(shopName, seeds, { carriers: ownNames });
  const connected = await call("/shops/ecforce", "POST", {
    base_url: shops().ecforceBaseUrl(shopName),
    api_token: apiToken,
  });
  expect(connected.status, JSON.stringify(connected.json)).toBe(201);
  return { shop: connected.json as { id: string }, apiToken };
}

/** The order as the shop's own admin API answers it (GET /api/v2/admin/orders/:id.json). */
async function ecforceOrder(shopName: string, apiToken: string, number: number) {
  const base = `${shops().ecforceBaseUrl(shopName)}/api/v2/admin`;
  const headers = { Authorization: `Token token="${apiToken}"`, Accept: "application/json" };
  const list = await fetchEcforce(`${base}/orders.json?q[number_eq]=${number}`, { headers });
  expect(list.status).toBe(200);
  const { data } = (await list.json()) as { data: { id: string; attributes: { number: unknown } }[] };
  const found = data.find((o) => String(o.attributes.number) === String(number));
  expect(found, `order ${number} in ${shopName}`).toBeTruthy();
  const one = await fetchEcforce(`${base}/orders/${found!.id}.json`, { headers });
  expect(one.status).toBe(200);
  return ((await one.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
}

describe("PUT /api/shops/ecforce carrier_mapping", () => {
  it("lists the shop's companies with the name-matched default, saves a mapping, refuses an unknown id", async () => {
    const { call } = await company("おくる配送マップ商店");
    const { shop } = await connectEcforce(call, "okuru-map-save", []);

    const carriers = await call(`/shops/ecforce/carriers?shop_id=${shop.id}`);
    expect(carriers.status).toBe(200);
    expect(carriers.json.items.map((c: { id: string; name: string }) => [c.id, c.name])).toEqual(
      ownNames.map((c) => [String(c.id), c.name]),
    );
    // Only ゆうパック reads as one of ours by its name.
    expect(carriers.json.suggested).toEqual({ yamato: null, sagawa: null, japan_post: "13" });

    const listed = async () =>
      (await call("/shops")).json.items.find((s: { id: string }) => s.id === shop.id) as {
        carrier_mapping: Record<string, string | null>;
        settings: Record<string, unknown>;
      };
    expect((await listed()).carrier_mapping).toEqual({ yamato: null, sagawa: null, japan_post: null });
    const settingsBefore = (await listed()).settings;

    const unknown = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { yamato: "11", sagawa: "99" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toEqual({
      "carrier_mapping.sagawa": "ショップに登録されていない配送業者です。一覧から選択してください",
    });
    expect((await listed()).carrier_mapping).toEqual({ yamato: null, sagawa: null, japan_post: null });

    const saved = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { yamato: "11" },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.carrier_mapping).toEqual({ yamato: "11", sagawa: null, japan_post: null });
    // A later change of one carrier keeps the others; null clears one.
    const more = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { sagawa: "12", japan_post: "13" },
    });
    expect(more.json.carrier_mapping).toEqual({ yamato: "11", sagawa: "12", japan_post: "13" });
    const cleared = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { japan_post: null },
    });
    expect(cleared.json.carrier_mapping).toEqual({ yamato: "11", sagawa: "12", japan_post: null });
    expect((await listed()).carrier_mapping).toEqual({ yamato: "11", sagawa: "12", japan_post: null });
    expect((await listed()).settings).toEqual(settingsBefore);

    // An unknown carrier key is refused by the schema.
    const badKey = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { seino: "11" },
    });
    expect(badKey.status).toBe(400);
  });

  it("another company's shop is not found, and nothing changes", async () => {
    const a = await company("おくる配送マップA");
    const b = await company("おくる配送マップB");
    const { shop } = await connectEcforce(a.call, "okuru-map-tenant", []);
    const saved = await a.call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { yamato: "11" },
    });
    expect(saved.status).toBe(200);

    const theirs = await b.call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { yamato: "12" },
    });
    expect(theirs.status).toBe(404);
    expect((await b.call(`/shops/ecforce/carriers?shop_id=${shop.id}`)).status).toBe(404);
    const mine = (await a.call("/shops")).json.items.find((s: { id: string }) => s.id === shop.id);
    expect(mine.carrier_mapping).toEqual({ yamato: "11", sagawa: null, japan_post: null });
  });
});

describe("tracking upload with the mapping", () => {
  it("sends the mapped company even when no name matches; with neither it says where to set it", async () => {
    await usePrivateOrderSyncQueue();
    const { call } = await company("おくる配送マップ茶舗");
    expect((await call("/companies", "PUT", kyotoCompanyProfile("おくる配送マップ茶舗"))).status).toBe(200);
    const first = 34_700_000_000 + (process.pid % 1000) * 100_000;
    const yamato = await call("/yamato", "POST", {
      name: "ヤマト運輸 自社印刷",
      mode: "self_printed",
      customer_code: "075123456701",
      tracking_ranges: [{ first: trackingNumberOf(first), last: trackingNumberOf(first + 99) }],
    });
    expect(yamato.status, JSON.stringify(yamato.json)).toBe(201);

    const shopName = "okuru-map-upload";
    const { shop, apiToken } = await connectEcforce(call, shopName, [seed(1)]);
    await drainQueue("orderSync", orderSyncHandler);
    const orders = (await call("/orders?limit=10")).json.items as { id: string; order_number: string }[];
    expect(orders).toHaveLength(1);
    const orderId = orders[0]!.id;

    const accepted = await call("/shipments/labels", "POST", { order_ids: [orderId] });
    expect(accepted.status).toBe(202);
    await drainQueue("labelJob", labelJobHandler);
    const labels = await call(`/shipments/labels?label_id=${accepted.json.label_id}`);
    const [result] = labels.json.results;
    expect(result.error, JSON.stringify(result)).toBeNull();
    const shipmentId = result.shipment_ids[0] as string;
    const number = result.tracking_numbers[0] as string;

    // No mapping and no company named ヤマト: refused in Japanese, pointing at 店舗設定.
    const refused = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(refused.status).toBe(200);
    expect(refused.json.status).toBe("failed");
    expect(refused.json.error).toContain("ヤマト運輸");
    expect(refused.json.error).toContain("ストア管理");
    expect(refused.json.error).toContain("配送業者の対応");
    expect(await ecforceOrder(shopName, apiToken, 2001)).toMatchObject({ shipping_slip: null });

    const saved = await call("/shops/ecforce", "PUT", {
      shop_id: shop.id,
      carrier_mapping: { yamato: "11" },
    });
    expect(saved.status).toBe(200);
    const uploaded = await call(`/shipments/${shipmentId}/upload_tracking_number`, "PUT");
    expect(uploaded.json, JSON.stringify(uploaded.json)).toMatchObject({ status: "uploaded" });
    const order = await ecforceOrder(shopName, apiToken, 2001);
    expect(order).toMatchObject({ shipping_slip: number, shipping_carrier_id: 11, state: "shipped" });
  });
});
