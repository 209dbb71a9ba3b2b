import { DeleteMessageCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Shop } from "@okuru/core/entities/shop";
import { Shopify } from "@okuru/core/platforms/shopify";
import { Queue } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import type { SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { openCredentials, sealCredentials, shopifyToken } from "../../../core/src/entities/shop/credentials";
import { ShopEntity, type ShopItem } from "../../../core/src/entities/shop/entity";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { consumer } from "../../../functions/src/queue/consumer";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * The order-sync consumer when things go wrong: a Shopify access token about to lapse
 * (refreshed first through the simulated shop's token endpoint, stored sealed), a
 * refresh the shop refuses (a Japanese reason on the shop, no crash), and a step that
 * dies after writing some pages and is delivered again (counted once).
 */

const shops = useShops();

type Account = Awaited<ReturnType<typeof testAccount>>;

const openSeeds = (count: number, seed: number) =>
  generateSeedOrders({ count, seed, daysBack: 20 }).map((o) => ({ ...o, state: "open" as const }));

const asSystem = <T>(tenantId: string, work: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, work);

async function storedShop(tenantId: string, shopId: string): Promise<ShopItem> {
  return (await ShopEntity.get({ tenantId, shopId }).go()).data!;
}

/** Rewrites the shop's stored (sealed) tokens, as time would: `change` gets the opened pair. */
async function changeTokens(tenantId: string, shopId: string, change: (t: Shopify.Tokens) => Shopify.Tokens) {
  await asSystem(tenantId, async () => {
    const tokens = await openCredentials(await storedShop(tenantId, shopId), Shopify.Tokens);
    const credentials = await sealCredentials(shopId, change(tokens));
    await ShopEntity.patch({ tenantId, shopId }).set({ credentials }).go();
  });
}

async function syncState(account: Account) {
  return (await callApi("/api/shops", { token: account.idToken })).json.items[0].sync;
}

async function countsOf(account: Account) {
  return (await callApi("/api/orders?limit=1", { token: account.idToken })).json.counts;
}

/** A new company with the simulated store `domain` of `count` open orders connected, its first sync run. */
async function syncedShop(domain: string, count: number, seed: number) {
  const account = await testAccount();
  shops().shopify.addShop(domain, openSeeds(count, seed));
  const { id: shopId } = await connectShopify(account, domain);
  await drainQueue("orderSync", orderSyncHandler);
  return { account, shopId };
}

/** The run ended well with each of the shop's `count` orders (pages of 40) read, imported and counted once. */
async function expectImportedOnce(account: Account, shopId: string, count: number) {
  expect(await syncState(account)).toMatchObject({
    status: "idle",
    seen: count,
    imported: count,
    last_error: null,
  });
  expect((await countsOf(account)).notShipped).toBe(count);
  const listed = await callApi("/api/orders/ids", { token: account.idToken });
  const numbers = listed.json.items.map((o: { order_number: string }) => o.order_number);
  expect(numbers).toHaveLength(count);
  expect(new Set(numbers).size).toBe(count);
  const state = await asSystem(account.tenantId, async () => Shop.syncStateOf((await Shop.find(shopId))!));
  expect(state.pages).toBe(Math.ceil(count / 40));
}

/** 今すぐ同期 (POST /orders/sync), then the consumer on what it queued. */
async function syncNow(account: Account) {
  await callApi("/api/orders/sync", { method: "POST", token: account.idToken, body: {} });
  return drainQueue("orderSync", orderSyncHandler);
}

describe("a Shopify token about to lapse", () => {
  it("is refreshed through the shop's token endpoint before the sync reads, and the new pair is stored sealed", async () => {
    const domain = "okuru-refresh.myshopify.com";
    const { account, shopId } = await syncedShop(domain, 30, 71);
    expect((await countsOf(account)).notShipped).toBe(30);

    const lastSuccess = (await syncState(account)).last_success_at;
    // One minute left: within the refresh margin. The shop no longer takes the old token.
    let old!: Shopify.Tokens;
    await changeTokens(account.tenantId, shopId, (t) => {
      old = t;
      return { ...t, expiresAt: Date.now() + 60_000 };
    });
    for (const record of shops().shopify.shop(domain).tokens)
      if (record.token === old.accessToken) record.revoked = true;
    expect((await syncNow(account)).failed).toBe(0);
    expect((await countsOf(account)).notShipped).toBe(30);
    const after = await syncState(account);
    expect(after).toMatchObject({ status: "idle", last_error: null, seen: expect.any(Number) });
    expect(after.last_success_at > lastSuccess).toBe(true);

    const stored = await storedShop(account.tenantId, shopId);
    const fresh = await asSystem(account.tenantId, () => openCredentials(stored, Shopify.Tokens));
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(fresh.refreshToken).not.toBe(old.refreshToken);
    expect(fresh.expiresAt! - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(stored.credentials).not.toContain(fresh.accessToken);
    expect(stored.credentials).not.toContain(fresh.refreshToken!);
    const issued = shops()
      .shopify.shop(domain)
      .tokens.find((t) => t.token === fresh.accessToken);
    expect(issued).toMatchObject({ revoked: false, kind: "offline" });

    // A worker holding the shop as it was before (a tracking upload started meanwhile) finds the
    // single-use refresh token spent: it takes the stored new pair instead of failing.
    const before = {
      ...stored,
      credentials: await asSystem(account.tenantId, () =>
        sealCredentials(shopId, { ...fresh, expiresAt: Date.now() + 60_000, refreshToken: old.refreshToken }),
      ),
    };
    expect(await asSystem(account.tenantId, () => shopifyToken(before))).toBe(fresh.accessToken);
  });

  it("refused by the shop, marks the shop with a Japanese reason and ends the run without a failure", async () => {
    const { account, shopId } = await syncedShop("okuru-refresh-refused.myshopify.com", 5, 73);
    await changeTokens(account.tenantId, shopId, (t) => ({
      ...t,
      expiresAt: Date.now() + 60_000,
      refreshToken: "shprt_00000000000000000000000000000000",
    }));

    expect(await syncNow(account)).toEqual({ handled: 1, failed: 0 });
    expect(await syncState(account)).toMatchObject({
      status: "idle",
      last_error: "Shopify のアクセストークンを更新できませんでした。ストアを再接続してください。",
    });
    expect((await countsOf(account)).notShipped).toBe(5);
  });
});

describe("a sync step that dies after writing some pages", () => {
  it("counts each order once when its message is delivered again", async () => {
    const account = await testAccount();
    const domain = "okuru-crash.myshopify.com";
    const orders = openSeeds(130, 74); // four pages of 40
    shops().shopify.addShop(domain, orders);
    const { id: shopId } = await connectShopify(account, domain);

    // The first sync's message, as the consumer receives it.
    const queueUrl = coreConfig().queues.orderSync;
    const { Messages = [] } = await Queue.client().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    expect(Messages).toHaveLength(1);
    const event = (receiveCount: number) =>
      ({
        Records: Messages.map((m) => ({
          messageId: m.MessageId!,
          receiptHandle: m.ReceiptHandle!,
          body: m.Body!,
          attributes: { ApproximateReceiveCount: String(receiveCount) },
        })),
      }) as unknown as SQSEvent;

    // The first delivery dies once two pages are written (the third page is never read).
    let reads = 0;
    const dying = consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      await OrderSync.runStep(message, {
        shopify: async (shop, page) => {
          reads += 1;
          if (reads === 3) {
            await new Promise((resolve) => setTimeout(resolve, 600)); // the first pages' writes and progress land
            throw new Error("Lambda died");
          }
          return Shopify.ordersPage(shop.domain, await shopifyToken(shop), page);
        },
      });
    });
    expect((await dying(event(1))).batchItemFailures).toHaveLength(1);
    const midway = await syncState(account);
    expect(midway).toMatchObject({ status: "running", seen: 80, imported: 80 });
    expect((await countsOf(account)).notShipped).toBe(80);

    // SQS delivers the same message again, to the real consumer.
    expect((await orderSyncHandler(event(2))).batchItemFailures).toEqual([]);
    await Queue.client().send(
      new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: Messages[0]!.ReceiptHandle! }),
    );
    await drainQueue("orderSync", orderSyncHandler);

    await expectImportedOnce(account, shopId, 130);
  });
});

describe("a run longer than one step", () => {
  /** The consumer as deployed, with steps of other limits than STEP_LIMITS; what each step answered. */
  const stepsOf = (limits: OrderSync.StepLimits, results: OrderSync.StepResult[]) =>
    consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      // Paging's hand-over is what is tried here: the shop's pages are read as paging reads them
      // (a first import this size would otherwise be one bulk query).
      const paged = async (
        shop: Parameters<OrderSync.PageReader>[0],
        page: Parameters<OrderSync.PageReader>[1],
      ) => Shopify.ordersPage(shop.domain, await shopifyToken(shop), page);
      results.push(await OrderSync.runStep(message, { shopify: paged }, limits));
    });

  it.each([
    ["two pages", { pages: 2, ms: 60_000 }, ["continued", "finished"]],
    [
      "no time left after each page",
      { pages: 1_000, ms: 0 },
      ["continued", "continued", "continued", "finished"],
    ],
  ] as const)(
    "hands over with %s, each page read once and each order counted once",
    async (_, limits, expected) => {
      const account = await testAccount();
      const domain = `okuru-steps-${limits.pages}.myshopify.com`;
      shops().shopify.addShop(domain, openSeeds(130, 75)); // four pages of 40
      const { id: shopId } = await connectShopify(account, domain);
      const results: OrderSync.StepResult[] = [];
      const drained = await drainQueue("orderSync", stepsOf(limits, results));

      expect(drained.failed).toBe(0);
      expect(results).toEqual(expected);
      await expectImportedOnce(account, shopId, 130);
    },
  );
});
