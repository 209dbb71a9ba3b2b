import { API_VERSION } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { createEcforceSimulator } from "../../../dev/src/simulators/ecforce/index";
import { createShopifySimulator } from "../../../dev/src/simulators/shopify/index";

// biome-ignore lint/suspicious/noExplicitAny: bodies read loosely in assertions
type Json = Record<string, any>;

const CLIENT_ID = "okuru-client-id";
const SECRET = "okuru-client-secret";
const REDIRECT = "https://app.okuru.test/api/shopify/callback";

/** A new merchant's first install: the consent page, the form as a browser submits it, the code for a token. */
async function installNewStore(domain: string, extra: Record<string, string>) {
  const sim = createShopifySimulator({ clientId: CLIENT_ID, clientSecret: SECRET });
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    scope: "read_orders,write_merchant_managed_fulfillment_orders",
    redirect_uri: REDIRECT,
    state: "nonce",
  });
  const page = await sim.app.request(`/${domain}/admin/oauth/authorize?${query}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("日本語の注文を生成する");
  expect(html).toContain('name="order_count"');
  const fields = new URLSearchParams([
    ...[...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      (m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")] as [string, string],
    ),
    ...Object.entries(extra),
  ]);
  const approved = await sim.app.request(`/${domain}/admin/oauth/authorize`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  const exchanged = await sim.app.request(`/${domain}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_id: CLIENT_ID,
      client_secret: SECRET,
      code: back.searchParams.get("code"),
    }),
  });
  const { access_token } = (await exchanged.json()) as { access_token: string };
  const count = async () => {
    const res = await sim.app.request(`/${domain}/admin/api/${API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": access_token },
      body: JSON.stringify({ query: "{ shop { myshopifyDomain } ordersCount { count } }" }),
    });
    return ((await res.json()) as Json).data;
  };
  return { sim, count };
}

describe("Shopify simulator: a store for any new merchant", () => {
  it("opens an empty store at the consent page of a domain it has never seen", async () => {
    const { sim, count } = await installNewStore("new-merchant.myshopify.com", {});
    expect(await count()).toEqual({
      shop: { myshopifyDomain: "new-merchant.myshopify.com" },
      ordersCount: { count: 0 },
    });
    expect(sim.shop("new-merchant.myshopify.com").installedScopes).toContain("read_orders");
  });

  it("fills the new store with generated Japanese orders when the merchant ticks the box", async () => {
    const { sim, count } = await installNewStore("tea-house.myshopify.com", {
      generate_orders: "1",
      order_count: "12",
    });
    expect((await count()).ordersCount).toEqual({ count: 12 });
    const orders = sim.shop("tea-house.myshopify.com").orders;
    expect(orders.map((o) => o.number)).toEqual(Array.from({ length: 12 }, (_, i) => 1001 + i));
    expect(orders[0]!.shippingAddress?.countryCodeV2).toBe("JP");
    expect(orders[0]!.shippingAddress?.province).toMatch(/[都道府県]$/);
  });

  it("still answers 404 for a path that is not a myshopify domain", async () => {
    const sim = createShopifySimulator({ clientId: CLIENT_ID, clientSecret: SECRET });
    const res = await sim.app.request(`/example.com/admin/oauth/authorize?client_id=${CLIENT_ID}`);
    expect(res.status).toBe(404);
  });
});

describe("Ecforce simulator: any shop name under its base URL", () => {
  const tokenOn = (html: string) => /<code id="api-token">([^<]+)<\/code>/.exec(html)?.[1];

  it("shows a token on the shop's page, and the API takes it", async () => {
    const sim = createEcforceSimulator();
    const before = await sim.app.request("http://ecforce.test/kyoto-sweets/api/v2/admin/orders.json");
    expect(before.status).toBe(404);
    const page = await sim.app.request("http://ecforce.test/kyoto-sweets");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("http://ecforce.test/kyoto-sweets");
    const token = tokenOn(html)!;
    expect(token).toMatch(/^ecf_[0-9a-f]{32}$/);
    const orders = await sim.app.request("http://ecforce.test/kyoto-sweets/api/v2/admin/orders.json", {
      headers: { Authorization: `Token token="${token}"` },
    });
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as Json).data).toEqual([]);
    const wrong = await sim.app.request("http://ecforce.test/kyoto-sweets/api/v2/admin/orders.json", {
      headers: { Authorization: 'Token token="not-it"' },
    });
    expect(wrong.status).toBe(401);
    // The page again: the same shop and token, not a new one.
    expect(tokenOn(await (await sim.app.request("http://ecforce.test/kyoto-sweets/")).text())).toBe(token);
  });

  it("generates Japanese orders when asked on the page", async () => {
    const sim = createEcforceSimulator();
    await sim.app.request("http://ecforce.test/osaka-goods");
    const posted = await sim.app.request("http://ecforce.test/osaka-goods", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "generate_orders=1&order_count=7",
    });
    expect(posted.status).toBe(303);
    expect(sim.shop("osaka-goods").orders).toHaveLength(7);
    expect(await (await sim.app.request("http://ecforce.test/osaka-goods")).text()).toContain("注文数: 7件");
  });
});
