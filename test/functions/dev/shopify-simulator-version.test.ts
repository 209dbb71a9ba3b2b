import { API_VERSION } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { createShopifySimulator } from "../../../dev/src/simulators/shopify/index";

const SHOP = "version-check.myshopify.com";

function setup() {
  const sim = createShopifySimulator({ clientId: "id", clientSecret: "secret" });
  const { adminToken } = sim.addShop(SHOP, []);
  const shopQuery = (version: string) =>
    sim.app.request(`/${SHOP}/admin/api/${version}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": adminToken },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
  return { shopQuery };
}

describe("Shopify simulator: API versions", () => {
  it("the product speaks a version inside Shopify's twelve-month support window", () => {
    // Quarterly releases, each supported for twelve months: on 2026-11-28 the oldest supported
    // is 2026-01 and the newest stable 2026-10.
    expect(API_VERSION).toBe("2026-10");
  });

  it("serves the product's version", async () => {
    const res = await setup().shopQuery(API_VERSION);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-shopify-api-version")).toBe(API_VERSION);
    expect(await res.json()).toMatchObject({ data: { shop: { name: "version-check" } } });
  });

  it.each(["2025-10", "2026-07", "2027-01", "unstable", "2026-13", "latest"])(
    "refuses %s, a version the product does not use, with Shopify's 404",
    async (version) => {
      const res = await setup().shopQuery(version);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ errors: "Not Found" });
    },
  );
});
