import { DeleteMessageCommand, PurgeQueueCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { Shop } from "@okuru/core/entities/shop";
import { Queue } from "@okuru/core/queue";
import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import { Labels } from "@okuru/core/workflows/labels";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { Redrive } from "@okuru/core/workflows/redrive";
import type { SQSEvent } from "aws-lambda";
import { beforeAll, describe, expect, it } from "vitest";
import { UploadJobEntity } from "../../../core/src/entities/jobs/upload-job";
import { LabelBatchEntity } from "../../../core/src/entities/shipment/entity";
import { generateSeedOrders } from "../../../dev/src/simulators/seed-orders";
import { redrive } from "../../../functions/src/cron/redrive";
import { consumer } from "../../../functions/src/queue/consumer";
import { handler as exportJob } from "../../../functions/src/queue/export-job";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { handler as orderSync } from "../../../functions/src/queue/order-sync";
import { handler as trackingUpload } from "../../../functions/src/queue/tracking-upload";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { messagesIn, usePrivateQueue } from "../../support/queues";
import { printableSeedOrder } from "../../support/seed-orders";
import { connectShopify, drainQueue, useShops } from "../../support/simulators";

/**
 * No job is left without a message in flight: a consumer dies mid-job and the queue
 * loses what was left of it (a purge stands for a stand-in that lost its memory, or a
 * message dropped on the way); the sweep, with the clock past the heartbeat limit,
 * sends the unfinished work again, and the job ends with everything done once. A job
 * whose heartbeat is fresh is left alone, and two sweeps re-drive once.
 */

const shops = useShops();
const queueUrls: Partial<Record<Queue.QueueName, string>> = {};

beforeAll(async () => {
  // Queues of this file's own: a purge here loses only this file's messages.
  queueUrls.orderSync = await usePrivateQueue("orderSync", { VisibilityTimeout: "1" });
  queueUrls.exportJob = await usePrivateQueue("exportJob", { VisibilityTimeout: "1" });
  queueUrls.labelJob = await usePrivateQueue("labelJob", { VisibilityTimeout: "1" });
  queueUrls.trackingUpload = await usePrivateQueue("trackingUpload", { VisibilityTimeout: "1" });
});

const later = (ms: number) => new Date(Date.now() + ms);
/** Past the heartbeat limit, with room for the test's own time. */
const pastTheLimit = () => later(Redrive.HEARTBEAT_LIMIT_MS + 30_000);

/** The one message waiting in `queueUrl`, handed to `handler` as SQS would, then deleted. */
async function deliverOne(queueUrl: string, handler: (event: SQSEvent) => Promise<unknown>, waitSeconds = 1) {
  const { Messages = [] } = await Queue.client().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: waitSeconds }),
  );
  expect(Messages).toHaveLength(1);
  const message = Messages[0]!;
  await handler({
    Records: [
      {
        messageId: message.MessageId!,
        receiptHandle: message.ReceiptHandle!,
        body: message.Body!,
        attributes: {},
      },
    ],
  } as unknown as SQSEvent);
  await Queue.client().send(
    new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }),
  );
}

/** The bodies waiting in the queue, left there for the consumer. */
async function waiting(queueUrl: string) {
  const { Messages = [] } = await Queue.client().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  return Messages.map((m) => JSON.parse(m.Body!));
}

/** The queue forgets everything it held (the consumer's process and the queue's memory are gone). */
async function loseMessages(queueUrl: string) {
  await Queue.client().send(new PurgeQueueCommand({ QueueUrl: queueUrl }));
  expect(await messagesIn(queueUrl)).toBe(0);
}

async function syncOf(token: string) {
  return (await callApi("/api/shops", { token })).json.items[0].sync;
}

describe("a shop's sync whose consumer died between steps", () => {
  it("is continued from its stored cursor once its heartbeat is past the limit, and ends with each order imported once", async () => {
    const account = await testAccount();
    const domain = "okuru-redrive.myshopify.com";
    const orders = generateSeedOrders({ count: 130, seed: 91, daysBack: 20 }).map((o) => ({
      ...o,
      state: "open" as const,
    }));
    // A first import of more than a page is read through a bulk query: two pages of 100 lines.
    shops().shopify.addShop(domain, orders);
    shops().shopify.shop(domain).setBulkPace({ startDelayMs: 0, objectsPerSecond: 100_000 });
    const { id: shopId } = await connectShopify(account, domain);

    // Steps of one page each run, each queuing its continuation (the first starts the bulk query
    // and looks again through a delayed message), until a page is read; then the consumer and the
    // queue are gone.
    const onePage = consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      expect(await OrderSync.runStep(message, {}, { pages: 1, ms: 60_000 })).toBe("continued");
    });
    for (let step = 0; step < 5 && (await syncOf(account.idToken)).seen < 100; step += 1) {
      await deliverOne(queueUrls.orderSync!, onePage, 20);
    }
    await loseMessages(queueUrls.orderSync!);
    expect(await syncOf(account.idToken)).toMatchObject({ status: "running", seen: 100, method: "bulk" });

    // A fresh heartbeat: the sweep sends nothing.
    const healthy = await redrive({ now: later(30_000), tenantIds: [account.tenantId] });
    expect(healthy).toMatchObject({ redriven: 0, failed: [] });
    expect(await messagesIn(queueUrls.orderSync!)).toBe(0);

    // Past the limit: the run's next step is sent again, once, however many sweeps see it.
    const now = pastTheLimit();
    const first = await redrive({ now, tenantIds: [account.tenantId] });
    const second = await redrive({ now, tenantIds: [account.tenantId] });
    expect(first).toMatchObject({ redriven: 1, failed: [] });
    expect(second).toMatchObject({ redriven: 0, failed: [] });
    expect(await waiting(queueUrls.orderSync!)).toEqual([
      expect.objectContaining({
        kind: "order_sync",
        shopId,
        runId: expect.any(String),
        cursor: expect.any(String),
      }),
    ]);

    // The consumers come back: the run goes on from where it stood and finishes.
    const started = Date.now();
    expect(await drainQueue("orderSync", orderSync)).toMatchObject({ failed: 0 });
    const recoveredInMs = Date.now() - started;
    expect(await syncOf(account.idToken)).toMatchObject({
      status: "idle",
      seen: 130,
      imported: 130,
      last_error: null,
    });
    const listed = await callApi("/api/orders/ids", { token: account.idToken });
    const numbers = listed.json.items.map((o: { order_number: string }) => o.order_number);
    expect(numbers).toHaveLength(130);
    expect(new Set(numbers).size).toBe(130);
    const state = await ActorContext.with(
      { type: "system", properties: { tenantId: account.tenantId } },
      async () => Shop.syncStateOf((await Shop.find(shopId))!),
    );
    expect(state.pages).toBe(2);

    // Finished: nothing of it is left for a later sweep.
    const after = await redrive({ now: later(10 * 60_000), tenantIds: [account.tenantId] });
    expect(after).toMatchObject({ redriven: 0, failed: [] });
    console.info(`[redrive] sync: the rest of the run took ${recoveredInMs} ms once re-driven`);
  }, 120_000);
});

describe("a large export whose message was lost", () => {
  it("is sent again and made once", async () => {
    const large = CarrierExport.QUEUE_ABOVE + 2;
    const { account, token, ids } = await shippingCompany({
      yamato: "handoff",
      orders: Array.from({ length: large }, (_, i) => shopOrderFixture(i + 1)),
    });
    const accepted = await callApi("/api/exports", {
      method: "POST",
      token,
      body: { format: "yamato_b2", order_ids: ids },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const exportId = accepted.json.export_id as string;
    await loseMessages(queueUrls.exportJob!);

    expect(await redrive({ now: later(30_000), tenantIds: [account.tenantId] })).toMatchObject({
      redriven: 0,
    });
    const now = pastTheLimit();
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 1, failed: [] });
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 0, failed: [] });

    expect(await drainQueue("exportJob", exportJob)).toEqual({ handled: 1, failed: 0 });
    const done = await callApi(`/api/exports/${exportId}`, { token });
    expect(done.json).toMatchObject({ status: "done", progress: { done: large, total: large }, error: null });
    expect(done.json.included).toHaveLength(large);

    // Done: the sweep only takes it out of the running index.
    expect(await redrive({ now: later(10 * 60_000), tenantIds: [account.tenantId] })).toMatchObject({
      redriven: 0,
      finished: 1,
    });
    expect(await messagesIn(queueUrls.exportJob!)).toBe(0);
  }, 120_000);
});

describe("a label batch whose later parts' messages were lost", () => {
  it("gets those parts sent again, finishes, and every order has its label once", async () => {
    const count = Labels.FIRST_PART_SIZE + Labels.PART_SIZE + 10; // three parts: 10, 50, 10
    const { account, call, ids } = await shippingCompany({
      yamato: { first: 55_100_000_000, count: count + 20 },
      orders: Array.from({ length: count }, (_, i) => shopOrderFixture(i + 1)),
    });
    const accepted = await call("/shipments/labels", "POST", { order_ids: ids });
    expect(accepted.status, accepted.text).toBe(202);
    const labelId = accepted.json.label_id as string;
    const parts = [
      ids.slice(0, Labels.FIRST_PART_SIZE),
      ids.slice(Labels.FIRST_PART_SIZE, Labels.FIRST_PART_SIZE + Labels.PART_SIZE),
      ids.slice(Labels.FIRST_PART_SIZE + Labels.PART_SIZE),
    ];
    // The batch keeps each part's ids (db/job.ts `partItems`): what a lost part is sent again from.
    const { data: batch } = await LabelBatchEntity.get({ tenantId: account.tenantId, jobId: labelId }).go();
    expect(batch?.partItems).toEqual(parts);

    // The first part is rendered; then the consumers and the queue are gone.
    await deliverOne(queueUrls.labelJob!, labelJob);
    await loseMessages(queueUrls.labelJob!);
    const status = async () => (await call(`/shipments/labels?label_id=${labelId}`)).json;
    expect(await status()).toMatchObject({
      status: "running",
      progress: { done: Labels.FIRST_PART_SIZE, total: count },
    });

    expect(await redrive({ now: later(30_000), tenantIds: [account.tenantId] })).toMatchObject({
      redriven: 0,
    });
    const now = pastTheLimit();
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 1, failed: [] });
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 0, failed: [] });
    const resent = await waiting(queueUrls.labelJob!);
    expect(resent.map((m) => [m.part, m.orderIds])).toEqual([
      [1, parts[1]],
      [2, parts[2]],
    ]);

    const started = Date.now();
    expect(await drainQueue("labelJob", labelJob)).toMatchObject({ failed: 0 });
    const recoveredInMs = Date.now() - started;
    const done = await status();
    expect(done).toMatchObject({ status: "done", progress: { done: count, total: count } });
    const results = done.results as { order_id: string; tracking_numbers: string[]; error: string | null }[];
    expect(results.map((r) => r.order_id)).toEqual(ids);
    expect(results.every((r) => r.error === null && r.tracking_numbers.length === 1)).toBe(true);
    const numbers = results.flatMap((r) => r.tracking_numbers);
    expect(new Set(numbers).size).toBe(count);
    for (const orderId of ids.slice(0, 3).concat(ids.slice(-3))) {
      const shipments = await call(`/shipments?order_id=${orderId}`);
      expect(shipments.json.items, orderId).toHaveLength(1);
    }

    expect(await redrive({ now: later(10 * 60_000), tenantIds: [account.tenantId] })).toMatchObject({
      redriven: 0,
      finished: 1,
    });
    console.info(`[redrive] label batch: the lost parts took ${recoveredInMs} ms once re-driven`);
  }, 120_000);
});

describe("a bulk tracking upload whose later part's message was lost", () => {
  it("gets that part sent again, and each order is fulfilled in the shop once", async () => {
    const count = 30; // two parts: 25 and 5
    const { account, call } = await shippingCompany({ yamato: { first: 55_200_000_000, count: count + 20 } });
    const domain = "okuru-redrive-upload.myshopify.com";
    shops().shopify.addShop(
      domain,
      Array.from({ length: count }, (_, i) =>
        printableSeedOrder(i + 1, new Date(Date.now() - 86_400_000 + i * 1000).toISOString()),
      ),
    );
    await connectShopify(account, domain);
    await drainQueue("orderSync", orderSync);
    const orderIds = (await call("/orders/ids?tab_key=notShipped")).json.items.map(
      (o: { id: string }) => o.id,
    );
    expect(orderIds).toHaveLength(count);
    const issued = await call("/shipments/labels", "POST", { order_ids: orderIds });
    await drainQueue("labelJob", labelJob);
    const labels = (await call(`/shipments/labels?label_id=${issued.json.label_id}`)).json;
    const shipmentIds: string[] = labels.results.flatMap((r: { shipment_ids: string[] }) => r.shipment_ids);
    expect(shipmentIds).toHaveLength(count);

    const accepted = await call("/shipments/upload_tracking_numbers", "PUT", { shipment_ids: shipmentIds });
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.json.job_id as string;
    // The job keeps each part's ids (db/job.ts `partItems`): what a lost part is sent again from.
    const { data: job } = await UploadJobEntity.get({ tenantId: account.tenantId, jobId }).go();
    expect(job?.partItems).toEqual([shipmentIds.slice(0, 25), shipmentIds.slice(25)]);

    await deliverOne(queueUrls.trackingUpload!, trackingUpload);
    await loseMessages(queueUrls.trackingUpload!);
    const status = async () => (await call(`/shipments/upload_tracking_numbers/${jobId}`)).json;
    const midway = await status();
    expect(midway.status).toBe("running");
    const uploaded = new Set(midway.results.map((r: { shipment_id: string }) => r.shipment_id));

    expect(await redrive({ now: later(30_000), tenantIds: [account.tenantId] })).toMatchObject({
      redriven: 0,
    });
    const now = pastTheLimit();
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 1, failed: [] });
    expect(await redrive({ now, tenantIds: [account.tenantId] })).toMatchObject({ redriven: 0, failed: [] });
    const resent = await waiting(queueUrls.trackingUpload!);
    expect(resent.map((m) => m.shipmentIds)).toEqual([shipmentIds.filter((id) => !uploaded.has(id))]);

    expect(await drainQueue("trackingUpload", trackingUpload)).toMatchObject({ failed: 0 });
    expect(await status()).toMatchObject({
      status: "done",
      progress: { done: count, total: count },
      succeeded: count,
      failed: 0,
    });
    const sim = shops().shopify.shop(domain);
    expect(sim.fulfillments.filter((f) => f.status !== "CANCELLED")).toHaveLength(count);
    expect(sim.orders.every((o) => o.fulfillments.filter((f) => f.status !== "CANCELLED").length === 1)).toBe(
      true,
    );
  }, 120_000);
});
