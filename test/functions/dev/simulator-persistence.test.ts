import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSimulators } from "../../../dev/src/simulators/serve";

// biome-ignore lint/suspicious/noExplicitAny: bodies read loosely in assertions
type Json = Record<string, any>;

const dataDir = mkdtempSync(join(tmpdir(), "okuru-simulators-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SHOP = "kept-shop.myshopify.com";

const ORDER_CREATE = `mutation($o: OrderCreateOrderInput!) {
  orderCreate(order: $o) { order { id name fulfillmentOrders(first: 5) { nodes { id } } } userErrors { message } }
}`;
const FULFIL = `mutation($f: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $f) { fulfillment { status } userErrors { message } }
}`;

async function gql(url: string, token: string, query: string, variables: Json = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
    body: JSON.stringify({ query, variables }),
  });
  return ((await res.json()) as Json).data;
}

describe("Simulators kept under the data directory", () => {
  it("still hold an order added through the API after a restart, so its tracking upload succeeds", async () => {
    const first = await startSimulators({ dataDir });
    const { adminToken } = first.shopify.addShop(SHOP, []);
    const created = await gql(first.shopifyGraphqlUrl(SHOP), adminToken, ORDER_CREATE, {
      o: {
        email: "yamasaki@example.jp",
        lineItems: [{ title: "宇治抹茶", sku: "TEA-001", quantity: 1 }],
        shippingAddress: { lastName: "山﨑", firstName: "花子", zip: "060-0042", province: "北海道" },
      },
    });
    const order = created.orderCreate.order;
    const ecforcePage = await (await fetch(first.ecforceBaseUrl("kept-ecforce"))).text();
    const ecforceToken = /<code id="api-token">([^<]+)<\/code>/.exec(ecforcePage)![1]!;
    const posted = await fetch(`${first.ecforceBaseUrl("kept-ecforce")}/api/v2/admin/orders.json`, {
      method: "POST",
      headers: { Authorization: `Token token="${ecforceToken}"`, "Content-Type": "application/json" },
      body: JSON.stringify({
        order: {
          email: "takahashi@example.jp",
          payment_method_name: "代金引換",
          shipping_address: {
            name01: "髙橋",
            name02: "一郎",
            zip01: "604",
            zip02: "8005",
            prefecture_name: "京都府",
            addr01: "京都市中京区",
            addr02: "恵比須町534-40",
            tel01: "075",
            tel02: "123",
            tel03: "4567",
          },
          order_items: [{ name: "玉露", sku: "TEA-002", quantity: 2, price: 1620 }],
        },
      }),
    });
    expect(posted.status).toBe(201);
    await first.stop();
    expect(existsSync(join(dataDir, "simulators", "shopify.json"))).toBe(true);

    const again = await startSimulators({ dataDir });
    try {
      expect(again.shopify.shop(SHOP).order(order.name)?.email).toBe("yamasaki@example.jp");
      const fulfilled = await gql(again.shopifyGraphqlUrl(SHOP), adminToken, FULFIL, {
        f: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order.fulfillmentOrders.nodes[0].id }],
          trackingInfo: { company: "Yamato (JA)", number: "123456789012" },
        },
      });
      expect(fulfilled.fulfillmentCreate).toEqual({ fulfillment: { status: "SUCCESS" }, userErrors: [] });
      const more = await gql(again.shopifyGraphqlUrl(SHOP), adminToken, ORDER_CREATE, {
        o: { lineItems: [{ title: "煎茶", quantity: 1 }] },
      });
      expect(more.orderCreate.order.id).not.toBe(order.id);
      expect(more.orderCreate.order.name).toBe("#1002");

      const kept = await fetch(`${again.ecforceBaseUrl("kept-ecforce")}/api/v2/admin/orders.json`, {
        headers: { Authorization: `Token token="${ecforceToken}"` },
      });
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as Json).data.map((o: Json) => o.attributes.email)).toEqual([
        "takahashi@example.jp",
      ]);
    } finally {
      await again.stop();
    }
  });

  it("start empty without a data directory, as the tests run", async () => {
    const throwaway = await startSimulators();
    try {
      expect(throwaway.shopify.hasShop(SHOP)).toBe(false);
      expect(throwaway.ecforce.hasShop("kept-ecforce")).toBe(false);
    } finally {
      await throwaway.stop();
    }
  });
});
