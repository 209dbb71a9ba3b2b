import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { connectShopify, useShops } from "../../support/simulators";

// The simulated Shopify store, so the company has a real connected shop whose URL the filter names.
useShops();

const phoneIssue = [{ field: "customer.phone", message: "電話番号の形式が正しくありません。" }];

/**
 * A company with a connected Shopify shop and an Ecforce shop's orders: #1001 (ok),
 * #1002 (error) and #1003 (shipped, error) in Shopify, #1004 (ok) and #1005 (error) in Ecforce.
 */
async function companyWithTwoShops(domain: string) {
  const account = await testAccount();
  const shop = await connectShopify(account, domain);
  const shopify = (n: number, extra: Partial<Order.ShopOrderWrite> = {}) =>
    shopOrderFixture(n, { shopId: shop.id, shopUrl: `https://${domain}`, ...extra });
  const ecforce = (n: number, extra: Partial<Order.ShopOrderWrite> = {}) =>
    shopOrderFixture(n, {
      shopId: "shop_01JECFORCE0000000000000000",
      platform: "ecforce",
      platformOrderId: `ec-${n}`,
      ...extra,
    });
  await asUser(account, () =>
    Order.upsertPage([
      shopify(1),
      shopify(2, { issues: phoneIssue }),
      shopify(3, { issues: phoneIssue, platformStatus: "fulfilled" }),
      ecforce(4),
      ecforce(5, { issues: phoneIssue }),
    ]),
  );
  const list = async (query: string) => {
    const answer = await callApi(`/api/orders?${query}`, { token: account.idToken });
    expect(answer.status, answer.text).toBe(200);
    return (answer.json.items as { order_number: string }[]).map((o) => o.order_number).sort();
  };
  const refused = async (query: string) => {
    const answer = await callApi(`/api/orders?${query}`, { token: account.idToken });
    expect(answer.status, answer.text).toBe(400);
    return answer.json.fields as Record<string, string>;
  };
  return { account, shop, list, refused };
}

describe("GET /api/orders filters", () => {
  it("shopify_shop_url alone lists that shop's orders only, in any spelling of its URL", async () => {
    const { list, account } = await companyWithTwoShops("filter-konbu.myshopify.com");
    const url = (value: string) => `shopify_shop_url=${encodeURIComponent(value)}`;
    expect(await list(url("https://filter-konbu.myshopify.com"))).toEqual(["#1001", "#1002"]);
    expect(await list(url("HTTPS://Filter-Konbu.myshopify.com/"))).toEqual(["#1001", "#1002"]);
    expect(await list(url("filter-konbu.myshopify.com"))).toEqual(["#1001", "#1002"]);
    expect(await list(`${url("filter-konbu.myshopify.com")}&shipment_status=shipped`)).toEqual(["#1003"]);
    expect(await list(`${url("filter-konbu.myshopify.com")}&is_error=true`)).toEqual(["#1002", "#1003"]);
    // A shop the company does not have has no orders here.
    expect(await list(url("someone-else.myshopify.com"))).toEqual([]);
    // "Select all" reads the same filter.
    const ids = await callApi(`/api/orders/ids?${url("filter-konbu.myshopify.com")}`, {
      token: account.idToken,
    });
    expect(ids.json.items.map((o: { order_number: string }) => o.order_number).sort()).toEqual([
      "#1001",
      "#1002",
    ]);
  });

  it("is_error works alone and with the status: true only errors, false none of them", async () => {
    const { list } = await companyWithTwoShops("filter-matcha.myshopify.com");
    expect(await list("")).toEqual(["#1001", "#1002", "#1004", "#1005"]);
    expect(await list("is_error=false")).toEqual(["#1001", "#1004"]);
    expect(await list("is_error=true")).toEqual(["#1002", "#1003", "#1005"]);
    expect(await list("is_error=true&shipment_status=notShipped")).toEqual(["#1002", "#1005"]);
    expect(await list("is_error=true&tab_key=shipped")).toEqual(["#1003"]);
    expect(await list("is_error=false&shipment_status=shipped")).toEqual([]);
    expect(await list("is_error=false&shop_id=shop_01JECFORCE0000000000000000")).toEqual(["#1004"]);
    // With a search, every filter still holds.
    expect(await list(`search=${encodeURIComponent("タカハシ")}&is_error=false`)).toEqual(["#1001", "#1004"]);
    expect(
      await list(`search=${encodeURIComponent("タカハシ")}&is_error=true&shipment_status=shipped`),
    ).toEqual(["#1003"]);
  });

  it("refuses a value it cannot use, and filters that contradict each other, never dropping one", async () => {
    const { refused } = await companyWithTwoShops("filter-hojicha.myshopify.com");
    expect(await refused("is_error=maybe")).toEqual({
      is_error: "is_error は true か false で指定してください",
    });
    expect(await refused("shopify_shop_url=not%20a%20shop")).toEqual({
      shopify_shop_url: "ShopifyストアのURLを指定してください（例: https://okuru-demo.myshopify.com）",
    });
    expect(Object.keys(await refused("tab_key=shipped&shipment_status=notShipped"))).toEqual([
      "shipment_status",
    ]);
    expect(Object.keys(await refused("tab_key=error&is_error=false"))).toEqual(["is_error"]);
  });
});
