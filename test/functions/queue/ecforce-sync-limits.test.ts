import { OrderSync } from "@okuru/core/workflows/order-sync";
import { describe, expect, it } from "vitest";
import { createEcforceSimulator } from "../../../dev/src/simulators/ecforce/index";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { consumer } from "../../../functions/src/queue/consumer";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { apiCaller } from "../../support/printing";
import { drainQueue, useShops } from "../../support/simulators";

/**
 * An Ecforce sync reads at Ecforce's largest page (100) and the pace the product keeps
 * to (four requests, then one a second), which the simulated shop enforces with 429s;
 * it waits out a 429's Retry-After, and shows its progress (expected from the JSON:API
 * meta, read, remaining) as a Shopify sync does.
 */

const shops = useShops();

const openOrders = (count: number, seed: number) =>
  generateSeedOrders({ count, seed, daysBack: 20 }).map((o) => ({ ...o, state: "open" as const }));

async function connectEcforce(shopName: string, count: number) {
  const account = await testAccount();
  const call = apiCaller(account);
  const { apiToken } = shops().ecforce.addShop(shopName, openOrders(count, 501));
  const connected = await call("/shops/ecforce", "POST", {
    base_url: shops().ecforceBaseUrl(shopName),
    api_token: apiToken,
  });
  expect(connected.status, JSON.stringify(connected.json)).toBe(201);
  const syncOf = async () => (await call("/shops")).json.items[0].sync;
  return { apiToken, syncOf };
}

const orderReads = (shopName: string) =>
  shops()
    .ecforce.shop(shopName)
    .requests.filter((r) => r.path.endsWith("/orders.json") && r.method === "GET");

describe("an Ecforce sync at Ecforce's limits", () => {
  it("reads 100 orders a page at the shop's pace, never refused, and shows its progress", async () => {
    const shopName = "okuru-ecf-limits";
    const { syncOf } = await connectEcforce(shopName, 450);
    const midway: unknown[] = [];
    const steps = consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      const result = await OrderSync.runStep(message, {}, { pages: 1, ms: 60_000 });
      if (result === "continued") midway.push(await syncOf());
    });
    expect((await drainQueue("orderSync", steps)).failed).toBe(0);

    // Progress as the Shopify sync shows it: read / expected (the meta's total_count), remaining.
    expect(midway[0]).toMatchObject({ status: "running", method: "paged", seen: 100, expected: 450 });
    expect((midway[0] as { remaining_seconds: unknown }).remaining_seconds).toEqual(expect.any(Number));
    expect(await syncOf()).toMatchObject({
      status: "idle",
      method: "paged",
      seen: 450,
      imported: 450,
      expected: 450,
      last_error: null,
    });

    const reads = orderReads(shopName);
    // The connection's check, then five pages of 100.
    expect(reads.map((r) => new URLSearchParams(r.query).get("per"))).toEqual(Array(6).fill("100"));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    // Four at once, then one a second: the sixth read comes two seconds after the first at the soonest.
    const at = reads.map((r) => r.at.getTime());
    expect(at[5]! - at[0]!).toBeGreaterThanOrEqual(2_000);
  }, 60_000);

  it("waits out a 429's Retry-After when another client used the shop's requests", async () => {
    const shopName = "okuru-ecf-429";
    const { apiToken, syncOf } = await connectEcforce(shopName, 150);
    // Someone else (another consumer, the merchant's own tools) takes the shop's bucket.
    const base = `${shops().ecforceBaseUrl(shopName)}/api/v2/admin/orders.json?per=1`;
    const headers = { Authorization: `Token token="${apiToken}"` };
    for (let i = 0; i < 4; i += 1) await (await fetch(base, { headers })).body?.cancel();
    expect((await drainQueue("orderSync", orderSyncHandler)).failed).toBe(0);

    const statuses = orderReads(shopName).map((r) => r.status);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(200);
    expect(await syncOf()).toMatchObject({ status: "idle", seen: 150, imported: 150, last_error: null });
  }, 40_000);
});

describe("the Ecforce simulator's limit", () => {
  it("takes four requests at once, then one a second, and says when to come back", async () => {
    let t = Date.parse("2026-11-28T00:00:00Z");
    const sim = createEcforceSimulator({ now: () => new Date(t) });
    const { apiToken } = sim.addShop("kyoto-limit", []);
    const get = () =>
      sim.app.request("http://ecforce.test/kyoto-limit/api/v2/admin/orders.json", {
        headers: { Authorization: `Token token="${apiToken}"` },
      });
    for (let i = 0; i < 4; i += 1) expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("1");
    t += 1_000;
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    t += 3_000;
    for (let i = 0; i < 3; i += 1) expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
  });
});
