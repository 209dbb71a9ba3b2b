import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
} from "@aws-sdk/client-sqs";
import { serve } from "@hono/node-server";
import { coreConfig, resetCoreConfig } from "@okuru/core/config";
import { Queue, type QueueName } from "@okuru/core/queue";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, expect } from "vitest";
import { createEcforceSimulator } from "../../dev/src/simulators/ecforce";
import type { SeedOrder } from "../../dev/src/simulators/seed-order";
import { allowingOrigin, startSimulators } from "../../dev/src/simulators/serve";
import { app } from "../../functions/src/api/app";
import { handler as orderSyncHandler } from "../../functions/src/queue/order-sync";
import { callApi } from "./api";
import type { Call } from "./printing";
import { usePrivateQueue } from "./queues";

/**
 * The shop simulators for one test file, on free ports, with the API served too (the
 * simulated Shopify delivers webhooks to it). Core is pointed at them before it reads
 * its configuration again.
 */
export async function withShops() {
  // Shopify Plus's restore rate keeps the suite quick; the throttling test gives its shop a small bucket.
  const simulators = await startSimulators({ shopifyBucket: { maximumAvailable: 2000, restoreRate: 1000 } });
  const api = await new Promise<{ close: () => void; origin: string }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({ close: () => server.close(), origin: `http://127.0.0.1:${info.port}` }),
    );
  });
  Object.assign(process.env, simulators.env, { OKURU_APP_URL: api.origin });
  resetCoreConfig();
  return {
    ...simulators,
    apiOrigin: api.origin,
    stop: async () => {
      api.close();
      await simulators.stop();
    },
  };
}

/**
 * The shop simulators (`withShops`) for the calling test file, started before its tests
 * and stopped after them, with an order-sync queue of the file's own
 * (`usePrivateOrderSyncQueue`) and of each of `queues` (`usePrivateQueue`), so that a
 * drain sees only this file's work. Call it at the top of the file; the returned
 * function gives the running simulators inside a test.
 */
export function useShops(...queues: QueueName[]) {
  let shops: Awaited<ReturnType<typeof withShops>> | undefined;
  beforeAll(async () => {
    shops = await withShops();
    await usePrivateOrderSyncQueue();
    for (const queue of queues) await usePrivateQueue(queue);
  });
  afterAll(async () => {
    await shops?.stop();
  });
  return () => {
    if (!shops) throw new Error("useShops: the simulators are not running (outside a test?)");
    return shops;
  };
}

/**
 * Connects the simulated Shopify store `domain` to the account's company through the
 * real API and the store's consent page, as a merchant does under 設定 → ストア管理.
 * Returns the connected shop as the API answers it.
 */
export async function connectShopify(account: { idToken: string }, domain: string) {
  const start = await callApi("/api/shops/shopify", {
    method: "POST",
    token: account.idToken,
    body: { shop: domain, from: "settings" },
  });
  expect(start.status, start.text).toBe(200);
  const approved = await fetch(start.json.authorization_url, { method: "POST", redirect: "manual" });
  const query = Object.fromEntries(new URL(approved.headers.get("location")!).searchParams);
  const verified = await callApi("/api/shops/shopify/verify_request", {
    method: "POST",
    token: account.idToken,
    body: query,
  });
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return verified.json as { id: string };
}

/**
 * Gives this test file an order-sync queue of its own: connecting a shop queues its
 * first sync, and a file that drains the queue must not run (and wait on) the syncs
 * of other files' shops, whose simulators may already be gone.
 */
export async function usePrivateOrderSyncQueue() {
  await usePrivateQueue("orderSync");
}

type Handler = (event: SQSEvent) => Promise<SQSBatchResponse>;

/** Messages SQS still holds back (DelaySeconds) on the queue. */
async function delayedIn(queueUrl: string): Promise<number> {
  const { Attributes } = await Queue.client().send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ["ApproximateNumberOfMessagesDelayed"],
    }),
  );
  return Number(Attributes?.ApproximateNumberOfMessagesDelayed ?? 0);
}

/**
 * Runs a queue's real consumer on what is in the queue until nothing is left (or
 * `rounds` passes), as Lambda's event source would, deleting what succeeded.
 * Returns how many records were handed over and how many failed. On the order-sync
 * queue a message SQS still holds back is work left (a sync waiting for Shopify's bulk
 * query looks again after a delay of seconds): the drain waits for it. Other queues'
 * delays are retries hours long, which a drain leaves where they are.
 */
export async function drainQueue(queue: QueueName, handler: Handler, rounds = 200) {
  const queueUrl = coreConfig().queues[queue];
  let handled = 0;
  let failed = 0;
  let emptyRounds = 0;
  for (let round = 0; round < rounds && emptyRounds < 2; round += 1) {
    const { Messages = [] } = await Queue.client().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    if (Messages.length === 0) {
      if (queue === "orderSync" && (await delayedIn(queueUrl)) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      emptyRounds += 1;
      continue;
    }
    emptyRounds = 0;
    const event = {
      Records: Messages.map((m) => ({
        messageId: m.MessageId!,
        receiptHandle: m.ReceiptHandle!,
        body: m.Body!,
        attributes: { ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? "1" },
      })),
    } as unknown as SQSEvent;
    const result = await handler(event);
    const failedIds = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
    handled += Messages.length;
    failed += failedIds.size;
    const done = Messages.filter((m) => !failedIds.has(m.MessageId!));
    if (done.length) {
      await Queue.client().send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
    }
  }
  return { handled, failed };
}

/**
 * The company's orders by their number without the `#` (2001 → id), once the real
 * consumer has run the syncs its connected shops queued.
 */
export async function syncedOrdersByNumber(call: Call) {
  await drainQueue("orderSync", orderSyncHandler);
  const list = await call("/orders?limit=100");
  expect(list.status).toBe(200);
  return new Map<number, string>(
    list.json.items.map((o: { order_number: string; id: string }) => [
      Number(o.order_number.replace(/^#/, "")),
      o.id,
    ]),
  );
}

let setupShops: Promise<{ simulator: ReturnType<typeof createEcforceSimulator>; origin: string }> | undefined;

/**
 * An Ecforce shop for a test company to connect, so it can pass the wizard's stores
 * step: one simulator per test file, started on first use. Ecforce is reached by the
 * base URL stored with the shop; core is told only that the simulator's origin may be
 * reached although it is private.
 */
export async function ecforceShopFor(name: string, orders: SeedOrder[] = []) {
  setupShops ??= new Promise((resolve) => {
    const simulator = createEcforceSimulator();
    const server = serve({ fetch: simulator.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve({ simulator, origin: `http://127.0.0.1:${info.port}` }),
    );
    server.unref();
  });
  const { simulator, origin } = await setupShops;
  // Into the environment, for a later re-read, and into the settings in use, which a
  // reset here would take from a test that changed them (useFreshQueue).
  process.env.OKURU_ALLOWED_PRIVATE_ORIGINS = allowingOrigin(origin);
  if (!coreConfig().allowedPrivateOrigins.includes(origin)) coreConfig().allowedPrivateOrigins.push(origin);
  const { apiToken } = simulator.addShop(name, orders);
  return { base_url: `${origin}/${name}`, api_token: apiToken };
}

/** A shop `ecforceShopFor` opened, as its simulator holds it: its orders, and `addOrders` to put more in. */
export async function ecforceShopOpened(name: string) {
  if (!setupShops) throw new Error(`Ecforce simulator: no shop ${name} (ecforceShopFor opens it)`);
  return (await setupShops).simulator.shop(name);
}
