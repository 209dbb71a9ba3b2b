import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * Shopify's order webhooks write the order they carry at once, inside the delivery,
 * through the simulated Shopify, the API and DynamoDB Local: no sync message is asked
 * for, a running sync neither blocks nor undoes it, and a replayed or older delivery
 * changes nothing.
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;
type ListedOrder = { id: string; order_number: string; note: string; shipment_status: string };

const syncAll = () => drainQueue("orderSync", orderSyncHandler);

/** A new company with the simulated store `domain` connected, its first sync run. */
async function connectedStore(domain: string, orders: SeedOrder[] = []) {
  const account = await testAccount();
  shops().shopify.addShop(domain, orders);
  await connectShopify(account, domain);
  await syncAll();
  return account;
}

/** A customer's checkout: an open, cash-on-delivery order with a requested date and time. */
function checkout(number: number, seed: number): SeedOrder {
  const [order] = generateSeedOrders({ count: 1, seed, daysBack: 0.01, firstNumber: number });
  return {
    ...order!,
    state: "open",
    payment: "cod",
    deliveryDate: "2026-12-24",
    deliveryTime: "14時～16時",
  };
}

async function ordersOf(account: Account, query = ""): Promise<ListedOrder[]> {
  const res = await callApi(`/api/orders?limit=100${query}`, { token: account.idToken });
  expect(res.status).toBe(200);
  return res.json.items;
}

/** The orders numbered `name` in a tab (未発送 unless `query` names another). */
const orderNamed = async (account: Account, name: string, query = "") =>
  (await ordersOf(account, query)).filter((o) => o.order_number === name);

/** The REST order the simulated Shopify last sent for `name` (the body Shopify signed). */
function lastPayloadOf(domain: string, name: string): Record<string, unknown> {
  const sent = shops()
    .shopify.shop(domain)
    .deliveries.filter((d) => d.topic.startsWith("orders/"))
    .map((d) => JSON.parse(d.body) as Record<string, unknown>)
    .filter((body) => body.name === name);
  expect(sent.length).toBeGreaterThan(0);
  return sent.at(-1)!;
}

/** `payload` a number of minutes later, with another note. */
const versionOf = (payload: Record<string, unknown>, minutes: number, note: string) => ({
  ...payload,
  note,
  updated_at: new Date(Date.parse(String(payload.updated_at)) + minutes * 60_000).toISOString(),
});

/** A delivery as Shopify signs it, with the webhook id given. */
const deliver = (domain: string, topic: string, webhookId: string, payload: unknown) => {
  const body = JSON.stringify(payload);
  return fetch(`${shops().apiOrigin}/api/webhooks/shopify`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, "okuru-local-app-secret"),
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": domain,
      "X-Shopify-Webhook-Id": webhookId,
    },
    body,
  });
};

describe("Shopify order webhooks write the order they carry", () => {
  it("lists a new shop order as soon as its webhook is answered, with no sync asked for, as a sync stores it", async () => {
    const domain = "okuru-hook-create.myshopify.com";
    const account = await connectedStore(domain);
    // The first delivery of a process also loads the normaliser's data (a cold start);
    // the second one is the time an order takes to show.
    for (const [number, seed] of [
      [4001, 31],
      [4002, 39],
    ] as const) {
      const started = Date.now();
      const [added] = shops()
        .shopify.shop(domain)
        .addOrders([checkout(number, seed)]);
      await shops().shopify.idle();
      const listed = await orderNamed(account, `#${added!.number}`);
      if (number === 4002) expect(Date.now() - started).toBeLessThan(1000);
      expect(listed).toHaveLength(1);
      expect(shops().shopify.shop(domain).deliveries.at(-1)).toMatchObject({
        topic: "orders/create",
        status: 200,
      });
    }
    expect(await syncAll()).toEqual({ handled: 0, failed: 0 });

    // A sync of the same orders finds them as the webhooks stored them.
    const byWebhook = await ordersOf(account);
    expect(byWebhook).toHaveLength(2);
    expect(byWebhook[0]).toMatchObject({
      cod_amount: expect.any(Number),
      requested_delivery_date: "2026-12-24",
      requested_time_slot: expect.any(String),
    });
    const sync = await callApi("/api/orders/sync", { method: "POST", token: account.idToken, body: {} });
    expect(sync.status).toBe(202);
    expect(await syncAll()).toMatchObject({ failed: 0 });
    expect(await ordersOf(account)).toEqual(byWebhook);
  });

  it("takes a newer orders/updated, once per webhook id, and ignores an older one", async () => {
    const domain = "okuru-hook-update.myshopify.com";
    const account = await connectedStore(domain);
    const [added] = shops()
      .shopify.shop(domain)
      .addOrders([checkout(4101, 32)]);
    await shops().shopify.idle();
    const name = `#${added!.number}`;
    const created = lastPayloadOf(domain, name);

    const newer = await deliver(
      domain,
      "orders/updated",
      "5f0c1f0e-0000-4000-8000-000000000001",
      versionOf(created, 5, "置き配希望"),
    );
    expect(newer.status).toBe(200);
    expect((await orderNamed(account, name)).map((o) => o.note)).toEqual(["置き配希望"]);

    // The same webhook id again, even with another body, is the delivery already handled.
    const replay = await deliver(
      domain,
      "orders/updated",
      "5f0c1f0e-0000-4000-8000-000000000001",
      versionOf(created, 10, "再送された本文"),
    );
    expect(replay.status).toBe(200);
    // A delivery of an earlier version, arriving late, is older than what is stored.
    const older = await deliver(
      domain,
      "orders/updated",
      "5f0c1f0e-0000-4000-8000-000000000002",
      versionOf(created, 1, "古い版"),
    );
    expect(older.status).toBe(200);
    expect((await orderNamed(account, name)).map((o) => o.note)).toEqual(["置き配希望"]);
    expect(await syncAll()).toEqual({ handled: 0, failed: 0 });
  });

  it("stores a checkout's topics arriving together as one order, counted once", async () => {
    const domain = "okuru-hook-together.myshopify.com";
    const account = await connectedStore(domain);
    const [added] = shops()
      .shopify.shop(domain)
      .addOrders([checkout(4151, 38)]);
    await shops().shopify.idle();
    // Another order of the shop, not stored yet, whose orders/create and orders/paid come at once.
    const fresh = {
      ...lastPayloadOf(domain, `#${added!.number}`),
      id: 990_001,
      admin_graphql_api_id: "gid://shopify/Order/990001",
      name: "#4152",
    };
    const answers = await Promise.all(
      ["orders/create", "orders/paid", "orders/updated"].map((topic, n) =>
        deliver(domain, topic, `5f0c1f0e-0000-4000-8000-00000000010${n}`, fresh),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await ordersOf(account)).map((o) => o.order_number).sort()).toEqual(["#4151", "#4152"]);
    const counts = (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
    expect(counts).toMatchObject({ notShipped: 2 });
  });

  it("moves an order cancelled in Shopify to the キャンセル tab at once", async () => {
    const domain = "okuru-hook-cancel.myshopify.com";
    const account = await connectedStore(domain, [checkout(4201, 33)]);
    expect((await ordersOf(account)).map((o) => o.order_number)).toEqual(["#4201"]);
    shops().shopify.shop(domain).cancelOrder("#4201");
    await shops().shopify.idle();
    // orders/cancelled and orders/updated of the same change arrive together.
    expect(
      shops()
        .shopify.shop(domain)
        .deliveries.map((d) => [d.topic, d.status]),
    ).toEqual([
      ["orders/cancelled", 200],
      ["orders/updated", 200],
    ]);
    const cancelled = await ordersOf(account, "&shipment_status=cancelled");
    expect(cancelled.map((o) => o.order_number)).toEqual(["#4201"]);
    expect(await syncAll()).toEqual({ handled: 0, failed: 0 });
  });

  it("asks for a sync instead when the body is not a readable order, and stores nothing from it", async () => {
    const domain = "okuru-hook-malformed.myshopify.com";
    const account = await connectedStore(domain);
    const res = await deliver(domain, "orders/create", "5f0c1f0e-0000-4000-8000-000000000003", {
      id: 1,
      name: "#9999",
      updated_at: "昨日",
    });
    expect(res.status).toBe(200);
    expect(await ordersOf(account)).toEqual([]);
    expect(await syncAll()).toEqual({ handled: 1, failed: 0 });
    expect(await ordersOf(account)).toEqual([]);
  });

  it("writes a shop's order into that shop's company only", async () => {
    const mine = "okuru-hook-tenant-a.myshopify.com";
    const theirs = "okuru-hook-tenant-b.myshopify.com";
    const accountA = await connectedStore(mine);
    const accountB = await connectedStore(theirs, [checkout(4301, 34)]);
    const before = await ordersOf(accountB);
    const [added] = shops()
      .shopify.shop(mine)
      .addOrders([checkout(4401, 35)]);
    await shops().shopify.idle();
    expect((await ordersOf(accountA)).map((o) => o.order_number)).toEqual([`#${added!.number}`]);
    expect(await ordersOf(accountB)).toEqual(before);
  });
});

describe("an order webhook while a paged sync of the same shop runs", () => {
  it("is stored without waiting for the sync, which leaves one order, the newest version", async () => {
    const domain = "okuru-hook-race.myshopify.com";
    const account = await testAccount();
    shops().shopify.addShop(
      domain,
      generateSeedOrders({ count: 60, seed: 36, daysBack: 10 }).map((o) => ({
        ...o,
        state: "open" as const,
      })),
    );
    // A small cost bucket: the sync's second page waits seconds for it to refill.
    shops().shopify.shop(domain).setPlan({ maximumAvailable: 1000, restoreRate: 150 });
    // A first import this size would be one bulk query: this race is with paging, which it falls back to.
    shops().shopify.shop(domain).failNextBulkOperation("INTERNAL_SERVER_ERROR");
    await connectShopify(account, domain);
    let syncing = true;
    const sync = syncAll().finally(() => {
      syncing = false;
    });
    while ((await ordersOf(account)).length === 0) await new Promise((r) => setTimeout(r, 100));

    const [added] = shops()
      .shopify.shop(domain)
      .addOrders([checkout(5001, 37)]);
    await shops().shopify.idle();
    shops().shopify.shop(domain).cancelOrder("#5001");
    await shops().shopify.idle();
    const duringSync = await orderNamed(account, `#${added!.number}`, "&shipment_status=cancelled");
    expect(syncing).toBe(true);
    expect(duringSync.map((o) => o.shipment_status)).toEqual(["cancelled"]);

    expect(await sync).toMatchObject({ failed: 0 });
    const afterSync = await orderNamed(account, "#5001", "&shipment_status=cancelled");
    expect(afterSync).toEqual([
      expect.objectContaining({ id: duringSync[0]!.id, shipment_status: "cancelled" }),
    ]);
    expect(await ordersOf(account)).toHaveLength(60);
  }, 60_000);
});
