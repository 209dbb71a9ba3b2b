import { ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Shopify } from "@okuru/core/platforms/shopify";
import { Queue, ShopSyncMessage } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { describe, expect, it } from "vitest";
import { OrderEntity } from "../../../core/src/entities/order/entity";
import { shopifyToken } from "../../../core/src/entities/shop/credentials";
import type { SeedOrder } from "../../../dev/src/simulators/seed-order";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { consumer } from "../../../functions/src/queue/consumer";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * A first import of a Shopify store larger than a page goes through a bulk query of the
 * simulated Shopify (its JSONL file streamed into DynamoDB Local), stores what paging
 * stores, falls back to paging when the bulk query fails, loses no newer webhook version,
 * and shows its progress on GET /api/shops.
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;

const syncAll = () => drainQueue("orderSync", orderSyncHandler);
const asSystem = <T>(tenantId: string, work: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, work);

async function syncOf(account: Account) {
  return (await callApi("/api/shops", { token: account.idToken })).json.items[0].sync;
}

/** Orders in every state, with addresses a label gets wrong easily and an order longer than a page's five lines. */
function hardStore(count: number, seed: number): SeedOrder[] {
  const orders = generateSeedOrders({ count, seed, daysBack: 20 });
  const states: SeedOrder["state"][] = ["open", "partially_fulfilled", "fulfilled", "cancelled"];
  return orders.map((order, n) => {
    const state = states[n % states.length]!;
    if (n % 7 === 0) {
      const recipient = {
        ...order.recipient,
        familyName: "髙﨑",
        givenName: "𠮷乃",
        prefecture: "京都府",
        city: "京都市中京区",
        address1: "烏丸通御池下る虎屋町５６６－１　井門明治安田生命ビル北側入口",
        address2: "ロイヤルパレス烏丸御池ウエストウイング１２０３号室",
      };
      return { ...order, state, recipient };
    }
    if (n % 11 === 0) {
      const lineItems = Array.from({ length: 8 }, (_, i) => ({
        sku: `SKU-${n}-${i}`,
        name: `京都の抹茶セット ${i + 1}`,
        quantity: 1 + (i % 3),
        unitPrice: 1200 + i * 10,
      }));
      return { ...order, state: state === "partially_fulfilled" ? "open" : state, lineItems };
    }
    return { ...order, state };
  });
}

/** Every order the company stores, by its number, without what differs by store (ids, times of our writes). */
async function storedOrders(tenantId: string) {
  const { data } = await OrderEntity.query.byId({ tenantId }).go({ pages: "all" });
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(
          ([key]) =>
            !/^(orderId|shopId|platformOrderId|platformLineItemId|createdAt|updatedAt|shopUrl|searchTokens|searchVersion|tenantId)$/.test(
              key,
            ),
        )
        .map(([key, v]) => [key, strip(v)]),
    );
  };
  return new Map(data.map((order) => [order.orderNumber, strip(order)]));
}

/** The company's first sync run by the real consumer, except that its first step pages (the path before bulk queries). */
async function pagedImport(account: Account) {
  const { Messages = [] } = await Queue.client().send(
    new ReceiveMessageCommand({
      QueueUrl: coreConfig().queues.orderSync,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 1,
    }),
  );
  expect(Messages).toHaveLength(1);
  const first = ShopSyncMessage.parse(JSON.parse(Messages[0]!.Body!));
  await asSystem(account.tenantId, () =>
    OrderSync.runStep(first, {
      shopify: async (shop, page) => Shopify.ordersPage(shop.domain, await shopifyToken(shop), page),
    }),
  );
  await syncAll();
}

describe("a first import through a Shopify bulk query", () => {
  it("stores the same orders as paging the same store", { timeout: 60_000 }, async () => {
    const seeds = hardStore(90, 301);
    const bulkAccount = await testAccount();
    shops().shopify.addShop("okuru-bulk-same.myshopify.com", seeds);
    await connectShopify(bulkAccount, "okuru-bulk-same.myshopify.com");
    expect((await syncAll()).failed).toBe(0);
    expect(await syncOf(bulkAccount)).toMatchObject({ status: "idle", method: "bulk", last_error: null });

    const pagedAccount = await testAccount();
    shops().shopify.addShop("okuru-paged-same.myshopify.com", seeds);
    await connectShopify(pagedAccount, "okuru-paged-same.myshopify.com");
    await pagedImport(pagedAccount);
    expect(await syncOf(pagedAccount)).toMatchObject({ status: "idle", last_error: null });

    const byBulk = await storedOrders(bulkAccount.tenantId);
    const byPages = await storedOrders(pagedAccount.tenantId);
    expect(byBulk.size).toBeGreaterThan(50);
    expect([...byBulk.keys()].sort()).toEqual([...byPages.keys()].sort());
    for (const [number, order] of byBulk) expect(order, number).toEqual(byPages.get(number));
    const long = [...byBulk.values()].find((o) => (o as { lineItems: unknown[] }).lineItems.length === 8);
    expect(long).toBeDefined();
  });

  it("continues from the file's line in steps of one page, writing and counting each order once", async () => {
    const account = await testAccount();
    const domain = "okuru-bulk-steps.myshopify.com";
    shops().shopify.addShop(
      domain,
      generateSeedOrders({ count: 230, seed: 302, daysBack: 20 }).map((o) => ({
        ...o,
        state: "open" as const,
      })),
    );
    // Shopify is still at work when the first step looks (it would otherwise often have
    // finished while the step wrote the newest orders), and done by the next look.
    shops().shopify.shop(domain).setBulkPace({ startDelayMs: 3_600_000, objectsPerSecond: 2000 });
    await connectShopify(account, domain);
    const results: OrderSync.StepResult[] = [];
    const midway: unknown[] = [];
    const steps = consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      const result = await OrderSync.runStep(message, {}, { pages: 1, ms: 60_000 });
      if (results.length === 0) shops().shopify.shop(domain).finishBulkOperationsNow();
      results.push(result);
      if (result === "continued") midway.push(await syncOf(account));
    });
    expect((await drainQueue("orderSync", steps)).failed).toBe(0);
    // One step waits for Shopify, three read the file a page each; the wait's other message
    // (the delayed look, or the finish webhook's) finds it taken.
    expect(results.filter((r) => r !== "skipped")).toEqual([
      "continued",
      "continued",
      "continued",
      "finished",
    ]);
    // Progress a merchant reads while the import runs: read / expected, and a remaining estimate.
    const firstPage = midway.find((sync) => (sync as { seen: number }).seen > 0);
    expect(firstPage).toMatchObject({ status: "running", method: "bulk", seen: 100, expected: 230 });
    expect((firstPage as { remaining_seconds: number }).remaining_seconds).toEqual(expect.any(Number));
    expect(await syncOf(account)).toMatchObject({
      status: "idle",
      method: "bulk",
      seen: 230,
      imported: 230,
      expected: 230,
      remaining_seconds: null,
    });
    const stored = await storedOrders(account.tenantId);
    expect(stored.size).toBe(230);
  });

  it("falls back to paging by itself when the bulk query fails, and says so in Japanese", async () => {
    const account = await testAccount();
    const domain = "okuru-bulk-fails.myshopify.com";
    shops().shopify.addShop(
      domain,
      generateSeedOrders({ count: 70, seed: 303, daysBack: 20 }).map((o) => ({
        ...o,
        state: "open" as const,
      })),
    );
    shops().shopify.shop(domain).failNextBulkOperation("INTERNAL_SERVER_ERROR");
    await connectShopify(account, domain);
    expect((await syncAll()).failed).toBe(0);
    const sync = await syncOf(account);
    expect(sync).toMatchObject({ status: "idle", method: "paged", seen: 70, imported: 70 });
    expect(sync.last_error).toBe("Shopify の一括取得が失敗しました。通常の取り込みに切り替えて続けます。");
    expect((await storedOrders(account.tenantId)).size).toBe(70);
  });

  it.each([
    ["before its first page", 8_000],
    ["after a page was written", 200_000],
  ])(
    "goes on where a download of the file broke off %s, without falling back to paging",
    async (_, afterBytes) => {
      const account = await testAccount();
      const domain = `okuru-bulk-broken-${afterBytes}.myshopify.com`;
      // Every one open, so that each is kept and counted.
      shops().shopify.addShop(
        domain,
        hardStore(230, 305).map((order) => ({ ...order, state: "open" as const })),
      );
      // Twice in a row the connection goes that far into the file.
      shops().shopify.shop(domain).breakNextDownloads(2, afterBytes);
      await connectShopify(account, domain);
      expect((await syncAll()).failed).toBe(0);
      expect(shops().shopify.shop(domain).downloadBreaksLeft).toBe(0);
      expect(await syncOf(account)).toMatchObject({
        status: "idle",
        method: "bulk",
        seen: 230,
        imported: 230,
      });
      expect((await storedOrders(account.tenantId)).size).toBe(230);
    },
  );

  it("keeps the newer version of an order a webhook brings while the bulk query runs", async () => {
    const account = await testAccount();
    const domain = "okuru-bulk-race.myshopify.com";
    const seeds = generateSeedOrders({ count: 60, seed: 304, daysBack: 20 }).map((o) => ({
      ...o,
      state: "open" as const,
    }));
    shops().shopify.addShop(domain, seeds);
    await connectShopify(account, domain);
    const draining = syncAll();
    // The bulk query has started: its file holds the order as it is now.
    for (let i = 0; i < 100 && (await syncOf(account)).method !== "bulk"; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await syncOf(account)).method).toBe("bulk");
    shops().shopify.shop(domain).cancelOrder(seeds[5]!.number);
    await shops().shopify.idle();
    expect((await draining).failed).toBe(0);

    const stored = await storedOrders(account.tenantId);
    expect(stored.size).toBe(60);
    expect(stored.get(`#${seeds[5]!.number}`)).toMatchObject({ shipmentStatus: "cancelled" });
  });
});
