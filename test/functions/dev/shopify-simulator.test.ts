import { createHmac, timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { createShopifySimulator } from "../../../dev/src/simulators/shopify/index";
import { seedOrderFixture, seedPerson } from "../../support/seed-orders";

// biome-ignore lint/suspicious/noExplicitAny: GraphQL bodies read loosely in assertions
type Json = Record<string, any>;

const CLIENT_ID = "okuru-client-id";
const SECRET = "okuru-client-secret";
const SHOP = "okuru-demo.myshopify.com";
const BASE = "http://shopify.test";

// The query check of docs/platforms.md#shopify-oauth, written out apart from the app's code: what the app
// runs on the OAuth callback.
function isValidShopifyQueryHmac(query: URLSearchParams, secret: string): boolean {
  const given = query.get("hmac") ?? "";
  const message = [...query.entries()]
    .filter(([key]) => key !== "hmac" && key !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const expected = createHmac("sha256", secret).update(message).digest("hex");
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const person = seedPerson;

const seed = (n: number, over: Partial<SeedOrder> = {}) =>
  seedOrderFixture(n, `2026-09-${String(20 + n).padStart(2, "0")}T10:00:00+09:00`, over);

function setup(orders: SeedOrder[], bucket?: { maximumAvailable: number; restoreRate: number }) {
  let t = Date.parse("2026-10-01T00:00:00Z");
  const sim = createShopifySimulator({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    now: () => new Date(t),
    bucket,
  });
  const { adminToken } = sim.addShop(SHOP, orders);
  const gql = async (query: string, variables: Json = {}, token = adminToken) => {
    const res = await sim.app.request(`${BASE}/${SHOP}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  return { sim, adminToken, gql, advance: (ms: number) => (t += ms) };
}

describe("Shopify simulator: OAuth", () => {
  const authorizeUrl = (over: Record<string, string> = {}) =>
    `${BASE}/${SHOP}/admin/oauth/authorize?${new URLSearchParams({
      client_id: CLIENT_ID,
      scope: "read_orders,write_merchant_managed_fulfillment_orders",
      redirect_uri: "https://app.okuru.test/api/shopify/callback",
      state: "nonce-123",
      ...over,
    })}`;

  async function consent(sim: ReturnType<typeof setup>["sim"]) {
    const page = await sim.app.request(authorizeUrl());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("インストール");
    // Submit the form as a browser would: the hidden fields, posted back to the same path.
    const fields = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, "&"),
      ]),
    );
    const res = await sim.app.request(`${BASE}/${SHOP}/admin/oauth/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location")!);
  }

  const exchange = (sim: ReturnType<typeof setup>["sim"], body: Json) =>
    sim.app.request(`${BASE}/${SHOP}/admin/oauth/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET, ...body }),
    });

  it("rejects an unknown client id", async () => {
    const { sim } = setup([]);
    const res = await sim.app.request(authorizeUrl({ client_id: "nope" }));
    expect(res.status).toBe(400);
  });

  it("runs the install dance: consent, signed callback, expiring token, refresh", async () => {
    const { sim, gql, advance } = setup([seed(1)]);
    const callback = await consent(sim);
    expect(callback.origin + callback.pathname).toBe("https://app.okuru.test/api/shopify/callback");
    const q = callback.searchParams;
    expect([...q.keys()].sort()).toEqual(["code", "hmac", "host", "shop", "state", "timestamp"]);
    expect(q.get("shop")).toBe(SHOP);
    expect(q.get("state")).toBe("nonce-123");
    expect(Buffer.from(q.get("host")!, "base64").toString()).toBe("admin.shopify.com/store/okuru-demo");
    expect(isValidShopifyQueryHmac(q, SECRET)).toBe(true);
    expect(isValidShopifyQueryHmac(q, "wrong-secret")).toBe(false);
    const tampered = new URLSearchParams(q);
    tampered.set("shop", "evil.myshopify.com");
    expect(isValidShopifyQueryHmac(tampered, SECRET)).toBe(false);

    const wrongSecret = await exchange(sim, { code: q.get("code"), client_secret: "x", expiring: 1 });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as Json).error).toBe("invalid_request");

    const res = await exchange(sim, { code: q.get("code"), expiring: 1 });
    expect(res.status).toBe(200);
    const token = (await res.json()) as Json;
    expect(token).toMatchObject({
      access_token: expect.stringMatching(/^shpat_/),
      scope: "read_orders,write_merchant_managed_fulfillment_orders",
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^shprt_/),
      refresh_token_expires_in: expect.any(Number),
    });
    expect(sim.shop(SHOP).installedScopes).toContain("read_orders");

    const reused = await exchange(sim, { code: q.get("code"), expiring: 1 });
    expect(reused.status).toBe(400);
    expect((await reused.json()) as Json).toMatchObject({ error: "invalid_request" });

    const ok = await gql("{ shop { name myshopifyDomain } }", {}, token.access_token);
    expect(ok.body.data.shop).toEqual({ name: "okuru-demo", myshopifyDomain: SHOP });

    advance(3601_000);
    const expired = await gql("{ shop { name } }", {}, token.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });

    const refreshed = await exchange(sim, {
      grant_type: "refresh_token",
      refresh_token: token.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as Json;
    expect(pair.access_token).not.toBe(token.access_token);
    expect(pair.refresh_token).not.toBe(token.refresh_token);
    expect((await gql("{ shop { name } }", {}, pair.access_token)).status).toBe(200);
    const again = await exchange(sim, { grant_type: "refresh_token", refresh_token: token.refresh_token });
    expect(again.status).toBe(400);
  });

  it("issues non-expiring tokens without `expiring`, and codes die after 60 s", async () => {
    const { sim, advance } = setup([]);
    const first = await consent(sim);
    const res = await exchange(sim, { code: first.searchParams.get("code") });
    expect(Object.keys((await res.json()) as Json).sort()).toEqual(["access_token", "scope"]);

    // Installed with these scopes: Shopify skips the consent page and redirects at once.
    const direct = await sim.app.request(authorizeUrl());
    expect(direct.status).toBe(302);
    const code = new URL(direct.headers.get("location")!).searchParams.get("code");
    advance(61_000);
    expect((await exchange(sim, { code })).status).toBe(400);
  });

  it("grants online (per-user) tokens and enforces access scopes", async () => {
    const { sim, gql } = setup([seed(1)]);
    const page = await sim.app.request(authorizeUrl({ scope: "read_orders", "grant_options[]": "per-user" }));
    const html = await page.text();
    const fields = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(fields.get("grant_options[]")).toBe("per-user");
    const res = await sim.app.request(`${BASE}/${SHOP}/admin/oauth/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });
    const code = new URL(res.headers.get("location")!).searchParams.get("code");
    const token = (await (await exchange(sim, { code })).json()) as Json;
    expect(token).toMatchObject({
      access_token: expect.stringMatching(/^shpua_/),
      expires_in: 86399,
      associated_user: { account_owner: true },
    });
    const orders = await gql("{ orders(first: 1) { nodes { name } } }", {}, token.access_token);
    expect(orders.body.data.orders.nodes).toEqual([{ name: "#1001" }]);
    const denied = await gql(
      "{ orders(first: 1) { nodes { fulfillmentOrders(first: 1) { nodes { id } } } } }",
      {},
      token.access_token,
    );
    expect(denied.body.errors[0].extensions.code).toBe("ACCESS_DENIED");
  });

  it("revokes the app's tokens on uninstall", async () => {
    const { sim, gql, adminToken } = setup([]);
    const callback = await consent(sim);
    const token = (await (await exchange(sim, { code: callback.searchParams.get("code") })).json()) as Json;
    await sim.uninstall(SHOP);
    expect((await gql("{ shop { name } }", {}, token.access_token)).status).toBe(401);
    expect((await gql("{ shop { name } }", {}, adminToken)).status).toBe(200);
  });
});

describe("Shopify simulator: orders", () => {
  const orders = [
    seed(1, { state: "fulfilled" }),
    seed(2, {
      payment: "cod",
      deliveryDate: "2026-10-05",
      deliveryTime: "14時～16時",
      recipient: person({
        familyName: "佐藤",
        givenName: "花子",
        prefecture: "北海道",
        postalCode: "0600001",
      }),
    }),
    seed(3, { state: "cancelled" }),
    seed(4, {
      state: "partially_fulfilled",
      lineItems: [{ sku: "A", name: "A", quantity: 4, unitPrice: 100 }],
    }),
    seed(5),
    seed(6),
    seed(7),
  ];
  const page = `query Page($after: String, $q: String) {
    orders(first: 2, after: $after, query: $q, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      edges { cursor node { name } }
    }
  }`;

  it("renders seed orders in Shopify's shape", async () => {
    const { gql } = setup(orders);
    const { body } = await gql(`{
      orders(first: 10, query: "name:#1002") { nodes {
        id name createdAt displayFinancialStatus displayFulfillmentStatus paymentGatewayNames email phone
        customAttributes { key value }
        shippingAddress { firstName lastName name province provinceCode zip countryCodeV2 address2 phone }
        totalPriceSet { shopMoney { amount currencyCode } }
        lineItems(first: 5) { nodes { id sku quantity currentQuantity variant { id sku } } }
        fulfillmentOrders(first: 5) { nodes { id status requestStatus assignedLocation { name }
          lineItems(first: 5) { nodes { id remainingQuantity totalQuantity lineItem { id sku } } } } }
      } }
    }`);
    expect(body.errors).toBeUndefined();
    const [o] = body.data.orders.nodes;
    expect(o).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d{13}$/),
      name: "#1002",
      createdAt: "2026-09-22T01:00:00Z",
      displayFinancialStatus: "PENDING",
      displayFulfillmentStatus: "UNFULFILLED",
      paymentGatewayNames: ["代金引換"],
      phone: "+819012345678",
      customAttributes: [
        { key: "配送希望日", value: "2026-10-05" },
        { key: "配送希望時間帯", value: "14時～16時" },
      ],
      shippingAddress: {
        firstName: "花子",
        lastName: "佐藤",
        name: "佐藤 花子",
        province: "北海道",
        provinceCode: "JP-01",
        zip: "0600001",
        countryCodeV2: "JP",
        address2: "メゾン﨑山 101号室",
        phone: "０９０ー１２３４ー５６７８",
      },
      totalPriceSet: { shopMoney: { amount: "3600.0", currencyCode: "JPY" } },
    });
    expect(o.lineItems.nodes[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/LineItem\/\d+$/),
      sku: "SKU-2",
      quantity: 2,
      currentQuantity: 2,
      variant: { sku: "SKU-2" },
    });
    const fo = o.fulfillmentOrders.nodes[0];
    expect(fo).toMatchObject({ status: "OPEN", requestStatus: "UNSUBMITTED" });
    expect(fo.lineItems.nodes[0]).toMatchObject({
      remainingQuantity: 2,
      totalQuantity: 2,
      lineItem: { id: o.lineItems.nodes[0].id },
    });
  });

  it("reflects fulfilled, partial and cancelled states", async () => {
    const { gql } = setup(orders);
    const { body } = await gql(`{ orders(first: 10, sortKey: CREATED_AT) { nodes {
      name cancelledAt displayFulfillmentStatus
      fulfillmentOrders(first: 1) { nodes { status lineItems(first: 5) { nodes { remainingQuantity } } } }
      fulfillments { status trackingInfo { company number url } }
    } } }`);
    const byName = Object.fromEntries(body.data.orders.nodes.map((o: Json) => [o.name, o]));
    expect(byName["#1001"]).toMatchObject({ displayFulfillmentStatus: "FULFILLED", cancelledAt: null });
    expect(byName["#1001"].fulfillmentOrders.nodes[0].status).toBe("CLOSED");
    expect(byName["#1001"].fulfillments[0].trackingInfo[0].company).toBe("Yamato (JA)");
    expect(byName["#1003"].cancelledAt).toEqual(expect.any(String));
    expect(byName["#1003"].fulfillmentOrders.nodes[0].status).toBe("CLOSED");
    expect(byName["#1004"].displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(byName["#1004"].fulfillmentOrders.nodes[0]).toMatchObject({
      status: "IN_PROGRESS",
      lineItems: { nodes: [{ remainingQuantity: 2 }] },
    });
  });

  it("filters with Shopify search syntax", async () => {
    const { gql } = setup(orders);
    const names = async (q: string) =>
      (
        await gql(
          `query($q: String) { orders(first: 50, query: $q, sortKey: CREATED_AT) { nodes { name } } }`,
          { q },
        )
      ).body.data.orders.nodes.map((o: Json) => o.name);
    expect(await names("fulfillment_status:unshipped")).toEqual([
      "#1002",
      "#1003",
      "#1005",
      "#1006",
      "#1007",
    ]);
    expect(await names("fulfillment_status:unshipped status:open")).toEqual([
      "#1002",
      "#1005",
      "#1006",
      "#1007",
    ]);
    expect(await names("fulfillment_status:shipped")).toEqual(["#1001"]);
    expect(await names("fulfillment_status:partial")).toEqual(["#1004"]);
    expect(await names("status:cancelled")).toEqual(["#1003"]);
    expect(await names("created_at:>=2026-09-25T00:00:00+09:00")).toEqual(["#1005", "#1006", "#1007"]);
    expect(await names("created_at:>2026-09-25T10:00:00+09:00")).toEqual(["#1006", "#1007"]);
    expect(await names("created_at:<=2026-09-22")).toEqual(["#1001", "#1002"]);
    expect(await names("name:1006")).toEqual(["#1006"]);
    expect(await names("name:#1006 frobnicate:yes")).toEqual(["#1006"]);
  });

  it("pages with cursors", async () => {
    const { gql } = setup(orders);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const { body } = await gql(page, { after, q: "status:open" });
      const conn: Json = body.data.orders;
      seen.push(...conn.edges.map((e: Json) => e.node.name));
      expect(conn.pageInfo.endCursor).toBe(conn.edges.at(-1)?.cursor ?? null);
      after = conn.pageInfo.hasNextPage ? conn.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(["#1001", "#1002", "#1004", "#1005", "#1006", "#1007"]);

    const { body } = await gql(`{ orders(first: 3, sortKey: CREATED_AT, reverse: true) { nodes { name } } }`);
    expect(body.data.orders.nodes.map((o: Json) => o.name)).toEqual(["#1007", "#1006", "#1005"]);
  });

  it("refuses a bad token", async () => {
    const { gql } = setup(orders);
    const res = await gql("{ shop { name } }", {}, "shpat_nope");
    expect(res.status).toBe(401);
  });
});

describe("Shopify simulator: throttling", () => {
  it("reports the cost, throttles with an empty bucket and recovers as time passes", async () => {
    const { gql, advance } = setup([seed(1), seed(2), seed(3)], { maximumAvailable: 50, restoreRate: 10 });
    const query = `{ orders(first: 10) { nodes { id shippingAddress { zip } } } }`;
    const first = await gql(query);
    // 2 + 10 × (order 1 + address 1) requested; 2 + 3 × 2 actually returned.
    expect(first.body.extensions.cost).toEqual({
      requestedQueryCost: 22,
      actualQueryCost: 8,
      throttleStatus: { maximumAvailable: 50, currentlyAvailable: 42, restoreRate: 10 },
    });
    let throttled: Json | null = null;
    for (let i = 0; i < 10 && !throttled; i++) {
      const { status, body } = await gql(query);
      expect(status).toBe(200);
      if (body.errors) throttled = body;
    }
    expect(throttled).toMatchObject({
      errors: [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ],
      extensions: { cost: { requestedQueryCost: 22, actualQueryCost: null } },
    });
    expect(throttled!.data).toBeUndefined();
    const left = throttled!.extensions.cost.throttleStatus.currentlyAvailable;
    expect(left).toBeLessThan(22);
    advance(Math.ceil((22 - left) / 10) * 1000);
    const again = await gql(query);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data.orders.nodes).toHaveLength(3);
  });

  it("refuses a single query over 1000 points", async () => {
    const { gql } = setup([]);
    const { body } = await gql(
      `{ orders(first: 250) { nodes { id lineItems(first: 250) { nodes { id } } } } }`,
    );
    expect(body.errors[0].extensions.code).toBe("MAX_COST_EXCEEDED");
  });
});

describe("Shopify simulator: fulfillment", () => {
  it("fulfils part, refuses too much, then fulfils the rest", async () => {
    const { gql, sim } = setup([
      seed(1, { lineItems: [{ sku: "X", name: "X", quantity: 3, unitPrice: 500 }] }),
    ]);
    const read = async () =>
      (
        await gql(`{ orders(first: 1) { nodes { displayFulfillmentStatus
          fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 5) { nodes { id remainingQuantity } } } } } } }`)
      ).body.data.orders.nodes[0];
    const before = await read();
    const fo = before.fulfillmentOrders.nodes[0];
    const foli = fo.lineItems.nodes[0];
    const create = `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) {
      fulfillment { id status trackingInfo { company number url } } userErrors { field message } } }`;
    const fulfil = (quantity: number | null, id = fo.id) =>
      gql(create, {
        f: {
          lineItemsByFulfillmentOrder: [
            {
              fulfillmentOrderId: id,
              ...(quantity === null ? {} : { fulfillmentOrderLineItems: [{ id: foli.id, quantity }] }),
            },
          ],
          trackingInfo: { company: "Sagawa (JA)", number: "123456789012" },
          notifyCustomer: true,
        },
      });

    const part = await fulfil(2);
    expect(part.body.extensions.cost.requestedQueryCost).toBe(10);
    expect(part.body.data.fulfillmentCreate).toMatchObject({
      fulfillment: {
        status: "SUCCESS",
        trackingInfo: [
          { company: "Sagawa (JA)", number: "123456789012", url: expect.stringContaining("123456789012") },
        ],
      },
      userErrors: [],
    });
    const mid = await read();
    expect(mid.displayFulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(mid.fulfillmentOrders.nodes[0]).toMatchObject({
      status: "IN_PROGRESS",
      lineItems: { nodes: [{ remainingQuantity: 1 }] },
    });

    const tooMany = await fulfil(2);
    expect(tooMany.body.data.fulfillmentCreate.fulfillment).toBeNull();
    expect(tooMany.body.data.fulfillmentCreate.userErrors[0].message).toMatch(/quantity/);
    const unknown = await fulfil(1, "gid://shopify/FulfillmentOrder/1");
    expect(unknown.body.data.fulfillmentCreate.userErrors).toHaveLength(1);

    const rest = await fulfil(null);
    expect(rest.body.data.fulfillmentCreate.userErrors).toEqual([]);
    const after = await read();
    expect(after.displayFulfillmentStatus).toBe("FULFILLED");
    expect(after.fulfillmentOrders.nodes[0].status).toBe("CLOSED");
    expect(sim.shop(SHOP).fulfillments).toHaveLength(2);
  });
});

describe("Shopify simulator: webhooks", () => {
  const received: { headers: Headers; raw: string }[] = [];
  let server: ReturnType<typeof serve>;
  let url = "";
  beforeAll(async () => {
    const receiver = new Hono().post("/webhooks", async (c) => {
      received.push({ headers: c.req.raw.headers, raw: await c.req.text() });
      return c.text("ok");
    });
    await new Promise<void>((ready) => {
      server = serve({ fetch: receiver.fetch, port: 0, hostname: "127.0.0.1" }, () => ready());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("subscribes, and signs the orders/create delivery after orderCreate", async () => {
    const { gql, sim } = setup([]);
    const sub = await gql(
      `mutation($url: URL!) { webhookSubscriptionCreate(topic: ORDERS_CREATE,
        webhookSubscription: { callbackUrl: $url, format: JSON }) {
        webhookSubscription { id topic endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
        userErrors { field message } } }`,
      { url },
    );
    expect(sub.body.data.webhookSubscriptionCreate).toMatchObject({
      webhookSubscription: {
        topic: "ORDERS_CREATE",
        endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: url },
      },
      userErrors: [],
    });
    const listed = await gql(`{ webhookSubscriptions(first: 10) { nodes { id topic } } }`);
    expect(listed.body.data.webhookSubscriptions.nodes).toHaveLength(1);

    const created = await gql(
      `mutation($o: OrderCreateOrderInput!) { orderCreate(order: $o) { order { id name } userErrors { field message } } }`,
      {
        o: {
          email: "new@example.jp",
          shippingAddress: {
            lastName: "山田",
            firstName: "花子",
            address1: "丸の内1-1-1",
            city: "千代田区",
            provinceCode: "JP-13",
            zip: "100-0005",
            countryCode: "JP",
          },
          lineItems: [
            {
              title: "お茶",
              sku: "TEA-1",
              quantity: 2,
              priceSet: { shopMoney: { amount: "1200", currencyCode: "JPY" } },
            },
          ],
          customAttributes: [{ key: "配送希望日", value: "2026-10-10" }],
          transactions: [
            {
              gateway: "代金引換",
              kind: "SALE",
              status: "PENDING",
              amountSet: { shopMoney: { amount: "2400", currencyCode: "JPY" } },
            },
          ],
        },
      },
    );
    expect(created.body.data.orderCreate.userErrors).toEqual([]);
    expect(created.body.data.orderCreate.order.name).toBe("#1001");

    await sim.idle();
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const signature = createHmac("sha256", SECRET).update(delivery!.raw, "utf8").digest("base64");
    expect(delivery!.headers.get("x-shopify-hmac-sha256")).toBe(signature);
    expect(delivery!.headers.get("x-shopify-topic")).toBe("orders/create");
    expect(delivery!.headers.get("x-shopify-shop-domain")).toBe(SHOP);
    expect(delivery!.headers.get("x-shopify-api-version")).toBe("2026-10");
    expect(delivery!.headers.get("x-shopify-webhook-id")).toMatch(/^[0-9a-f-]{36}$/);
    const payload = JSON.parse(delivery!.raw) as Json;
    expect(payload).toMatchObject({
      admin_graphql_api_id: created.body.data.orderCreate.order.id,
      name: "#1001",
      email: "new@example.jp",
      shipping_address: { last_name: "山田", province: "東京都", province_code: "JP-13", zip: "100-0005" },
      line_items: [{ sku: "TEA-1", quantity: 2 }],
      note_attributes: [{ name: "配送希望日", value: "2026-10-10" }],
    });
    expect(typeof payload.id).toBe("number");
    expect(sim.shop(SHOP).deliveries[0]).toMatchObject({ status: 200, error: null });

    // A dead receiver is recorded, not thrown.
    await sim.deliverWebhook(SHOP, "orders/create", {});
    const privacy = await sim.sendPrivacyWebhook(SHOP, "shop/redact", "http://127.0.0.1:1/nothing");
    expect(privacy).toBeUndefined();
    expect(sim.shop(SHOP).deliveries.at(-1)?.error).toEqual(expect.any(String));
  });
});
