import { describe, expect, it } from "vitest";
import { ORDERS_PAGE_SIZE, ORDERS_QUERY, ordersSearch } from "../../../core/src/platforms/shopify/orders";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { createShopifySimulator } from "../../../dev/src/simulators/shopify/index";
import { parseTime } from "../../../dev/src/simulators/shopify/store";

// biome-ignore lint/suspicious/noExplicitAny: GraphQL bodies read loosely in assertions
type Json = Record<string, any>;

const DOMAIN = "okuru-paging.myshopify.com";

function shop(count: number) {
  const simulator = createShopifySimulator({
    clientId: "id",
    clientSecret: "secret",
    bucket: { maximumAvailable: 1_000_000, restoreRate: 1_000_000 },
  });
  const seeds = generateSeedOrders({ count, seed: 7, daysBack: 20 });
  const { adminToken } = simulator.addShop(DOMAIN, seeds);
  const gql = async (query: string, variables: Json = {}): Promise<Json> => {
    const response = await simulator.app.request(`/${DOMAIN}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": adminToken },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as Json;
  };
  return { simulator, gql };
}

describe("Shopify simulator: paging a large shop", () => {
  it("parses times exactly as Date.parse does", () => {
    const samples = [
      "2026-11-01T09:30:00Z",
      "2026-11-01T09:30:00.123Z",
      "2024-02-29T00:00:00Z",
      "2025-02-29T00:00:00Z",
      "2026-04-31T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-11-01T24:00:00Z",
      "2026-11-01T09:60:00Z",
      "0099-01-01T00:00:00Z",
      "1900-02-29T00:00:00Z",
      "2000-02-29T00:00:00Z",
      "2026-11-01T09:30:00+09:00",
      "2026-11-01",
      "2026-1a-01T00:00:00Z",
      "not a time",
    ];
    for (let i = 0; i < 2000; i += 1) {
      const iso = new Date(Date.UTC(1970, 0, 1) + i * 7_919_999_999).toISOString();
      samples.push(iso, iso.replace(/\.\d{3}Z$/, "Z"));
    }
    for (const value of samples) expect(parseTime(value), value).toEqual(Date.parse(value));
  });

  it("reads every order once, oldest change first, within Shopify's 1,000-point query limit", async () => {
    const { gql } = shop(300);
    const seen: string[] = [];
    let after: string | null = null;
    let previous = "";
    do {
      const body = await gql(ORDERS_QUERY, {
        first: ORDERS_PAGE_SIZE,
        after,
        query: ordersSearch("2000-01-01T00:00:00.000Z"),
      });
      expect(body.errors).toBeUndefined();
      expect(body.extensions.cost.requestedQueryCost).toBeLessThanOrEqual(1000);
      for (const node of body.data.orders.nodes) {
        expect(node.updatedAt >= previous).toBe(true);
        previous = node.updatedAt;
        seen.push(node.id);
      }
      after = body.data.orders.pageInfo.hasNextPage ? body.data.orders.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
  });

  it("pages forwards and backwards with the right neighbours, as over the whole sorted list", async () => {
    const { simulator, gql } = shop(60);
    const all = [...simulator.shop(DOMAIN).orders]
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.numericId - b.numericId)
      .map((o) => `gid://shopify/Order/${o.numericId}`);
    const query = `query ($first: Int, $last: Int, $after: String, $before: String) {
      orders(first: $first, last: $last, after: $after, before: $before, sortKey: CREATED_AT) {
        edges { cursor node { id } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const page = async (variables: Json) => (await gql(query, variables)).data.orders;

    const first = await page({ first: 25 });
    expect(first.edges.map((e: Json) => e.node.id)).toEqual(all.slice(0, 25));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await page({ first: 25, after: first.pageInfo.endCursor });
    expect(second.edges.map((e: Json) => e.node.id)).toEqual(all.slice(25, 50));
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const back = await page({ last: 10, before: second.pageInfo.startCursor });
    expect(back.edges.map((e: Json) => e.node.id)).toEqual(all.slice(15, 25));
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const tail = await page({ last: 10 });
    expect(tail.edges.map((e: Json) => e.node.id)).toEqual(all.slice(50));
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const head = await page({ last: 10, before: first.edges[10].cursor });
    expect(head.edges.map((e: Json) => e.node.id)).toEqual(all.slice(0, 10));
    expect(head.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });
});
