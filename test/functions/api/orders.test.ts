import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { kyotoCompanyProfile } from "../../support/printing";

const person = personFixture({
  name: "山﨑 花子",
  nameKana: "ヤマサキ ハナコ",
  postalCode: "0600042",
  prefecture: "北海道",
  city: "札幌市中央区",
  address1: "大通西１０丁目",
  address2: "",
  phone: "011-231-4111",
});

const orderAt = (n: number, purchasedAt: string, extra: Partial<Order.ShopOrderWrite> = {}) =>
  shopOrderFixture(n, {
    platformOrderId: `gid://shopify/Order/${700000 + n}`,
    orderNumber: `#${3000 + n}`,
    purchasedAt,
    platformUpdatedAt: purchasedAt,
    purchaser: person,
    customer: person,
    shopUrl: "https://hokkaido-konbu.myshopify.com",
    ...extra,
  });

describe("GET /api/orders", () => {
  it("answers a page of a tab with counts, filtered by JST purchase dates, Shopify id and errors", async () => {
    const account = await testAccount();
    await asUser(account, () =>
      Order.upsertPage([
        // 2026-11-01 23:30 JST is still the 1st in Japan, though the 1st 14:30 in UTC.
        orderAt(1, "2026-11-01T23:30:00+09:00"),
        orderAt(2, "2026-11-02T00:10:00+09:00"),
        orderAt(3, "2026-11-03T09:00:00+09:00", {
          issues: [{ field: "customer.phone", message: "電話番号の形式が正しくありません。" }],
        }),
        orderAt(4, "2026-11-03T10:00:00+09:00", { platformStatus: "fulfilled" }),
      ]),
    );
    const token = account.idToken;
    const all = await callApi("/api/orders?tab_key=notShipped", { token });
    expect(all.status).toBe(200);
    expect(all.json.items.map((o: { order_number: string }) => o.order_number)).toEqual([
      "#3003",
      "#3002",
      "#3001",
    ]);
    expect(all.json.next_cursor).toBeNull();
    expect(all.json.counts).toMatchObject({ notShipped: 3, shipped: 1, error: 1, cancelled: 0 });
    expect(all.json.items[0]).toMatchObject({
      platform: "shopify",
      shopify_order_id: "700003",
      shopify_shop_url: "https://hokkaido-konbu.myshopify.com",
      is_error: true,
      errors: [{ field: "customer.phone", message: "電話番号の形式が正しくありません。" }],
    });

    const firstOfNovember = await callApi(
      "/api/orders?shipment_status=notShipped&purchased_from=2026-11-01&purchased_to=2026-11-01",
      { token },
    );
    expect(firstOfNovember.json.items.map((o: { order_number: string }) => o.order_number)).toEqual([
      "#3001",
    ]);

    const errors = await callApi("/api/orders?is_error=true", { token });
    expect(errors.json.items.map((o: { order_number: string }) => o.order_number)).toEqual(["#3003"]);

    const byShopifyId = await callApi(
      "/api/orders?shipment_status=shipped&shopify_order_id=700004&shopify_shop_url=https://hokkaido-konbu.myshopify.com",
      { token },
    );
    expect(byShopifyId.json.items.map((o: { order_number: string }) => o.order_number)).toEqual(["#3004"]);
    const wrongShop = await callApi(
      "/api/orders?shipment_status=shipped&shopify_order_id=700004&shopify_shop_url=https://other.myshopify.com",
      { token },
    );
    expect(wrongShop.json.items).toEqual([]);

    const paged = await callApi("/api/orders?tab_key=notShipped&limit=2", { token });
    expect(paged.json.items).toHaveLength(2);
    const next = await callApi(`/api/orders?tab_key=notShipped&limit=2&cursor=${paged.json.next_cursor}`, {
      token,
    });
    expect(next.json.items.map((o: { order_number: string }) => o.order_number)).toEqual(["#3001"]);
  });

  it("refuses malformed filters with Japanese field errors", async () => {
    const account = await testAccount();
    const res = await callApi("/api/orders?purchased_from=2026/11/01&limit=1000&shopify_order_id=abc", {
      token: account.idToken,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(["limit", "purchased_from", "shopify_order_id"]);
  });
});

describe("order edits", () => {
  it("the recipient edit validates, clears the recipient's errors and leaves the error tab", async () => {
    const account = await testAccount();
    const { orderId } = await asUser(account, () =>
      Order.upsertFromShop(
        orderAt(9, "2026-11-05T12:00:00+09:00", {
          issues: [{ field: "customer.phone", message: "電話番号の形式が正しくありません。" }],
        }),
      ),
    );
    const token = account.idToken;
    const bad = await callApi(`/api/orders/${orderId}/customer`, {
      method: "PUT",
      token,
      body: {
        name: "",
        postal_code: "12",
        prefecture: "北海道",
        city: "札幌市中央区",
        address1: "大通西1",
        phone: "1",
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(expect.arrayContaining(["name", "postal_code", "phone"]));

    const good = await callApi(`/api/orders/${orderId}/customer`, {
      method: "PUT",
      token,
      body: {
        name: "山﨑 花子",
        name_kana: "ヤマサキ ハナコ",
        company: "",
        postal_code: "060-0042",
        prefecture: "北海道",
        city: "札幌市中央区",
        address1: "大通西10丁目",
        address2: "",
        phone: "011-231-4111",
      },
    });
    expect(good.status).toBe(200);
    expect(good.json).toMatchObject({ is_error: false, errors: [] });
    const errorTab = await callApi("/api/orders?is_error=true", { token });
    expect(errorTab.json.items).toEqual([]);
    expect(errorTab.json.counts.error).toBe(0);
  });

  it("archives and restores in bulk, reporting each order", async () => {
    const account = await testAccount();
    const { orderId } = await asUser(account, () =>
      Order.upsertFromShop(orderAt(11, "2026-11-06T12:00:00+09:00")),
    );
    const token = account.idToken;
    const archived = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [orderId, "ord_01JAAAAAAAAAAAAAAAAAAAAAAA"], action: "archive" },
    });
    expect(archived.json.results).toEqual([
      { id: orderId },
      { id: "ord_01JAAAAAAAAAAAAAAAAAAAAAAA", error: "注文が見つかりません。" },
    ]);
    expect((await callApi("/api/orders?tab_key=archived", { token })).json.items).toHaveLength(1);
    await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [orderId], action: "restore" },
    });
    expect((await callApi("/api/orders?tab_key=notShipped", { token })).json.items).toHaveLength(1);
  });
});

describe("PUT /api/orders/bulk_update: sender and carrier", () => {
  it("sets one 発送元 on many orders and refuses a sender the company does not have", async () => {
    const account = await testAccount();
    const other = await testAccount();
    const token = account.idToken;
    const orders = await asUser(account, () =>
      Order.upsertPage([1, 2].map((n) => orderAt(20 + n, `2026-11-0${n}T12:00:00+09:00`))),
    );
    const ids = orders.map((o) => o.orderId);
    const sender = (token: string) =>
      callApi("/api/senders", {
        method: "POST",
        token,
        body: {
          name: "株式会社北海道昆布 札幌倉庫",
          company_name: "",
          postal_code: "0600042",
          prefecture: "北海道",
          city: "札幌市中央区",
          address1: "大通西１０丁目",
          address2: "",
          phone: "011-231-4111",
        },
      });
    const ours = (await sender(token)).json.id as string;
    const theirs = (await sender(other.idToken)).json.id as string;

    const refused = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids, action: "set_sender", sender_id: theirs },
    });
    expect([refused.status, refused.json.fields]).toEqual([400, { sender_id: "発送元が見つかりません。" }]);

    const set = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [...ids, "ord_01JAAAAAAAAAAAAAAAAAAAAAAA"], action: "set_sender", sender_id: ours },
    });
    expect(set.json.results).toEqual([
      { id: ids[0] },
      { id: ids[1] },
      { id: "ord_01JAAAAAAAAAAAAAAAAAAAAAAA", error: "注文が見つかりません。" },
    ]);
    for (const id of ids) expect((await callApi(`/api/orders/${id}`, { token })).json.sender_id).toBe(ours);

    await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids, action: "set_sender", sender_id: null },
    });
    expect((await callApi(`/api/orders/${ids[0]}`, { token })).json.sender_id).toBeNull();
  });

  it("sets a carrier from each order's own data, and an order the carrier cannot take keeps its delivery with the reason", async () => {
    const account = await testAccount();
    const token = account.idToken;
    // The 会社概要 is the ご依頼主 a Yamato label and file print.
    const profile = await callApi("/api/companies", { method: "PUT", token, body: kyotoCompanyProfile() });
    expect(profile.status, profile.text).toBe(200);
    const [cod, noon, plain] = await asUser(account, () =>
      Order.upsertPage([
        orderAt(31, "2026-11-04T10:00:00+09:00", { codAmount: 5400, requestedTimeSlot: "1800" }),
        orderAt(32, "2026-11-04T11:00:00+09:00", { requestedTimeSlot: "1200" }),
        orderAt(33, "2026-11-04T12:00:00+09:00", { requestedDeliveryDate: "2026-11-30" }),
      ]),
    );
    const category = await callApi("/api/item_categories", {
      method: "POST",
      token,
      body: { name: "乾物（昆布）", handling1: "ワレモノ注意", handling2: "" },
    });
    await callApi("/api/brands/item_categories", {
      method: "PUT",
      token,
      body: { item_category_id: category.json.id },
    });

    const res = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [cod!.orderId, noon!.orderId, plain!.orderId], action: "set_carrier", carrier: "yamato" },
    });
    // The changed orders that Yamato's JIS rule now refuses (﨑 in the address) say so with the change.
    const jisRule = "ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（﨑）を使えません。";
    expect(res.json.results).toEqual([
      { id: cod!.orderId, issues: [jisRule] },
      { id: noon!.orderId, error: "ヤマト運輸では12時〜14時の時間帯指定はできません" },
      { id: plain!.orderId, issues: [jisRule] },
    ]);
    const read = async (id: string) => (await callApi(`/api/orders/${id}`, { token })).json;
    expect((await read(cod!.orderId)).delivery).toMatchObject({
      carrier: "yamato",
      service_type: "2",
      cod_amount: 5400,
      time_slot: "1800",
      item_name: "乾物（昆布）",
      handling1: "ワレモノ注意",
    });
    expect((await read(noon!.orderId)).delivery).toBeNull();
    expect((await read(plain!.orderId)).delivery).toMatchObject({
      carrier: "yamato",
      service_type: "0",
      cod_amount: null,
      delivery_date: "2026-11-30",
    });

    // Sagawa honours 12–14; an order that already ships by the carrier keeps its own settings.
    await callApi(`/api/orders/${plain!.orderId}/delivery/sagawa`, {
      method: "PUT",
      token,
      body: { item_name: "昆布詰め合わせ", service_type: "001" },
    });
    const sagawa = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [noon!.orderId, plain!.orderId], action: "set_carrier", carrier: "sagawa" },
    });
    expect(sagawa.json.results).toEqual([{ id: noon!.orderId }, { id: plain!.orderId }]);
    expect((await read(noon!.orderId)).delivery).toMatchObject({ carrier: "sagawa", time_slot: "1200" });
    expect((await read(plain!.orderId)).delivery).toMatchObject({
      carrier: "sagawa",
      service_type: "001",
      item_name: "昆布詰め合わせ",
    });

    const bad = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token,
      body: { ids: [plain!.orderId], action: "set_carrier", carrier: "sss" },
    });
    expect([bad.status, bad.json.fields?.carrier]).toEqual([400, "配送会社を選択してください"]);
  });
});

describe("POST /api/orders/sync", () => {
  it("answers a retry with the same Idempotency-Key from the first answer, without queueing again", async () => {
    const account = await testAccount();
    const sync = (key: string, requestId = `req-${key}`) =>
      callApi("/api/orders/sync", {
        method: "POST",
        token: account.idToken,
        body: {},
        headers: { "Idempotency-Key": key, "X-Request-Id": requestId },
      });
    const first = await sync("sync-retry-0001", "req-sync-first");
    const again = await sync("sync-retry-0001", "req-sync-again");
    // The replay is an answer built apart from the route's; it carries the headers of every
    // answer all the same, and its own request id.
    for (const [res, requestId] of [
      [first, "req-sync-first"],
      [again, "req-sync-again"],
    ] as const) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-request-id")).toBe(requestId);
    }
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect([again.status, again.headers.get("idempotent-replayed"), again.json]).toEqual([
      202,
      "true",
      first.json,
    ]);
    const other = await sync("sync-retry-0002");
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("PUT /api/orders/{id}/sender", () => {
  it("chooses one of the company's senders, refuses another company's, and goes back to the default with null", async () => {
    const [account, other] = await Promise.all([testAccount(), testAccount("他社")]);
    const sender = {
      name: "大阪倉庫",
      company_name: "",
      postal_code: "5300001",
      prefecture: "大阪府",
      city: "大阪市北区",
      address1: "梅田1-1",
      address2: "",
      phone: "06-1234-5678",
    };
    const mine = await callApi("/api/senders", { method: "POST", token: account.idToken, body: sender });
    const theirs = await callApi("/api/senders", { method: "POST", token: other.idToken, body: sender });
    const { orderId } = await asUser(account, () =>
      Order.upsertFromShop(orderAt(1, "2026-11-01T10:00:00+09:00")),
    );
    const put = (senderId: string | null) =>
      callApi(`/api/orders/${orderId}/sender`, {
        method: "PUT",
        token: account.idToken,
        body: { sender_id: senderId },
      });

    const chosen = await put(mine.json.id);
    expect([chosen.status, chosen.json.sender_id]).toEqual([200, mine.json.id]);
    const refused = await put(theirs.json.id);
    expect([refused.status, refused.json.fields]).toEqual([400, { sender_id: "発送元が見つかりません。" }]);
    expect((await callApi(`/api/orders/${orderId}`, { token: account.idToken })).json.sender_id).toBe(
      mine.json.id,
    );
    const reset = await put(null);
    expect([reset.status, reset.json.sender_id]).toEqual([200, null]);
  });
});
