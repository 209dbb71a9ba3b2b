import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { coreConfig } from "@okuru/core/config";
import { WebhookDeliveryEntity, WebhookEndpoint } from "@okuru/core/entities/webhook-endpoint";
import { Queue } from "@okuru/core/queue";
import { HEARTBEAT_LIMIT_MS, Redrive } from "@okuru/core/workflows/redrive";
import { WebhooksOut } from "@okuru/core/workflows/webhooks-out";
import type { SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LabelBatchEntity } from "../../../core/src/entities/shipment/entity";
import { announceIfComplete } from "../../../core/src/workflows/labels/announce";
import { handler } from "../../../functions/src/queue/webhook-delivery";
import { asUser, testAccount } from "../../support/account";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

/** An integrator's endpoint on this machine: records each request, answers what the test says. */
type Received = { headers: IncomingMessage["headers"]; body: string };
let receiver: Server;
let origin: string;
const received: Received[] = [];
let answers: number[] = [];

beforeAll(async () => {
  await usePrivateQueue("webhookDelivery", { VisibilityTimeout: "60" });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The local receiver is a private address: allowed only the way the shop simulators are, by configuration. */
function allowReceiver() {
  if (!coreConfig().allowedPrivateOrigins.includes(origin)) coreConfig().allowedPrivateOrigins.push(origin);
}

const sqsEvent = (bodies: unknown[]) =>
  ({
    Records: bodies.map((body, i) => ({
      messageId: `m-${Date.now()}-${i}`,
      receiptHandle: "r",
      body: JSON.stringify(body),
      attributes: { ApproximateReceiveCount: "1" },
    })),
  }) as unknown as SQSEvent;

async function delayedMessages(): Promise<number> {
  const { Attributes = {} } = await Queue.client().send(
    new GetQueueAttributesCommand({
      QueueUrl: coreConfig().queues.webhookDelivery,
      AttributeNames: ["ApproximateNumberOfMessagesDelayed"],
    }),
  );
  return Number(Attributes.ApproximateNumberOfMessagesDelayed ?? 0);
}

describe("webhooks out", () => {
  it("refuses an endpoint on an internal address or plain http, as shop URLs are refused", async () => {
    const account = await testAccount();
    for (const url of [
      "http://127.0.0.1:9/hook",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://[::1]/hook",
      "https://localhost/hook",
      "http://example.com/hook",
      "https://169.254.169.254/latest/meta-data",
    ]) {
      await expect(
        asUser(account, () => WebhookEndpoint.create("cred_x", { url, events: ["tracking.uploaded"] })),
        url,
      ).rejects.toMatchObject({ code: "input.invalid", fields: { url: expect.stringContaining("https") } });
    }
    expect(await asUser(account, () => WebhookEndpoint.list())).toEqual([]);
  });

  it("posts each event signed over its timestamp and body, retries a failure with back-off, and logs each attempt", async () => {
    allowReceiver();
    const account = await testAccount("株式会社京都抹茶本舗");
    const { endpoint, secret } = await asUser(account, () =>
      WebhookEndpoint.create("cred_a", {
        url: `${origin}/okuru`,
        events: ["tracking.uploaded", "shipment.cancelled"],
      }),
    );
    expect(secret).toMatch(/^whsec_/);
    // Another company sees nothing of it.
    const other = await testAccount();
    await expect(asUser(other, () => WebhookEndpoint.get(endpoint.endpointId))).rejects.toMatchObject({
      code: "webhook.not_found",
    });

    received.length = 0;
    answers = [500];
    const queued = await asUser(account, () =>
      WebhooksOut.emit([
        { type: "tracking.uploaded", data: { shipment_id: "shp_1", tracking_number: "444413758703" } },
        // Not subscribed: never posted.
        { type: "order.error", data: { order_id: "ord_1" } },
      ]),
    );
    expect(queued).toBe(1);
    await drainQueue("webhookDelivery", handler);
    expect(received).toHaveLength(1);
    const first = received[0]!;
    expect(first.headers["okuru-event"]).toBe("tracking.uploaded");
    expect(WebhooksOut.verifySignature(secret, String(first.headers["okuru-signature"]), first.body)).toBe(
      true,
    );
    // A body changed in transit, or another secret, does not verify.
    expect(
      WebhooksOut.verifySignature(secret, String(first.headers["okuru-signature"]), `${first.body} `),
    ).toBe(false);
    expect(
      WebhooksOut.verifySignature("whsec_other", String(first.headers["okuru-signature"]), first.body),
    ).toBe(false);
    expect(JSON.parse(first.body)).toMatchObject({
      type: "tracking.uploaded",
      data: { shipment_id: "shp_1", tracking_number: "444413758703" },
    });

    // The 500 is in the log, and the next attempt waits in the queue (SQS delay), not in a function.
    const [afterFailure] = await asUser(account, () =>
      WebhookEndpoint.deliveries("cred_a", endpoint.endpointId),
    );
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500 });
    const wait = Date.parse(afterFailure!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(WebhooksOut.RETRY_DELAYS_SECONDS[0]! * 1000);
    expect(await delayedMessages()).toBe(1);

    // The retry as the queue hands it over once its delay is past.
    await asUser(account, () =>
      WebhookDeliveryEntity.patch({
        tenantId: account.tenantId,
        endpointId: endpoint.endpointId,
        deliveryId: afterFailure!.deliveryId,
      })
        .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
        .go(),
    );
    const retry = {
      kind: "webhook_delivery",
      tenantId: account.tenantId,
      dedupeKey: `webhook:${afterFailure!.deliveryId}:2:first`,
      endpointId: endpoint.endpointId,
      deliveryId: afterFailure!.deliveryId,
      attempt: 2,
      delaySeconds: WebhooksOut.RETRY_DELAYS_SECONDS[0],
    };
    expect((await handler(sqsEvent([retry]))).batchItemFailures).toEqual([]);
    // Delivered twice (SQS delivers at least once): posted once.
    expect((await handler(sqsEvent([retry]))).batchItemFailures).toEqual([]);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(first.body);
    expect(received[1]!.headers["okuru-delivery"]).toBe(first.headers["okuru-delivery"]);
    const [done] = await asUser(account, () => WebhookEndpoint.deliveries("cred_a", endpoint.endpointId));
    expect(done).toMatchObject({ status: "succeeded", attempts: 2, lastStatusCode: 200 });
  });

  it("gives up after the last attempt, and posts nothing for a removed endpoint", async () => {
    allowReceiver();
    const account = await testAccount();
    const { endpoint } = await asUser(account, () =>
      WebhookEndpoint.create("cred_b", { url: `${origin}/down`, events: ["shipment.cancelled"] }),
    );
    received.length = 0;
    answers = [503];
    await asUser(account, () =>
      WebhooksOut.emit([{ type: "shipment.cancelled", data: { shipment_id: "shp_9" } }]),
    );
    const [pending] = await asUser(account, () => WebhookEndpoint.deliveries("cred_b", endpoint.endpointId));
    const key = {
      tenantId: account.tenantId,
      endpointId: endpoint.endpointId,
      deliveryId: pending!.deliveryId,
    };
    const last = WebhooksOut.MAX_ATTEMPTS;
    await WebhookDeliveryEntity.patch(key)
      .set({ attempts: last - 1 })
      .go();
    const message = (attempt: number, deliveryId = pending!.deliveryId) => ({
      kind: "webhook_delivery",
      tenantId: account.tenantId,
      dedupeKey: `webhook:${deliveryId}:${attempt}:first`,
      endpointId: endpoint.endpointId,
      deliveryId,
      attempt,
    });
    await handler(sqsEvent([message(last)]));
    const [failed] = await asUser(account, () => WebhookEndpoint.deliveries("cred_b", endpoint.endpointId));
    expect(failed).toMatchObject({ status: "failed", attempts: last, lastStatusCode: 503 });
    expect(failed!.lastError).toContain("HTTP 503");

    // Removed: the next event's delivery is marked failed without a request.
    const before = received.length;
    await asUser(account, () =>
      WebhooksOut.emit([{ type: "shipment.cancelled", data: { shipment_id: "shp_10" } }]),
    );
    const [queuedAgain] = await asUser(account, () =>
      WebhookEndpoint.deliveries("cred_b", endpoint.endpointId),
    );
    await asUser(account, () => WebhookEndpoint.remove("cred_b", endpoint.endpointId));
    await handler(sqsEvent([message(1, queuedAgain!.deliveryId)]));
    expect(received.length).toBe(before);
    const { data: gone } = await WebhookDeliveryEntity.get({
      ...key,
      deliveryId: queuedAgain!.deliveryId,
    }).go();
    expect(gone).toMatchObject({ status: "failed", lastError: "送信先が削除されました。" });
  });

  it("sends again, once, a delivery whose message SQS did not take, when the sweep finds it overdue", async () => {
    allowReceiver();
    const account = await testAccount();
    const { endpoint } = await asUser(account, () =>
      WebhookEndpoint.create("cred_e", { url: `${origin}/late`, events: ["tracking.uploaded"] }),
    );
    received.length = 0;
    answers = [];
    const queueUrl = coreConfig().queues.webhookDelivery;
    // A queue that does not exist: SQS refuses the send, as when it is unreachable.
    coreConfig().queues.webhookDelivery = `${queueUrl}-missing`;
    try {
      await asUser(account, () =>
        WebhooksOut.emit([{ type: "tracking.uploaded", data: { shipment_id: "shp_20" } }]),
      );
    } finally {
      coreConfig().queues.webhookDelivery = queueUrl;
    }
    const [pending] = await asUser(account, () => WebhookEndpoint.deliveries("cred_e", endpoint.endpointId));
    expect(pending).toMatchObject({ status: "pending", attempts: 0 });

    // Not overdue yet: left alone.
    const early = await Redrive.sweep({ tenantIds: [account.tenantId] });
    expect(early.redriven).toBe(0);
    // Overdue: five sweeps at once send it once.
    const later = new Date(Date.now() + HEARTBEAT_LIMIT_MS + 1000);
    const sweeps = await Promise.all(
      Array.from({ length: 5 }, () => Redrive.sweep({ now: later, tenantIds: [account.tenantId] })),
    );
    expect(sweeps.reduce((sum, r) => sum + r.redriven, 0)).toBe(1);
    await drainQueue("webhookDelivery", handler);
    expect(received.map((r) => JSON.parse(r.body).data)).toEqual([{ shipment_id: "shp_20" }]);
    const [done] = await asUser(account, () => WebhookEndpoint.deliveries("cred_e", endpoint.endpointId));
    expect(done).toMatchObject({ status: "succeeded", attempts: 1 });
    // Ended: out of the running index, so no later sweep looks at it again.
    const after = await Redrive.sweep({
      now: new Date(Date.now() + 10 * HEARTBEAT_LIMIT_MS),
      tenantIds: [account.tenantId],
    });
    expect(after).toMatchObject({ redriven: 0, finished: 0, claimed: 0 });
  });

  it("holds the company's endpoint limit with 20 concurrent creations", async () => {
    allowReceiver();
    const account = await testAccount();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        asUser(account, () =>
          WebhookEndpoint.create("cred_c", { url: `${origin}/n${i}`, events: ["order.error"] }),
        ),
      ),
    );
    const created = results.filter((r) => r.status === "fulfilled").length;
    expect(created).toBe(10);
    for (const refused of results.filter((r) => r.status === "rejected")) {
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "webhook.limit" });
    }
    expect(await asUser(account, () => WebhookEndpoint.list())).toHaveLength(10);
  });

  it("announces a finished label batch once, whatever number of its parts finish together", async () => {
    allowReceiver();
    const account = await testAccount();
    const { endpoint } = await asUser(account, () =>
      WebhookEndpoint.create("cred_d", { url: `${origin}/batches`, events: ["label_batch.completed"] }),
    );
    const jobId = "lbl_01JAAAAAAAAAAAAAAAAAAAAAAA";
    await LabelBatchEntity.create({
      tenantId: account.tenantId,
      jobId,
      kind: "label",
      total: 30,
      parts: 30,
      done: 29,
    }).go();
    // Not done yet: nobody announces it.
    await asUser(account, () => Promise.all(Array.from({ length: 5 }, () => announceIfComplete(jobId))));
    expect(await asUser(account, () => WebhookEndpoint.deliveries("cred_d", endpoint.endpointId))).toEqual(
      [],
    );
    await LabelBatchEntity.patch({ tenantId: account.tenantId, jobId }).add({ done: 1 }).go();
    // 30 parts see the batch complete at once (SQS may deliver each twice): one event.
    await asUser(account, () => Promise.all(Array.from({ length: 30 }, () => announceIfComplete(jobId))));
    const deliveries = await asUser(account, () => WebhookEndpoint.deliveries("cred_d", endpoint.endpointId));
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      type: "label_batch.completed",
      data: { label_id: jobId, total: 30 },
    });
  });
});
