import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { ordersOfEveryTab, searchedOrderIds } from "../../support/order-reads";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * An erasure Shopify asked for stays an erasure: the customer's data does not come back
 * with a later sync (the order still inside the sync's overlap window), an order webhook,
 * or the first import of an order redacted before we stored it. A privacy webhook acts on
 * the shop its signed body names, and a delivery repeated with the same webhook id counts
 * once. Everything goes through the simulated Shopify, the real route and the real sync
 * consumer.
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;
type WireOrder = {
  id: string;
  order_number: string;
  shopify_order_id: string;
  email: string;
  shipment_status: string;
  is_error: boolean;
  errors: { field: string; message: string }[];
  purchaser: Record<string, string>;
  customer: Record<string, string>;
  note: string;
};

const ERASED_ISSUE = "お客様の依頼により個人情報を削除したため、この注文は発送できません。";
const syncAll = () => drainQueue("orderSync", orderSyncHandler);
const webhookUrl = () => `${shops().apiOrigin}/api/webhooks/shopify`;

async function order(account: Account, id: string): Promise<WireOrder> {
  const res = await callApi(`/api/orders/${id}`, { token: account.idToken });
  expect(res.status).toBe(200);
  return res.json as WireOrder;
}

const allOrders = (account: Account) => ordersOfEveryTab<WireOrder>(account.idToken);
const search = (account: Account, text: string, tab?: string) => searchedOrderIds(account.idToken, text, tab);

async function privacyRequests(account: Account) {
  return (await callApi("/api/shops", { token: account.idToken })).json.items[0].privacy_requests as {
    topic: string;
  }[];
}

function expectErased(after: WireOrder) {
  expect(after.email).toBe("");
  expect(after.note).toBe("");
  for (const person of [after.purchaser, after.customer])
    expect(Object.values(person).every((value) => value === "")).toBe(true);
}

const TARGET_EMAIL = "durable-target@example.jp";

/**
 * Six open orders placed in the last minute (inside the next sync's overlap window), the
 * first two by one customer, in a shop connected to a new company; imported unless
 * `imported` is false (the first sync then waits in the queue).
 */
async function shopWithCustomer(domain: string, imported = true) {
  const account = await testAccount();
  const seeds = generateSeedOrders({ count: 6, seed: 83, daysBack: 60 / 86_400 }).map((o) => ({
    ...o,
    state: "open" as const,
  }));
  seeds[0]!.email = TARGET_EMAIL;
  seeds[1]!.email = TARGET_EMAIL;
  shops().shopify.addShop(domain, seeds);
  await connectShopify(account, domain);
  if (imported) await syncAll();
  return { account };
}

async function redact(domain: string) {
  const res = await shops().shopify.sendPrivacyWebhook(
    domain,
    "customers/redact",
    webhookUrl(),
    TARGET_EMAIL,
  );
  expect(res?.status).toBe(200);
}

/** A privacy delivery signed with the app's secret, whose headers and body we choose. */
function signedDelivery(topic: string, headerDomain: string, payload: unknown, webhookId: string) {
  const body = JSON.stringify(payload);
  return fetch(webhookUrl(), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, Shopify.app().clientSecret),
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": headerDomain,
      "X-Shopify-Webhook-Id": webhookId,
    },
    body,
  });
}

describe("a customer's erasure is durable", () => {
  it("a later sync of the shop, its order in the overlap window, keeps the redacted orders erased", async () => {
    const domain = "okuru-durable-sync.myshopify.com";
    const { account } = await shopWithCustomer(domain);
    const target = (await allOrders(account)).filter((o) => o.email === TARGET_EMAIL);
    expect(target).toHaveLength(2);
    const name = target[0]!.customer.name!;
    await redact(domain);
    for (const before of target) expectErased(await order(account, before.id));

    const sync = await callApi("/api/orders/sync", { method: "POST", token: account.idToken, body: {} });
    expect(sync.status, sync.text).toBe(202);
    expect(await syncAll()).toMatchObject({ failed: 0 });
    for (const before of target) {
      const after = await order(account, before.id);
      expectErased(after);
      expect(after.errors).toEqual([{ field: "customer", message: ERASED_ISSUE }]);
    }
    expect(await search(account, name)).not.toContain(target[0]!.id);
    expect(await search(account, TARGET_EMAIL)).toEqual([]);
  });

  it("an orders/updated webhook bringing a newer version of a redacted order keeps it erased", async () => {
    const domain = "okuru-durable-webhook.myshopify.com";
    const { account } = await shopWithCustomer(domain);
    const target = (await allOrders(account)).filter((o) => o.email === TARGET_EMAIL);
    const name = target[0]!.customer.name!;
    await redact(domain);
    // The merchant cancels one in Shopify: orders/cancelled and orders/updated ask for a sync.
    const [first] = target;
    shops().shopify.shop(domain).cancelOrder(first!.order_number);
    await shops().shopify.idle();
    expect(await syncAll()).toMatchObject({ failed: 0 });
    const cancelled = await order(account, first!.id);
    expect(cancelled.shipment_status).toBe("cancelled");
    expectErased(cancelled);
    expect(await search(account, name, "cancelled")).not.toContain(first!.id);
  });

  it("a redaction of orders we have not imported yet makes their import arrive erased", async () => {
    const domain = "okuru-durable-before.myshopify.com";
    const { account } = await shopWithCustomer(domain, false);
    const shopOrders = shops()
      .shopify.shop(domain)
      .orders.filter((o) => o.email === TARGET_EMAIL);
    expect(shopOrders).toHaveLength(2);
    await redact(domain);

    expect(await syncAll()).toMatchObject({ failed: 0 });
    const orders = await allOrders(account);
    expect(orders).toHaveLength(6);
    const target = orders.filter((o) => shopOrders.some((s) => o.shopify_order_id === String(s.numericId)));
    expect(target).toHaveLength(2);
    for (const imported of target) {
      expectErased(imported);
      expect(imported.is_error).toBe(true);
      expect(imported.errors).toEqual([{ field: "customer", message: ERASED_ISSUE }]);
    }
    expect(await search(account, TARGET_EMAIL)).toEqual([]);
    const counts = (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
    expect(counts.error).toBe(orders.filter((o) => o.is_error).length);
    expect(orders.filter((o) => o.email !== "")).toHaveLength(4);
  });

  it("a privacy webhook whose signed shop differs from the header's shop is refused and changes nothing", async () => {
    const domain = "okuru-durable-mismatch.myshopify.com";
    const { account } = await shopWithCustomer(domain);
    const target = (await allOrders(account)).filter((o) => o.email === TARGET_EMAIL);
    expect(target).toHaveLength(2);
    const payload = {
      shop_id: 1,
      shop_domain: "okuru-someone-else.myshopify.com",
      customer: { id: 7100000000001, email: TARGET_EMAIL, phone: null },
      orders_to_redact: target.map((o) => Number(o.shopify_order_id)),
    };
    const refused = await signedDelivery("customers/redact", domain, payload, "durable-mismatch-1");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "webhook.shop_mismatch" });
    // Without a shop in the signed body there is no shop to act for either.
    const { shop_domain: _, ...unnamed } = payload;
    const anonymous = await signedDelivery("customers/redact", domain, unnamed, "durable-mismatch-2");
    expect(anonymous.status).toBe(401);
    for (const before of target) expect((await order(account, before.id)).email).toBe(TARGET_EMAIL);
    expect(await privacyRequests(account)).toEqual([]);

    // The same body with the matching header is acted on.
    const accepted = await signedDelivery(
      "customers/redact",
      domain,
      { ...payload, shop_domain: domain },
      "durable-mismatch-3",
    );
    expect(accepted.status).toBe(200);
    for (const before of target) expectErased(await order(account, before.id));
  });

  it("a data request delivered again with the same webhook id is recorded once", async () => {
    const domain = "okuru-durable-request.myshopify.com";
    const { account } = await shopWithCustomer(domain);
    const res = await shops().shopify.sendPrivacyWebhook(
      domain,
      "customers/data_request",
      webhookUrl(),
      TARGET_EMAIL,
    );
    expect(res?.status).toBe(200);
    const delivery = shops()
      .shopify.shop(domain)
      .deliveries.findLast((d) => d.topic === "customers/data_request")!;
    const again = await fetch(delivery.callbackUrl, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(again.status).toBe(200);
    expect(await privacyRequests(account)).toHaveLength(1);

    // A new delivery (another webhook id) is another request.
    await shops().shopify.sendPrivacyWebhook(domain, "customers/data_request", webhookUrl(), TARGET_EMAIL);
    expect(await privacyRequests(account)).toHaveLength(2);
  });
});
