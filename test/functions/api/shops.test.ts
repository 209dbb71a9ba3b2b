import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { drainQueue, useShops } from "../../support/simulators";

/**
 * Connecting shops and importing their orders, end to end through the simulators:
 * the API, the OAuth dance with the simulated Shopify, the order-sync queue and its
 * real consumer, DynamoDB Local.
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;
const seeds = (count: number, seed: number) => generateSeedOrders({ count, seed, daysBack: 20 });

/** Starts the install in the API, approves it in the simulated Shopify and returns the signed return query. */
async function approveInShopify(account: Account, domain: string) {
  const start = await callApi("/api/shops/shopify", {
    method: "POST",
    token: account.idToken,
    body: { shop: `https://admin.shopify.com/store/${domain.replace(".myshopify.com", "")}`, from: "setup" },
  });
  expect(start.status).toBe(200);
  const authorize = new URL(start.json.authorization_url);
  expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/setup\/stores\/shopify\/completed$/);
  const approved = await fetch(authorize, { method: "POST", redirect: "manual" });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  return Object.fromEntries(back.searchParams) as Record<string, string>;
}

/** Hands the signed return query to the API, as the app's return page does. */
const verifyReturn = (account: Account, query: Record<string, string>) =>
  callApi("/api/shops/shopify/verify_request", { method: "POST", token: account.idToken, body: query });

async function connectShopify(account: Account, domain: string) {
  const query = await approveInShopify(account, domain);
  const verified = await verifyReturn(account, query);
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return { shop: verified.json, query };
}

const syncAll = () => drainQueue("orderSync", orderSyncHandler);

/** A new company with the simulated store `domain`, holding `orders`, connected through OAuth. */
async function connectedStore(
  domain: string,
  orders: ReturnType<typeof seeds> = [],
  options?: Parameters<ReturnType<typeof shops>["shopify"]["addShop"]>[2],
) {
  const account = await testAccount();
  const { adminToken } = shops().shopify.addShop(domain, orders, options);
  const { shop } = await connectShopify(account, domain);
  return { account, shop, adminToken };
}

/** 今すぐ同期 (POST /orders/sync): queues a sync of the company's shops. */
const requestSync = (account: Account) =>
  callApi("/api/orders/sync", { method: "POST", token: account.idToken, body: {} });

/** The tab counts as the order list shows them. */
async function countsOf(account: Account) {
  const res = await callApi("/api/orders?limit=1", { token: account.idToken });
  return res.json.counts as Record<string, number>;
}

/**
 * What a sync of these shop orders must leave in the tabs (fulfilled ones are not
 * imported by default). Ecforce has no partly shipped state: such an order still waits.
 */
function expectedCounts(orders: ReturnType<typeof seeds>, platform: "shopify" | "ecforce" = "shopify") {
  const count = (state: string) => orders.filter((o) => o.state === state).length;
  const partly = count("partially_fulfilled");
  return {
    notShipped: count("open") + (platform === "ecforce" ? partly : 0),
    partiallyShipped: platform === "ecforce" ? 0 : partly,
    shipped: 0,
    cancelled: count("cancelled"),
    archived: 0,
  };
}

async function ordersOf(account: Account, query = "") {
  const items: { order_number: string; is_error: boolean; errors: unknown[] }[] = [];
  let cursor: string | null = null;
  do {
    const res = await callApi(`/api/orders?limit=100${query}${cursor ? `&cursor=${cursor}` : ""}`, {
      token: account.idToken,
    });
    expect(res.status).toBe(200);
    items.push(...res.json.items);
    cursor = res.json.next_cursor;
  } while (cursor);
  return items;
}

describe("Shopify connection", () => {
  it("connects through OAuth, subscribes the webhooks and refuses the same return twice", async () => {
    const account = await testAccount("京都おくる茶舗");
    const domain = "okuru-connect.myshopify.com";
    shops().shopify.addShop(domain, seeds(3, 1), { name: "おくる茶舗 本店" });
    const { shop, query } = await connectShopify(account, domain);
    expect(shop).toMatchObject({ platform: "shopify", domain, name: "おくる茶舗 本店", status: "active" });
    expect(
      shops()
        .shopify.shop(domain)
        .webhookSubscriptions.map((s) => s.topic)
        .sort(),
    ).toEqual(["APP_UNINSTALLED", "ORDERS_CANCELLED", "ORDERS_CREATE", "ORDERS_UPDATED"]);

    const replay = await verifyReturn(account, query);
    expect(replay.status).toBe(400);
    expect(replay.json.message).toContain("接続の手続きが見つからないか");
    const list = await callApi("/api/shops", { token: account.idToken });
    expect(list.json.items).toHaveLength(1);
  });

  it("refuses forged, stale and mismatched returns and writes nothing", async () => {
    const account = await testAccount();
    const domain = "okuru-forged.myshopify.com";
    shops().shopify.addShop(domain, []);
    const resign = (query: Record<string, string>) => ({ ...query, hmac: shops().shopify.signQuery(query) });
    const cases: [string, (q: Record<string, string>) => Record<string, string>, string][] = [
      ["a bad signature", (q) => ({ ...q, hmac: "0".repeat(64) }), "検証できませんでした"],
      ["a changed code without a new signature", (q) => ({ ...q, code: "other" }), "検証できませんでした"],
      [
        "a stale timestamp",
        (q) => resign({ ...q, timestamp: String(Math.floor(Date.now() / 1000) - 600) }),
        "有効期限",
      ],
      ["another shop", (q) => resign({ ...q, shop: "okuru-other.myshopify.com" }), "一致しません"],
      ["an unknown state", (q) => resign({ ...q, state: "forged-state" }), "見つからないか"],
      ["a domain that is not Shopify's", (q) => resign({ ...q, shop: "evil.example.com" }), "ドメイン"],
    ];
    for (const [name, forge, message] of cases) {
      const res = await verifyReturn(account, forge(await approveInShopify(account, domain)));
      expect(res.status, name).toBe(400);
      expect(res.json.message, name).toContain(message);
    }
    expect((await callApi("/api/shops", { token: account.idToken })).json.items).toEqual([]);
    expect(shops().shopify.shop(domain).webhookSubscriptions).toEqual([]);
  });

  it("will not connect a shop that another company has connected", async () => {
    const [first, second] = await Promise.all([testAccount("一社目"), testAccount("二社目")]);
    const domain = "okuru-taken.myshopify.com";
    shops().shopify.addShop(domain, []);
    await connectShopify(first, domain);
    const res = await verifyReturn(second, await approveInShopify(second, domain));
    expect(res.status).toBe(409);
    // The merchant is told the next step: who frees the shop, and where.
    expect(res.json.message).toBe(
      "このストアは既に別の会社に接続されています。接続中の会社の管理者に「設定」の「ストア管理」で接続を解除してもらってから、もう一度接続してください。お心当たりがない場合はサポートまでお問い合わせください。",
    );
    expect((await callApi("/api/shops", { token: second.idToken })).json.items).toEqual([]);
  });
});

describe("order sync from Shopify", () => {
  it("imports every order in the window once, however often it runs, and shows progress on the shop", async () => {
    const orders = seeds(130, 7);
    const { account, shop } = await connectedStore("okuru-sync.myshopify.com", orders);
    for (let run = 0; run < 2; run += 1) {
      const sync = await requestSync(account);
      expect(sync.status).toBe(202);
      await syncAll();
    }
    expect(await countsOf(account)).toMatchObject(expectedCounts(orders));
    const open = await ordersOf(account);
    expect(new Set(open.map((o) => o.order_number)).size).toBe(expectedCounts(orders).notShipped);

    const state = (await callApi("/api/shops", { token: account.idToken })).json.items[0];
    expect(state.id).toBe(shop.id);
    expect(state.sync).toMatchObject({ status: "idle", last_error: null });
    expect(state.sync.last_success_at).toEqual(expect.any(String));
  });

  it("waits out Shopify's cost limit instead of failing, within a small bucket", async () => {
    const orders = seeds(70, 5);
    // Two pages' worth of points, restored slowly: the sync must read throttleStatus and wait.
    const { account } = await connectedStore("okuru-throttled.myshopify.com", orders, {
      bucket: { maximumAvailable: 1000, restoreRate: 400 },
    });
    await requestSync(account);
    const { failed } = await syncAll();
    expect(failed).toBe(0);
    expect(await countsOf(account)).toMatchObject(expectedCounts(orders));
  });

  it("takes a new shop order in through its webhook, and a later change in the shop too", async () => {
    const domain = "okuru-webhook.myshopify.com";
    const { account, adminToken } = await connectedStore(domain, seeds(2, 11));
    await requestSync(account);
    await syncAll();
    expect(await ordersOf(account)).toHaveLength(2);

    // A user adds an order with Shopify's own API, as the README shows.
    const created = await Shopify.graphql<{
      orderCreate: { order: { name: string }; userErrors: unknown[] };
    }>(
      domain,
      adminToken,
      `mutation($order: OrderCreateOrderInput!) { orderCreate(order: $order) { order { name } userErrors { message } } }`,
      {
        order: {
          email: "yamasaki@example.jp",
          shippingAddress: {
            lastName: "山﨑",
            firstName: "花子",
            zip: "０６０－００４２",
            province: "北海道",
            city: "札幌市中央区",
            address1: "大通西１０丁目",
            phone: "011-231-4111",
          },
          lineItems: [
            {
              title: "宇治抹茶",
              sku: "TEA-001",
              quantity: 2,
              priceSet: { shopMoney: { amount: "2160", currencyCode: "JPY" } },
            },
          ],
        },
      },
    );
    expect(created.orderCreate.userErrors).toEqual([]);
    await shops().shopify.idle();
    const delivery = shops().shopify.shop(domain).deliveries.at(-1)!;
    expect(delivery).toMatchObject({ topic: "orders/create", status: 200 });
    await syncAll();
    const after = await ordersOf(account);
    expect(after.map((o) => o.order_number)).toContain(created.orderCreate.order.name);

    shops().shopify.shop(domain).cancelOrder(created.orderCreate.order.name);
    await shops().shopify.idle();
    await syncAll();
    const cancelled = await ordersOf(account, "&shipment_status=cancelled");
    expect(cancelled.map((o) => o.order_number)).toEqual([created.orderCreate.order.name]);
  });

  it("refuses a webhook whose signature does not match, with 401", async () => {
    const body = JSON.stringify({ id: 1 });
    const res = await fetch(`${shops().apiOrigin}/api/webhooks/shopify`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, "not-the-secret"),
        "X-Shopify-Topic": "customers/redact",
        "X-Shopify-Shop-Domain": "okuru-sync.myshopify.com",
      },
      body,
    });
    expect(res.status).toBe(401);
    await shops().shopify.sendPrivacyWebhook(
      "okuru-sync.myshopify.com",
      "customers/redact",
      `${shops().apiOrigin}/api/webhooks/shopify`,
    );
    await shops().shopify.idle();
    expect(shops().shopify.shop("okuru-sync.myshopify.com").deliveries.at(-1)).toMatchObject({ status: 200 });
  });
});

describe("Ecforce connection and sync", () => {
  it("checks the token with a real call, saves nothing when it is wrong, and imports once it is right", async () => {
    const account = await testAccount();
    const orders = seeds(45, 3);
    const { apiToken } = shops().ecforce.addShop("okuru-ec", orders);
    const wrong = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: account.idToken,
      body: { base_url: shops().ecforceBaseUrl("okuru-ec"), api_token: "wrong-token" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual({ api_token: "ecforce のAPIトークンが正しくありません。" });
    expect((await callApi("/api/shops", { token: account.idToken })).json.items).toEqual([]);

    const connected = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: account.idToken,
      body: {
        base_url: shops().ecforceBaseUrl("okuru-ec"),
        api_token: apiToken,
        name: "おくる茶舗 ecforce店",
      },
    });
    expect(connected.status).toBe(201);
    expect(connected.json).toMatchObject({ platform: "ecforce", name: "おくる茶舗 ecforce店" });
    const carriers = await callApi(`/api/shops/ecforce/carriers?shop_id=${connected.json.id}`, {
      token: account.idToken,
    });
    expect(carriers.json.items.map((c: { name: string }) => c.name)).toEqual([
      "ヤマト運輸",
      "佐川急便",
      "日本郵便",
    ]);

    await requestSync(account);
    await syncAll();
    expect(await countsOf(account)).toMatchObject(expectedCounts(orders, "ecforce"));
  });
});

describe("shops of another company", () => {
  it("cannot be changed, disconnected or read", async () => {
    const [owner, other] = await Promise.all([testAccount("持ち主"), testAccount("他社")]);
    const { apiToken } = shops().ecforce.addShop("okuru-owned", []);
    const connected = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: owner.idToken,
      body: { base_url: shops().ecforceBaseUrl("okuru-owned"), api_token: apiToken },
    });
    const shopId = connected.json.id;
    const attempts = [
      callApi("/api/shops/ecforce", {
        method: "PUT",
        token: other.idToken,
        body: { shop_id: shopId, import_days: 5 },
      }),
      callApi(`/api/shops/ecforce?shop_id=${shopId}`, { method: "DELETE", token: other.idToken }),
      callApi(`/api/shops/ecforce/carriers?shop_id=${shopId}`, { token: other.idToken }),
      callApi("/api/orders/sync", { method: "POST", token: other.idToken, body: { shop_id: shopId } }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([404, 404, 404, 404]);
    const mine = await callApi("/api/shops", { token: owner.idToken });
    expect(mine.json.items).toEqual([expect.objectContaining({ id: shopId, status: "active" })]);
  });
});

describe("Shopify webhooks delivered twice, late or for an uninstall", () => {
  it("accepts a repeated delivery and still leaves every order once", async () => {
    const domain = "okuru-replay.myshopify.com";
    const orders = seeds(8, 21);
    const { account } = await connectedStore(domain, orders);
    await syncAll();
    const before = await countsOf(account);
    expect(before).toMatchObject(expectedCounts(orders));

    const body = JSON.stringify({ id: 1, name: "#1001" });
    const deliver = () =>
      fetch(`${shops().apiOrigin}/api/webhooks/shopify`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, "okuru-local-app-secret"),
          "X-Shopify-Topic": "orders/updated",
          "X-Shopify-Shop-Domain": domain,
          "X-Shopify-Webhook-Id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
        },
        body,
      });
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);
    const drained = await syncAll();
    // The repeat (same webhook id) answers what the first did and queues nothing more.
    expect(drained).toEqual({ handled: 1, failed: 0 });
    expect(await countsOf(account)).toEqual(before);
  });

  it("deactivates the shop when the merchant uninstalls the app", async () => {
    const domain = "okuru-uninstall.myshopify.com";
    const { account } = await connectedStore(domain);
    await shops().shopify.uninstall(domain);
    await shops().shopify.idle();
    const list = await callApi("/api/shops", { token: account.idToken });
    expect(list.json.items).toEqual([expect.objectContaining({ domain, status: "inactive" })]);
  });
});
