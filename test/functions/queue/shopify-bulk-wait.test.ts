import { DeleteMessageCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Shopify } from "@okuru/core/platforms/shopify";
import { Queue, type ShopSyncDraft, ShopSyncMessage } from "@okuru/core/queue";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { afterEach, describe, expect, it, vi } from "vitest";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { SIMULATED_APP } from "../../../dev/src/simulators/serve";
import { consumer } from "../../../functions/src/queue/consumer";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * While Shopify works on a bulk query the sync holds no consumer: the step that started it
 * returns at once and the run looks again through a delayed message, or goes on as soon as
 * the shop's `bulk_operations/finish` webhook (subscribed once, by the product) reaches the
 * webhook route.
 */

const shops = useShops();
const HOUR = 3_600_000;

type Step = { result: OrderSync.StepResult; ms: number; at: number; cursor?: string; dedupeKey: string };

/** The real consumer, recording what each step did and how long it held the consumer. */
function recordingConsumer(onStep: (step: Step) => void = () => {}) {
  const steps: Step[] = [];
  const handler = consumer("orderSync", async (message) => {
    if (message.kind !== "order_sync") return;
    const started = Date.now();
    const result = await OrderSync.runStep(message);
    const step = {
      result,
      ms: Date.now() - started,
      at: Date.now(),
      cursor: message.cursor,
      dedupeKey: message.dedupeKey,
    };
    steps.push(step);
    onStep(step);
  });
  return { steps, handler };
}

/** The shops the running test opened: after it, their bulk queries end and their runs finish. */
const opened: string[] = [];

async function newStore(domain: string, count: number, startDelayMs: number) {
  opened.push(domain);
  const account = await testAccount();
  shops().shopify.addShop(
    domain,
    generateSeedOrders({ count, seed: 401, daysBack: 20 }).map((o) => ({ ...o, state: "open" as const })),
  );
  shops().shopify.shop(domain).setBulkPace({ startDelayMs, objectsPerSecond: 2000 });
  await connectShopify(account, domain);
  return account;
}

const finishSubscriptions = (domain: string) =>
  shops()
    .shopify.shop(domain)
    .webhookSubscriptions.filter((s) => s.topic === "BULK_OPERATIONS_FINISH");

/** The message connecting queued, taken off the queue to be handed to a step by the test. */
async function connectionMessage(): Promise<ShopSyncDraft> {
  const { Messages = [] } = await Queue.client().send(
    new ReceiveMessageCommand({ QueueUrl: coreConfig().queues.orderSync, WaitTimeSeconds: 1 }),
  );
  expect(Messages).toHaveLength(1);
  const message = ShopSyncMessage.parse(JSON.parse(Messages[0]!.Body!));
  await Queue.client().send(
    new DeleteMessageCommand({
      QueueUrl: coreConfig().queues.orderSync,
      ReceiptHandle: Messages[0]!.ReceiptHandle!,
    }),
  );
  return message;
}

const asCompany = <T>(account: { tenantId: string }, work: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId: account.tenantId } }, work);

/** The run's first step, the one that starts the bulk query, from the message connecting queued. */
async function firstStep(account: { tenantId: string }, domain: string): Promise<Step> {
  const message = await connectionMessage();
  const started = Date.now();
  const result = await asCompany(account, () => OrderSync.runStep(message));
  expect(shops().shopify.shop(domain).webhookSubscriptions.length).toBeGreaterThan(0);
  return { result, ms: Date.now() - started, at: Date.now(), dedupeKey: message.dedupeKey };
}

/** Shopify finishes the shop's bulk query now, and the queue takes the run to its end. */
async function finishImport(domain: string) {
  shops().shopify.shop(domain).finishBulkOperationsNow();
  await shops().shopify.idle();
  expect((await drainQueue("orderSync", recordingConsumer().handler)).failed).toBe(0);
}

async function syncOf(account: { idToken: string }) {
  return (await callApi("/api/shops", { token: account.idToken })).json.items[0].sync;
}

describe("a Shopify bulk query's wait", () => {
  // A test that fails halfway leaves its run waiting for a bulk query that takes an hour:
  // the next test's drain would take on its delayed looks and time out.
  afterEach(async () => {
    for (const domain of opened.splice(0)) shops().shopify.shop(domain).finishBulkOperationsNow();
    await shops().shopify.idle();
    await drainQueue("orderSync", recordingConsumer().handler);
  });

  it("returns at once while Shopify works and completes through the delayed looks", async () => {
    const domain = "okuru-wait-delayed.myshopify.com";
    const account = await newStore(domain, 60, HOUR);
    const first = await firstStep(account, domain);
    // The step started the query and handed the run on: it did not stay to watch Shopify.
    expect(first.result).toBe("continued");
    expect(first.ms).toBeLessThan(10_000);
    // Without the finish webhook only the delayed looks can end the wait.
    const subs = shops().shopify.shop(domain).webhookSubscriptions;
    subs.splice(0, subs.length, ...subs.filter((s) => s.topic !== "BULK_OPERATIONS_FINISH"));
    const { steps, handler } = recordingConsumer((step) => {
      if (step.cursor === "bulk:wait:1") shops().shopify.shop(domain).finishBulkOperationsNow();
    });
    expect((await drainQueue("orderSync", handler)).failed).toBe(0);

    // A look 2 s later finds Shopify still at work, and the next, 5 s after it, reads the file.
    expect(steps.map((s) => [s.cursor, s.result])).toEqual([
      ["bulk:wait:1", "continued"],
      ["bulk:wait:2", "finished"],
    ]);
    expect(steps[0]!.at - first.at).toBeGreaterThanOrEqual(1_500);
    expect(steps[1]!.at - steps[0]!.at).toBeGreaterThanOrEqual(4_000);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 60, imported: 60 });
  }, 40_000);

  it("lists the newest 100 orders while Shopify writes the file, and counts none of them twice", async () => {
    const domain = "okuru-wait-newest.myshopify.com";
    const account = await newStore(domain, 230, HOUR);
    expect((await firstStep(account, domain)).result).toBe("continued");

    // Before the bulk query has even started in Shopify, the first screen is full: the
    // 100 orders changed last, newest first, and none older.
    const byChange = [...shops().shopify.shop(domain).orders].sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.number - a.number,
    );
    const newest = new Set(byChange.slice(0, 100).map((o) => `#${o.number}`));
    const listed = await callApi("/api/orders?tab_key=notShipped&limit=100", { token: account.idToken });
    expect(listed.json.counts.notShipped).toBe(100);
    expect(new Set(listed.json.items.map((o: { order_number: string }) => o.order_number))).toEqual(newest);
    expect(await syncOf(account)).toMatchObject({
      status: "running",
      method: "bulk",
      imported: 100,
      seen: 0,
    });

    await finishImport(domain);
    // The file brought those 100 again: found unchanged, they are neither stored nor counted twice.
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 230, imported: 230 });
    const all = await callApi("/api/orders?tab_key=notShipped&limit=1", { token: account.idToken });
    expect(all.json.counts.notShipped).toBe(230);
  }, 60_000);

  it("lists the newest orders before it even starts the bulk query", async () => {
    const domain = "okuru-wait-newest-before.myshopify.com";
    const account = await newStore(domain, 150, HOUR);
    // What the order list shows at the moment the product asks Shopify for the bulk query.
    const listedAtBulkStart: number[] = [];
    const passOn = globalThis.fetch;
    const watching = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (typeof init?.body === "string" && init.body.includes("bulkOperationRunQuery")) {
        const listed = await callApi("/api/orders?tab_key=notShipped&limit=1", { token: account.idToken });
        listedAtBulkStart.push(listed.json.counts.notShipped);
      }
      return passOn(input, init);
    });
    try {
      expect((await firstStep(account, domain)).result).toBe("continued");
    } finally {
      watching.mockRestore();
    }
    expect(listedAtBulkStart).toEqual([100]);

    await finishImport(domain);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 150, imported: 150 });
  }, 40_000);

  it("counts the newest orders once when the step that wrote some of them is delivered again", async () => {
    const domain = "okuru-wait-newest-again.myshopify.com";
    const account = await newStore(domain, 150, HOUR);
    const message = await connectionMessage();
    // The first attempt dies after its first page of newest orders is written (as a consumer
    // that runs out of time would): its second query never gets an answer it can read.
    let newestQueries = 0;
    const passOn = globalThis.fetch;
    const dying = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (typeof init?.body === "string" && init.body.includes("OkuruOrders(") && ++newestQueries === 2)
        return { status: 200 } as Response;
      return passOn(input, init);
    });
    try {
      await expect(asCompany(account, () => OrderSync.runStep(message))).rejects.toThrow();
    } finally {
      dying.mockRestore();
    }
    const listed = await callApi("/api/orders?tab_key=notShipped&limit=1", { token: account.idToken });
    expect(listed.json.counts.notShipped).toBe(20);

    // The queue delivers the message again: the run resumes and counts every order once.
    expect(await asCompany(account, () => OrderSync.runStep(message))).toBe("continued");
    expect(await syncOf(account)).toMatchObject({ status: "running", method: "bulk", imported: 100 });
    await finishImport(domain);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 150, imported: 150 });
  }, 60_000);

  it("does not let orders made since the run began take the places of the older newest ones", async () => {
    const domain = "okuru-wait-newest-made.myshopify.com";
    const account = await newStore(domain, 150, HOUR);
    const older = [...shops().shopify.shop(domain).orders].sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.number - a.number,
    );
    // Five customers check out as the import begins: the newest orders of all, which their
    // own webhooks bring in as well.
    const later = new Date(Date.now() + HOUR).toISOString();
    shops()
      .shopify.shop(domain)
      .addOrders(
        generateSeedOrders({ count: 5, seed: 402, daysBack: 0 }).map((o, i) => ({
          ...o,
          number: 5001 + i,
          createdAt: later,
          state: "open" as const,
        })),
      );
    expect((await firstStep(account, domain)).result).toBe("continued");
    const listed = await callApi("/api/orders?tab_key=notShipped&limit=100", { token: account.idToken });
    // The hundred newest of the orders that were there, besides the five.
    expect(listed.json.counts.notShipped).toBe(105);
    const stored = new Set<string>();
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { json: { items: { order_number: string }[]; next_cursor: string | null } } = await callApi(
        `/api/orders?tab_key=notShipped&limit=100${cursor ? `&cursor=${cursor}` : ""}`,
        { token: account.idToken },
      );
      for (const item of page.json.items) stored.add(item.order_number);
      cursor = page.json.next_cursor;
    }
    for (const order of older.slice(0, 100)) expect(stored).toContain(`#${order.number}`);

    await finishImport(domain);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 155 });
  }, 60_000);

  it("goes on as soon as the finish webhook comes, and subscribes the shop once", async () => {
    const domain = "okuru-wait-webhook.myshopify.com";
    const account = await newStore(domain, 60, HOUR);
    expect((await firstStep(account, domain)).result).toBe("continued");
    expect(finishSubscriptions(domain)).toHaveLength(1);
    expect(finishSubscriptions(domain)[0]!.callbackUrl).toBe(Shopify.webhookUrl());

    shops().shopify.shop(domain).finishBulkOperationsNow();
    await shops().shopify.idle();
    const { steps, handler } = recordingConsumer();
    expect((await drainQueue("orderSync", handler)).failed).toBe(0);
    // The webhook took the wait and sent the run on; the delayed look then finds it taken.
    const finished = steps.find((s) => s.result === "finished")!;
    expect(finished).toMatchObject({ cursor: "bulk:check:1" });
    expect(finished.dedupeKey).toMatch(/:finished:bulk:check:1$/);
    expect(steps.find((s) => s.cursor === "bulk:wait:1")).toMatchObject({ result: "skipped" });
    expect(steps).toHaveLength(2);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 60, imported: 60 });

    // A later bulk run finds the subscription there and makes no second one.
    shops().shopify.shop(domain).setBulkPace({ startDelayMs: 0, objectsPerSecond: 100_000 });
    const shopId = (await callApi("/api/shops", { token: account.idToken })).json.items[0].id as string;
    await markNeverImported(account.tenantId, shopId);
    const manual = await callApi("/api/orders/sync", {
      method: "POST",
      token: account.idToken,
      body: { shop_id: shopId },
    });
    expect(manual.status, manual.text).toBe(202);
    expect((await drainQueue("orderSync", recordingConsumer().handler)).failed).toBe(0);
    expect(await syncOf(account)).toMatchObject({ status: "idle", method: "bulk", seen: 60 });
    expect(finishSubscriptions(domain)).toHaveLength(1);
  }, 40_000);

  it("leaves the queue alone for a finish of an operation no run waits for", async () => {
    const domain = "okuru-wait-stray.myshopify.com";
    await newStore(domain, 3, 0);
    expect((await drainQueue("orderSync", recordingConsumer().handler)).failed).toBe(0);
    const body = JSON.stringify({
      admin_graphql_api_id: "gid://shopify/BulkOperation/999999",
      completed_at: "2026-11-28T01:00:00Z",
      created_at: "2026-11-28T00:59:00Z",
      error_code: null,
      status: "completed",
      type: "query",
    });
    const response = await fetch(`${shops().apiOrigin}/api/webhooks/shopify`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Topic": "bulk_operations/finish",
        "X-Shopify-Shop-Domain": domain,
        "X-Shopify-Webhook-Id": "7d1f0b2e-0000-4000-8000-000000000001",
        "X-Shopify-Hmac-Sha256": Shopify.webhookHmac(body, SIMULATED_APP.clientSecret),
      },
      body,
    });
    expect(response.status).toBe(200);
    const { Messages = [] } = await Queue.client().send(
      new ReceiveMessageCommand({ QueueUrl: coreConfig().queues.orderSync, WaitTimeSeconds: 1 }),
    );
    expect(Messages.map((m) => (JSON.parse(m.Body!) as ShopSyncDraft).dedupeKey)).toEqual([]);
  });
});

/** The shop as if its orders were never imported, so the next run is a first import again (a bulk query). */
async function markNeverImported(tenantId: string, shopId: string) {
  const { ShopEntity } = await import("../../../core/src/entities/shop/entity");
  const { data } = await ShopEntity.get({ tenantId, shopId }).go();
  const syncState = {
    ...(data!.syncState as Record<string, unknown>),
    lastSuccessAt: null,
    updatedSince: null,
  };
  await ShopEntity.patch({ tenantId, shopId }).set({ syncState }).go();
}
