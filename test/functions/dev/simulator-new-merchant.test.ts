import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { drainQueue, useShops } from "../../support/simulators";

/**
 * A company that has just signed up passes the wizard's ストア連携 step against the simulators
 * alone: a Shopify store and an Ecforce shop neither simulator knew before.
 */

const shops = useShops();
const fresh = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

async function orderCount(idToken: string) {
  const res = await callApi("/api/orders?limit=1", { token: idToken });
  // Every order is in one status tab; the エラー tab lists some of them again.
  return Object.entries(res.json.counts as Record<string, number>)
    .filter(([tab]) => tab !== "error")
    .reduce((sum, [, n]) => sum + n, 0);
}

describe("a new merchant's ストア連携 with the simulators", () => {
  it("connects a Shopify store the simulator opens at its consent page, with the orders asked for", async () => {
    const account = await testAccount();
    const domain = `${fresh("first-shop")}.myshopify.com`;
    const start = await callApi("/api/shops/shopify", {
      method: "POST",
      token: account.idToken,
      body: { shop: domain, from: "setup" },
    });
    expect(start.status, start.text).toBe(200);
    // The merchant's browser: the consent page, then its form with the box ticked.
    const page = await (await fetch(start.json.authorization_url)).text();
    expect(page).toContain("日本語の注文を生成する");
    const form = new URLSearchParams([
      ...[...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
        (m) => [m[1]!, m[2]!.replace(/&amp;/g, "&")] as [string, string],
      ),
      ["generate_orders", "1"],
      ["order_count", "6"],
    ]);
    const approved = await fetch(new URL("authorize", start.json.authorization_url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(approved.status).toBe(302);
    const verified = await callApi("/api/shops/shopify/verify_request", {
      method: "POST",
      token: account.idToken,
      body: Object.fromEntries(new URL(approved.headers.get("location")!).searchParams),
    });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(shops().shopify.shop(domain).orders).toHaveLength(6);
    await drainQueue("orderSync", orderSyncHandler);
    // Fully shipped orders stay out of the first import; open, part-shipped and cancelled come in.
    const expected = shops()
      .shopify.shop(domain)
      .orders.filter(
        (o) => o.cancelledAt !== null || o.fulfillmentOrders.some((fo) => fo.status !== "CLOSED"),
      );
    expect(expected.length).toBeGreaterThan(0);
    expect(await orderCount(account.idToken)).toBe(expected.length);
  });

  it("connects an Ecforce shop by the URL and token its simulator page shows", async () => {
    const account = await testAccount();
    const name = fresh("first-ec");
    const page = await (await fetch(shops().ecforceBaseUrl(name))).text();
    const baseUrl = /<code id="base-url">([^<]+)<\/code>/.exec(page)![1]!;
    const apiToken = /<code id="api-token">([^<]+)<\/code>/.exec(page)![1]!;
    expect(baseUrl).toBe(shops().ecforceBaseUrl(name));
    const connected = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: account.idToken,
      body: { base_url: baseUrl, api_token: apiToken },
    });
    expect(connected.status, connected.text).toBe(201);
    expect(connected.json).toMatchObject({ platform: "ecforce" });
  });
});
