import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { useShops } from "../../support/simulators";

/**
 * The Shopify client waits for the cost bucket before it sends a query, so the query is not
 * refused: for the points that very query asks for, which Shopify takes up front.
 */

const shops = useShops();

describe("the Shopify client's wait for the cost bucket", () => {
  it("waits for the room its own query asks for, not for the previous query's", async () => {
    const domain = "okuru-cost-wait.myshopify.com";
    const { adminToken } = shops().shopify.addShop(
      domain,
      generateSeedOrders({ count: 60, seed: 251, daysBack: 10 }).map((o) => ({
        ...o,
        state: "open" as const,
      })),
      // Slow to refill, so a wait shows in whole seconds.
      { bucket: { maximumAvailable: 1000, restoreRate: 10 } },
    );
    Shopify.resetBuckets();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    const cheap = "query OkuruShopName { shop { name } }";
    await Shopify.graphql(domain, adminToken, cheap, {}, { sleep });
    // A full page of orders: 922 points asked, some 600 used, the rest refunded.
    const page = await Shopify.ordersPage(
      domain,
      adminToken,
      { cursor: null, updatedSince: null },
      { sleep },
    );
    expect(page.orders).toHaveLength(Shopify.ORDERS_PAGE_SIZE);
    expect(waits).toEqual([]);

    // The bucket holds far less than 922 now, but plenty for a 1-point query: it goes at once.
    await Shopify.graphql(domain, adminToken, cheap, {}, { sleep });
    expect(waits).toEqual([]);
    // The next full page waits for its 922 points.
    await Shopify.ordersPage(
      domain,
      adminToken,
      { cursor: page.nextCursor, updatedSince: null },
      // Not waited out here: the query is refused, retried and finally given up, fast.
      { sleep, maxAttempts: 1 },
    ).catch(() => undefined);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toBeGreaterThan(10_000);
  });
});
