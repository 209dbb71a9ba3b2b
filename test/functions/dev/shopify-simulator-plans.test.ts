import { API_VERSION } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { createShopifySimulator, type ShopifyPlan } from "../../../dev/src/simulators/shopify/index";

// biome-ignore lint/suspicious/noExplicitAny: bodies read loosely in assertions
type Json = Record<string, any>;

function setup(options: { defaultPlan?: ShopifyPlan } = {}) {
  let t = Date.parse("2026-11-28T00:00:00Z");
  const sim = createShopifySimulator({
    clientId: "id",
    clientSecret: "secret",
    now: () => new Date(t),
    ...(options.defaultPlan ? { bucket: options.defaultPlan } : {}),
  });
  const throttleStatus = async (domain: string, token: string) => {
    const res = await sim.app.request(`/${domain}/admin/api/${API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    return ((await res.json()) as Json).extensions.cost.throttleStatus;
  };
  return { sim, throttleStatus, advance: (ms: number) => (t += ms) };
}

describe("Shopify simulator: cost limits per plan", () => {
  it("puts a shop on the Standard plan by default: 100 points a second", async () => {
    const { sim, throttleStatus } = setup();
    const { adminToken } = sim.addShop("basic.myshopify.com", []);
    expect(await throttleStatus("basic.myshopify.com", adminToken)).toEqual({
      maximumAvailable: 1000,
      currentlyAvailable: 999,
      restoreRate: 100,
    });
  });

  it.each([
    ["standard", 1000, 100],
    ["advanced", 2000, 200],
    ["plus", 10_000, 1000],
  ] as const)("gives a shop on the %s plan its own limit", async (plan, maximumAvailable, restoreRate) => {
    const { sim, throttleStatus } = setup();
    const { adminToken } = sim.addShop(`${plan}.myshopify.com`, [], { bucket: plan });
    const status = await throttleStatus(`${plan}.myshopify.com`, adminToken);
    expect(status).toMatchObject({ maximumAvailable, restoreRate });
  });

  it("restores at the plan's rate, and a change of plan starts the bucket afresh", async () => {
    const { sim, advance } = setup({ defaultPlan: "advanced" });
    const domain = "growing.myshopify.com";
    const { adminToken } = sim.addShop(domain, generateSeedOrders({ count: 300, seed: 1 }));
    const ask = async (query: string) => {
      const res = await sim.app.request(`/${domain}/admin/api/${API_VERSION}/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": adminToken },
        body: JSON.stringify({ query }),
      });
      return ((await res.json()) as Json).extensions.cost.throttleStatus;
    };
    // 2 for the connection and 1 for each of 250 orders: 252 points a page.
    for (let i = 0; i < 7; i += 1) await ask("{ orders(first: 250) { nodes { id } } }");
    expect(await ask("{ shop { name } }")).toEqual({
      maximumAvailable: 2000,
      currentlyAvailable: 2000 - 7 * 252 - 1,
      restoreRate: 200,
    });
    advance(1000);
    expect((await ask("{ shop { name } }")).currentlyAvailable).toBe(2000 - 7 * 252 - 2 + 200);
    sim.shop(domain).setPlan("plus");
    expect(await ask("{ shop { name } }")).toEqual({
      maximumAvailable: 10_000,
      currentlyAvailable: 9999,
      restoreRate: 1000,
    });
  });

  it("lets a new merchant pick the plan on the consent page", async () => {
    const { sim, throttleStatus } = setup();
    const domain = "plus-merchant.myshopify.com";
    const query = new URLSearchParams({
      client_id: "id",
      scope: "read_orders",
      redirect_uri: "https://app.test/cb",
    });
    const page = await (await sim.app.request(`/${domain}/admin/oauth/authorize?${query}`)).text();
    expect(page).toContain('<option value="plus">');
    await sim.app.request(`/${domain}/admin/oauth/authorize?${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "plan=plus",
    });
    const adminToken = sim.shop(domain).tokens.find((t) => t.kind === "admin")!.token;
    expect(await throttleStatus(domain, adminToken)).toMatchObject({
      maximumAvailable: 10_000,
      restoreRate: 1000,
    });
  });
});
