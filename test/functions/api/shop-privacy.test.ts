import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import {
  LiveParcelEntity,
  ShipmentEntity,
  TrackingClaimEntity,
} from "../../../core/src/entities/shipment/entity";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { ordersOfEveryTab, searchedOrderIds } from "../../support/order-reads";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * Shopify's mandatory compliance webhooks (docs/platforms.md#shopify-webhooks), delivered by the simulated
 * Shopify, signed with the app's secret, into the real route; the orders they concern
 * were imported by the real sync consumer from the same simulated shop.
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;
type WireOrder = {
  id: string;
  order_number: string;
  shopify_order_id: string;
  email: string;
  total_amount: number;
  shipment_status: string;
  is_error: boolean;
  errors: { field: string; message: string }[];
  line_items: unknown[];
  purchaser: Record<string, string>;
  customer: Record<string, string>;
  note: string;
};

const syncAll = () => drainQueue("orderSync", orderSyncHandler);
const webhookUrl = () => `${shops().apiOrigin}/api/webhooks/shopify`;

const allOrders = (account: Account) => ordersOfEveryTab<WireOrder>(account.idToken);
const search = (account: Account, text: string, tab?: string) => searchedOrderIds(account.idToken, text, tab);

async function shopOf(account: Account) {
  return (await callApi("/api/shops", { token: account.idToken })).json.items[0];
}

/** A shop of 12 orders, where one customer placed the first two; imported by the real consumer. */
async function importedShop(domain: string) {
  const account = await testAccount();
  const seeds = generateSeedOrders({ count: 12, seed: 61, daysBack: 20 }).map((o) => ({
    ...o,
    state: "open" as const,
  }));
  const email = "privacy-target@example.jp";
  seeds[0]!.email = email;
  seeds[1]!.email = email;
  shops().shopify.addShop(domain, seeds);
  const shop = await connectShopify(account, domain);
  await syncAll();
  const orders = await allOrders(account);
  expect(orders).toHaveLength(12);
  const target = orders.filter((o) => o.email === email);
  expect(target).toHaveLength(2);
  return { account, shop, orders, target, email };
}

describe("Shopify's privacy webhooks", () => {
  it("customers/data_request is recorded on the shop for the merchant to answer", async () => {
    const domain = "okuru-privacy-request.myshopify.com";
    const { account, target, email } = await importedShop(domain);
    const res = await shops().shopify.sendPrivacyWebhook(
      domain,
      "customers/data_request",
      webhookUrl(),
      email,
    );
    expect(res?.status).toBe(200);
    const shop = await shopOf(account);
    expect(shop.privacy_requests).toEqual([
      {
        topic: "customers/data_request",
        received_at: expect.any(String),
        customer_id: "7100000000001",
        customer_email: email,
        shopify_order_ids: expect.arrayContaining(target.map((o) => o.shopify_order_id)),
        order_ids: expect.arrayContaining(target.map((o) => o.id)),
      },
    ]);
    expect(shop.privacy_requests[0].order_ids).toHaveLength(2);
    // Nothing was erased by a data request.
    expect((await allOrders(account)).filter((o) => o.email === email)).toHaveLength(2);
  });

  it("customers/redact erases that customer's people and tokens, keeps the order's facts and the others' data", async () => {
    const domain = "okuru-privacy-redact.myshopify.com";
    const { account, orders, target, email } = await importedShop(domain);
    const other = orders.find((o) => o.email !== email)!;
    const [first] = target;
    const name = first!.customer.name!;
    expect(await search(account, name)).toContain(first!.id);

    // A forged delivery changes nothing: 401.
    const body = JSON.stringify({
      shop_domain: domain,
      customer: { id: 1, email },
      orders_to_redact: target.map((o) => Number(o.shopify_order_id)),
    });
    const forged = await fetch(webhookUrl(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, "not-the-secret"),
        "X-Shopify-Topic": "customers/redact",
        "X-Shopify-Shop-Domain": domain,
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await allOrders(account)).filter((o) => o.email === email)).toHaveLength(2);

    const res = await shops().shopify.sendPrivacyWebhook(domain, "customers/redact", webhookUrl(), email);
    expect(res?.status).toBe(200);
    for (const before of target) {
      const after = (await callApi(`/api/orders/${before.id}`, { token: account.idToken })).json as WireOrder;
      expect(after).toMatchObject({
        id: before.id,
        order_number: before.order_number,
        shopify_order_id: before.shopify_order_id,
        total_amount: before.total_amount,
        shipment_status: before.shipment_status,
        line_items: before.line_items,
        email: "",
        note: "",
      });
      for (const person of [after.purchaser, after.customer])
        expect(Object.values(person).every((value) => value === "")).toBe(true);
      // Still to ship, it cannot ship any more: the error tab says why.
      expect(after.is_error).toBe(true);
      expect(after.errors).toEqual([
        {
          field: "customer",
          message: "お客様の依頼により個人情報を削除したため、この注文は発送できません。",
        },
      ]);
    }
    // The erased values find nothing; the order number still finds the order.
    expect(await search(account, name)).not.toContain(first!.id);
    expect(await search(account, email)).toEqual([]);
    expect(await search(account, first!.order_number)).toEqual([first!.id]);
    // Another customer's order is untouched.
    const untouched = (await callApi(`/api/orders/${other.id}`, { token: account.idToken })).json;
    expect(untouched).toMatchObject({
      email: other.email,
      customer: other.customer,
      purchaser: other.purchaser,
    });
    const counts = (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
    expect(counts.notShipped).toBe(12);
    expect(counts.error).toBe(orders.filter((o) => o.is_error || o.email === email).length);

    // The redaction is on record without the person: Shopify's ids only.
    expect((await shopOf(account)).privacy_requests[0]).toMatchObject({
      topic: "customers/redact",
      customer_email: null,
      order_ids: expect.arrayContaining(target.map((o) => o.id)),
    });
  });

  it("shop/redact after an uninstall deletes the shop with all its orders, tokens and shipments", async () => {
    const domain = "okuru-privacy-shop.myshopify.com";
    const { account, orders } = await importedShop(domain);
    const [first] = orders;
    // A shipment of the order: the number the merchant typed for another carrier (sss).
    const typed = await callApi(`/api/orders/${first!.id}/delivery/sss`, {
      method: "PUT",
      token: account.idToken,
      body: { carrier_name: "西濃運輸", tracking_number: "4444-0001" },
    });
    expect(typed.status, JSON.stringify(typed.json)).toBe(200);
    const [shipment] = (await callApi(`/api/shipments?order_id=${first!.id}`, { token: account.idToken }))
      .json.items;
    expect(shipment).toMatchObject({ source: "manual", tracking_number: "4444-0001" });
    const tenantId = account.tenantId;
    const rows = async () => [
      ...(await ShipmentEntity.query.byOrder({ tenantId, orderId: first!.id }).go()).data,
      ...(await LiveParcelEntity.query.byOrder({ tenantId, orderId: first!.id }).go()).data,
      ...(await TrackingClaimEntity.query.byNumber({ tenantId, carrier: "sss" }).go()).data,
    ];
    expect(await rows()).toHaveLength(3);
    await shops().shopify.uninstall(domain);
    await shops().shopify.idle();
    expect((await shopOf(account)).status).toBe("inactive");

    const res = await shops().shopify.sendPrivacyWebhook(domain, "shop/redact", webhookUrl());
    expect(res?.status).toBe(200);
    expect(await syncAll()).toEqual({ handled: 1, failed: 0 });

    expect((await callApi("/api/shops", { token: account.idToken })).json.items).toEqual([]);
    expect(await allOrders(account)).toEqual([]);
    expect((await callApi(`/api/orders/${first!.id}`, { token: account.idToken })).status).toBe(404);
    expect(await search(account, first!.order_number)).toEqual([]);
    expect(await search(account, first!.customer.name!)).toEqual([]);
    const counts = (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
    expect(counts).toMatchObject({ notShipped: 0, partiallyShipped: 0, shipped: 0, cancelled: 0, error: 0 });
    // The order's shipments went with it: the shipment, its live parcel and its number's claim.
    expect((await callApi(`/api/shipments/${shipment.id}`, { token: account.idToken })).status).toBe(404);
    expect((await callApi("/api/shipments", { token: account.idToken })).json.items).toEqual([]);
    expect(await rows()).toEqual([]);

    // Delivered again, it finds nothing left and still answers 200.
    const again = await shops().shopify.sendPrivacyWebhook(domain, "shop/redact", webhookUrl());
    expect(again?.status).toBe(200);
    expect(await syncAll()).toEqual({ handled: 0, failed: 0 });
  });
});
