import { describe, expect, it } from "vitest";
import { createEcforceSimulator } from "../../../dev/src/simulators/ecforce/index";
import type { SeedOrder, SeedPerson } from "../../../dev/src/simulators/seed-order";
import { seedOrderFixture, seedPerson } from "../../support/seed-orders";

// biome-ignore lint/suspicious/noExplicitAny: JSON:API bodies read loosely in assertions
type Json = Record<string, any>;

/** Ecforce customers type the 〒 mark and full-width dashes into the postal code. */
const person = (over: Partial<SeedPerson> = {}) => seedPerson({ postalCode: "〒１５０－０００１", ...over });

const seed = (n: number, over: Partial<SeedOrder> = {}) =>
  seedOrderFixture(n, `2024-05-${String(n).padStart(2, "0")}T10:00:00+09:00`, {
    purchaser: person(),
    recipient: person(),
    ...over,
  });

function setup(orders: SeedOrder[], opts: { rateLimitPerSecond?: number } = {}) {
  let t = Date.parse("2024-06-01T00:00:00Z");
  const clock = {
    advance: (ms: number) => {
      t += ms;
    },
  };
  const sim = createEcforceSimulator({
    now: () => new Date(t),
    rateLimitPerSecond: opts.rateLimitPerSecond ?? 1000,
  });
  const { apiToken } = sim.addShop("tokyo-tea", orders, { apiToken: "secret-token" });
  const base = "http://ecforce.test/tokyo-tea";
  const auth = { Authorization: `Token token="${apiToken}"` };
  const get = async (path: string) => {
    const res = await sim.app.request(`${base}${path}`, { headers: auth });
    return { res, body: (await res.json()) as Json };
  };
  const send = async (method: string, path: string, body: unknown) => {
    const res = await sim.app.request(`${base}${path}`, {
      method,
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { res, body: (await res.json()) as Json };
  };
  return { sim, clock, base, auth, get, send };
}

describe("Ecforce simulator", () => {
  it("refuses requests without the right token and accepts the right one", async () => {
    const { sim, base, get } = setup([seed(1)]);
    const none = await sim.app.request(`${base}/api/v2/admin/orders.json`);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toContain("Token");
    expect(await none.json()).toMatchObject({ errors: [{ status: "401", title: "Unauthorized" }] });
    const wrong = await sim.app.request(`${base}/api/v2/admin/orders.json`, {
      headers: { Authorization: 'Token token="nope"' },
    });
    expect(wrong.status).toBe(401);
    const bearer = await sim.app.request(`${base}/api/v2/admin/orders.json`, {
      headers: { Authorization: "Bearer secret-token" },
    });
    expect(bearer.status).toBe(401);
    const ok = await get("/api/v2/admin/orders.json");
    expect(ok.res.status).toBe(200);
    expect(ok.body.data).toHaveLength(1);
    expect(sim.shop("tokyo-tea").requests.map((r) => r.status)).toEqual([401, 401, 401, 200]);
    const other = await sim.app.request("http://ecforce.test/nope/api/v2/admin/orders.json");
    expect(other.status).toBe(404);
  });

  it("signs in with admin credentials", async () => {
    const { sim, base } = setup([]);
    const signIn = (password: string) =>
      sim.app.request(`${base}/api/v2/admins/sign_in.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ admin: { email: "admin@tokyo-tea.example", password } }),
      });
    expect((await signIn("wrong")).status).toBe(401);
    const ok = await signIn("password");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ authentication_token: "secret-token" });
  });

  it("pages with meta and links, clamping per to 100", async () => {
    const orders = Array.from({ length: 25 }, (_, i) => seed(i + 1));
    const { get } = setup(orders);
    const p1 = await get("/api/v2/admin/orders.json?per=10");
    expect(p1.body.meta).toEqual({ total_count: 25, page: 1, per: 10, count: 10, total_pages: 3 });
    expect(p1.body.links.prev).toBeNull();
    expect(p1.body.links.next).toContain("page=2");
    expect(p1.body.links.last).toContain("page=3");
    const next = new URL(p1.body.links.next as string);
    const p2 = await get(next.pathname.replace("/tokyo-tea", "") + next.search);
    expect(p2.body.meta.page).toBe(2);
    expect(p2.body.links.prev).toContain("page=1");
    const p3 = await get("/api/v2/admin/orders.json?per=10&page=3");
    expect(p3.body.meta.count).toBe(5);
    expect(p3.body.links.next).toBeNull();
    const seen = [...p1.body.data, ...p2.body.data, ...p3.body.data].map((o: Json) => o.attributes.number);
    expect(new Set(seen).size).toBe(25);
    const beyond = await get("/api/v2/admin/orders.json?per=10&page=9");
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.total_count).toBe(25);
    const big = await get("/api/v2/admin/orders.json?per=500");
    expect(big.body.meta.per).toBe(100);
    const def = await get("/api/v2/admin/orders.json");
    expect(def.body.meta.per).toBe(20);
    expect(def.body.data).toHaveLength(20);
  });

  it("filters with ransack and sorts", async () => {
    const { sim, get } = setup([
      seed(1, { state: "fulfilled" }),
      seed(2),
      seed(3, { state: "cancelled" }),
      seed(4, { state: "partially_fulfilled" }),
      seed(5),
    ]);
    const numbers = (body: Json) => body.data.map((o: Json) => o.attributes.number);
    expect(numbers((await get("/api/v2/admin/orders.json?q[state_eq]=wmswait")).body)).toEqual([
      "1002",
      "1004",
      "1005",
    ]);
    expect(
      numbers((await get("/api/v2/admin/orders.json?q[state_in][]=shipped&q[state_in][]=canceled")).body),
    ).toEqual(["1001", "1003"]);
    expect(
      numbers(
        (
          await get(
            "/api/v2/admin/orders.json?q[created_at_gteq]=2024-05-02&q[created_at_lt]=2024/05/04 00:00:00",
          )
        ).body,
      ),
    ).toEqual(["1002", "1003"]);
    expect(numbers((await get("/api/v2/admin/orders.json?q[number_eq]=1004")).body)).toEqual(["1004"]);
    const id3 = sim.shop("tokyo-tea").orderByNumber(1003)!.id;
    expect(numbers((await get(`/api/v2/admin/orders.json?q[id_gt]=${id3}`)).body)).toEqual(["1004", "1005"]);
    expect(numbers((await get("/api/v2/admin/orders.json?sort=-created_at")).body)).toEqual([
      "1005",
      "1004",
      "1003",
      "1002",
      "1001",
    ]);
    expect(numbers((await get("/api/v2/admin/orders.json?sort=created_at&per=2")).body)).toEqual([
      "1001",
      "1002",
    ]);
    // Cancelled and fulfilled orders were touched after creation.
    const updated = await get("/api/v2/admin/orders.json?q[updated_at_gteq]=2024-05-02 00:00:00");
    expect(numbers(updated.body)).toEqual(["1001", "1002", "1003", "1004", "1005"]);
    const fromFour = await get("/api/v2/admin/orders.json?q[updated_at_gteq]=2024-05-04T00:00:00%2B09:00");
    expect(numbers(fromFour.body)).toEqual(["1004", "1005"]);
    // Unknown filters are ignored, as ransack does, and logged.
    const unknown = await get("/api/v2/admin/orders.json?q[colour_eq]=red&q[created_at_gteq]=yesterday");
    expect(unknown.body.meta.total_count).toBe(5);
    expect(sim.shop("tokyo-tea").requests.at(-1)!.ignored).toEqual(["q[colour_eq]", "q[created_at_gteq]"]);
  });

  it("renders attributes, relationships and included resources; old kanji round-trip", async () => {
    const gift = person({
      familyName: "山﨑",
      givenName: "花子",
      familyNameKana: "ヤマザキ",
      givenNameKana: "ハナコ",
      company: "株式会社髙島屋商店",
      postalCode: "530-0001",
      prefecture: "大阪府",
      city: "大阪市北区",
      address1: "梅田３－１－１",
      address2: "",
      phone: "06-1234-5678",
    });
    const { get, sim } = setup([
      seed(1, {
        recipient: gift,
        payment: "cod",
        deliveryDate: "2024-05-10",
        deliveryTime: "14時～16時",
        note: "置き配希望",
        lineItems: [
          { sku: "TEA-1", name: "煎茶 100g", quantity: 2, unitPrice: 1200 },
          { sku: "TEA-2", name: "玉露", quantity: 1, unitPrice: 3000 },
        ],
      }),
    ]);
    const id = sim.shop("tokyo-tea").orders[0]!.id;
    const { res, body } = await get(
      `/api/v2/admin/orders/${id}.json?include=billing_address,shipping_address,order_items,payment,customer`,
    );
    expect(res.status).toBe(200);
    const order = body.data;
    expect(order).toMatchObject({
      id: String(id),
      type: "order",
      attributes: {
        number: "1001",
        state: "wmswait",
        payment_state: "unpaid",
        email: "buyer1@example.jp",
        subtotal: 5400,
        delivery_fee: 600,
        total: 6000,
        shipping_carrier_id: 1,
        shipping_slip: null,
        shipped_at: null,
        scheduled_to_be_delivered_at: "2024/05/10",
        scheduled_delivery_time: "14時～16時",
        remark: "置き配希望",
        created_at: "2024/05/01 10:00:00",
        updated_at: "2024/05/01 10:00:00",
      },
    });
    const find = (rel: { id: string; type: string }) =>
      body.included.find((r: Json) => r.type === rel.type && r.id === rel.id);
    const billing = find(order.relationships.billing_address.data);
    const shipping = find(order.relationships.shipping_address.data);
    expect(billing.attributes).toEqual({
      name01: "髙橋",
      name02: "太郎",
      kana01: "タカハシ",
      kana02: "タロウ",
      company_name: "",
      zip01: "150",
      zip02: "0001",
      prefecture_id: 13,
      prefecture_name: "東京都",
      addr01: "渋谷区",
      addr02: "神宮前１丁目２−３",
      addr03: "メゾン﨑山 101号室",
      tel01: "090",
      tel02: "1234",
      tel03: "5678",
    });
    expect(shipping.attributes).toMatchObject({
      name01: "山﨑",
      company_name: "株式会社髙島屋商店",
      zip01: "530",
      zip02: "0001",
      prefecture_id: 27,
      prefecture_name: "大阪府",
      tel01: "06",
      tel02: "1234",
      tel03: "5678",
    });
    const items = order.relationships.order_items.data.map(find);
    expect(items.map((i: Json) => i.attributes)).toEqual([
      { name: "煎茶 100g", sku: "TEA-1", quantity: 2, price: 1200 },
      { name: "玉露", sku: "TEA-2", quantity: 1, price: 3000 },
    ]);
    expect(find(order.relationships.payment.data).attributes.payment_method_name).toBe("代金引換");
    expect(find(order.relationships.customer.data).attributes.email).toBe("buyer1@example.jp");

    const bare = await get(`/api/v2/admin/orders/${id}.json`);
    expect(bare.body.included).toEqual([]);
    expect(bare.body.data.relationships.shipping_address.data.type).toBe("address");
    expect((await get("/api/v2/admin/orders/999.json")).res.status).toBe(404);
    expect((await get("/api/v2/admin/orders.json?include=colour")).res.status).toBe(400);
  });

  it("lists carriers with delivery times", async () => {
    const { get } = setup([]);
    const { body } = await get("/api/v2/admin/shipping_carriers.json?include=delivery_times");
    expect(body.data.map((c: Json) => [c.id, c.attributes.name])).toEqual([
      ["1", "ヤマト運輸"],
      ["2", "佐川急便"],
      ["3", "日本郵便"],
    ]);
    const yamato = body.data[0].relationships.delivery_times.data.map(
      (r: Json) =>
        body.included.find((i: Json) => i.id === r.id && i.type === "delivery_time").attributes.name,
    );
    expect(yamato).toContain("午前中");
    expect(yamato).toContain("14時～16時");
  });

  it("takes shipping results: a success and failure mix", async () => {
    const { sim, send, get } = setup([seed(1), seed(2), seed(3, { state: "cancelled" })]);
    const shop = sim.shop("tokyo-tea");
    const [o1, o2, o3] = shop.orders.map((o) => o.id) as [number, number, number];
    const { res, body } = await send("PUT", "/api/v2/admin/orders/shipping.json", {
      orders: [
        { id: o1, shipping_slip: "123456789012", shipping_carrier_id: 1, shipped_at: "2024-06-01 09:30:00" },
        { id: o2, shipping_slip: "999", shipping_carrier_id: 9, shipped_at: "2024-06-01 09:30:00" },
        { id: 99999, shipping_slip: "1", shipping_carrier_id: 1, shipped_at: "2024-06-01 09:30:00" },
        { id: o3, shipping_slip: "2", shipping_carrier_id: 2, shipped_at: "2024/06/01" },
      ],
      with_async: false,
      with_sale: false,
    });
    expect(res.status).toBe(200);
    expect(body.success).toEqual([o1]);
    expect(body.failure).toEqual([o2, 99999, o3]);
    expect(body.job_id).toBeNull();
    expect(body.errors).toHaveLength(3);
    expect(body.errors[0]).toEqual({ id: o2, messages: ["配送業者が見つかりません"] });
    expect(body.errors[1].messages[0]).toContain("見つかりません");
    expect(body.errors[2].messages).toEqual([
      "キャンセル済みの受注は発送できません",
      "発送日時の形式が正しくありません（YYYY-MM-DD HH:MM:SS）",
    ]);
    const read = await get(`/api/v2/admin/orders/${o1}.json`);
    expect(read.body.data.attributes).toMatchObject({
      state: "shipped",
      shipping_slip: "123456789012",
      shipping_carrier_id: 1,
      shipped_at: "2024/06/01 09:30:00",
      updated_at: "2024/06/01 09:00:00",
    });
    expect(shop.order(o2)!.state).toBe("wmswait");
    expect(shop.shippingUpdates.map((u) => u.ok)).toEqual([true, false, false, false]);
    const shipped = await get("/api/v2/admin/orders.json?q[state_eq]=shipped");
    expect(shipped.body.data.map((o: Json) => o.id)).toEqual([String(o1)]);
    const asyncRun = await send("PUT", "/api/v2/admin/orders/shipping.json", {
      orders: [{ id: o2, shipping_slip: "5", shipping_carrier_id: 3, shipped_at: "2024-06-01 10:00:00" }],
      with_async: true,
    });
    expect(asyncRun.body.success).toEqual([o2]);
    expect(asyncRun.body.job_id).toEqual(expect.any(String));
    expect((await send("PUT", "/api/v2/admin/orders/shipping.json", { nope: 1 })).res.status).toBe(400);
  });

  it("answers 429 with Retry-After beyond the rate limit and recovers a second later", async () => {
    const { clock, get, sim } = setup([seed(1)], { rateLimitPerSecond: 3 });
    for (let i = 0; i < 3; i++) expect((await get("/api/v2/admin/orders.json")).res.status).toBe(200);
    const limited = await get("/api/v2/admin/orders.json");
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toBe("1");
    expect(limited.body.errors[0].status).toBe("429");
    clock.advance(500);
    expect((await get("/api/v2/admin/orders.json")).res.status).toBe(429);
    clock.advance(501);
    expect((await get("/api/v2/admin/orders.json")).res.status).toBe(200);
    expect(sim.shop("tokyo-tea").requests.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 200]);
  });

  it("creates an order that then shows in the list; 422 for missing fields", async () => {
    const { send, get, clock } = setup([seed(1)]);
    clock.advance(60_000);
    const created = await send("POST", "/api/v2/admin/orders.json", {
      order: {
        email: "new@example.jp",
        shipping_address: {
          name01: "髙木",
          name02: "一郎",
          kana01: "タカギ",
          kana02: "イチロウ",
          zip01: "060",
          zip02: "0001",
          prefecture_id: 1,
          addr01: "札幌市中央区",
          addr02: "北一条西1-1",
          addr03: "",
          tel01: "011",
          tel02: "123",
          tel03: "4567",
        },
        order_items: [{ name: "ほうじ茶", sku: "HOJI-1", quantity: 3, price: 800 }],
        payment_method_name: "代金引換",
        scheduled_to_be_delivered_at: "2024/06/05",
        scheduled_delivery_time: "午前中",
        remark: "夕方以降に連絡ください",
      },
    });
    expect(created.res.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      number: "1002",
      state: "wmswait",
      total: 2400,
      scheduled_to_be_delivered_at: "2024/06/05",
      created_at: "2024/06/01 09:01:00",
    });
    const list = await get("/api/v2/admin/orders.json?sort=-created_at&include=shipping_address");
    expect(list.body.data[0].id).toBe(created.body.data.id);
    const addr = list.body.included.find(
      (r: Json) => r.id === list.body.data[0].relationships.shipping_address.data.id,
    );
    expect(addr.attributes).toMatchObject({ name01: "髙木", prefecture_name: "北海道" });

    const bad = await send("POST", "/api/v2/admin/orders.json", {
      order: { shipping_address: { name01: "山田" }, order_items: [], payment_method_name: "物々交換" },
    });
    expect(bad.res.status).toBe(422);
    const pointers = bad.body.errors.map((e: Json) => e.source.pointer);
    expect(pointers).toContain("/data/attributes/email");
    expect(pointers).toContain("/data/attributes/shipping_address/zip01");
    expect(pointers).toContain("/data/attributes/order_items");
    expect(pointers).toContain("/data/attributes/payment_method_name");
    expect(bad.body.errors[0]).toMatchObject({ status: "422", title: "Unprocessable Entity" });
    expect((await get("/api/v2/admin/orders.json")).body.meta.total_count).toBe(2);
  });
});
