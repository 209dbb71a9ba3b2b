import { GetQueueAttributesCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { ActorContext, useTenantID } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { type Draft, type MessageOf, Queue, type QueueName } from "@okuru/core/queue";
import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import type { SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { ulid } from "ulid";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { pollQueue } from "../../../dev/src/poll";
import { consumer } from "../../../functions/src/queue/consumer";
import * as trackingUpload from "../../../functions/src/queue/tracking-upload";
import { messagesIn, queueWithDlq } from "../../support/queues";

const tenant = () => `com_${ulid()}`;
const sqs = () => Queue.client();

function record(messageId: string, body: unknown, receiveCount = 1): SQSRecord {
  return {
    messageId,
    body: typeof body === "string" ? body : JSON.stringify(body),
    attributes: { ApproximateReceiveCount: String(receiveCount) },
  } as unknown as SQSRecord;
}

const job = (tenantId: string, jobId: string, orderIds = ["ord_1"], dedupeKey = `${jobId}:0`) => ({
  kind: "label_job",
  tenantId,
  dedupeKey,
  jobId,
  part: 0,
  orderIds,
});

/**
 * Sends through Queue.send (the actor's tenant stamped on), then lets the local poll
 * loop feed the handler until the DLQ holds `expectInDlq` messages and the queue is empty.
 */
async function throughSqs<Q extends QueueName>(
  queue: Q,
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>,
  tenantId: string,
  drafts: Draft<Q>[],
  expectInDlq: number,
) {
  const { queueUrl, dlqUrl } = await queueWithDlq("consumer-test");
  const config = coreConfig();
  const previous = config.queues[queue];
  config.queues[queue] = queueUrl;
  try {
    const sent = await ActorContext.with({ type: "system", properties: { tenantId } }, () =>
      Queue.send(queue, drafts),
    );
    expect(sent).toEqual({ sent: drafts.length, failed: [] });
  } finally {
    config.queues[queue] = previous;
  }
  const abort = new AbortController();
  const loop = pollQueue({ endpoint: config.endpoints.sqs!, queueUrl, handler, signal: abort.signal });
  const deadline = Date.now() + 25_000;
  while (
    Date.now() < deadline &&
    ((await messagesIn(dlqUrl)) < expectInDlq || (await messagesIn(queueUrl)) > 0)
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  abort.abort();
  await loop;
  const { Messages = [] } = await sqs().send(
    new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10 }),
  );
  return { inQueue: await messagesIn(queueUrl), dead: Messages.map((m) => JSON.parse(m.Body!)) };
}

describe("queue consumer", () => {
  it("reports only the failed records, each processed inside its own tenant", async () => {
    const [a, b] = [tenant(), tenant()];
    const seen: string[] = [];
    const handler = consumer("labelJob", async (message) => {
      if (message.kind === "label_job" && message.orderIds.includes("ord_poison")) throw new Error("boom");
      seen.push(`${useTenantID()}:${message.jobId}`);
    });
    const result = await handler({
      Records: [
        record("1", job(a, "job_1")),
        record("2", job(b, "job_2", ["ord_poison"])),
        record("3", "not json"),
        record("4", job(b, "job_4", [])),
        record("5", { ...job(b, "job_5"), dedupeKey: undefined }),
        record("6", job(b, "job_6")),
      ],
    });
    expect(result.batchItemFailures).toEqual([
      { itemIdentifier: "2" },
      { itemIdentifier: "3" },
      { itemIdentifier: "4" },
      { itemIdentifier: "5" },
    ]);
    expect(seen).toEqual([`${a}:job_1`, `${b}:job_6`]);
  });

  it("runs a message delivered twice only once, and a failed one again on its retry", async () => {
    const t = tenant();
    let runs = 0;
    let failNext = true;
    const handler = consumer("labelJob", async (message) => {
      runs += 1;
      if (message.jobId === "job_flaky" && failNext) {
        failNext = false;
        throw new Error("renderer crashed");
      }
    });
    // The same dedupe key twice in one batch and again in a later batch (SQS duplicates).
    const twice = await handler({ Records: [record("1", job(t, "job_1")), record("2", job(t, "job_1"))] });
    const again = await handler({ Records: [record("3", job(t, "job_1"))] });
    expect([twice.batchItemFailures, again.batchItemFailures]).toEqual([[], []]);
    expect(runs).toBe(1);

    expect((await handler({ Records: [record("4", job(t, "job_flaky"))] })).batchItemFailures).toEqual([
      { itemIdentifier: "4" },
    ]);
    expect((await handler({ Records: [record("5", job(t, "job_flaky"), 2)] })).batchItemFailures).toEqual([]);
    expect(runs).toBe(3);
  });

  it("calls onFinalFailure, inside the tenant, only on the delivery that reaches the max receive count", async () => {
    const t = tenant();
    const finals: { tenant: string; jobId: string; error: string }[] = [];
    const handler = consumer(
      "labelJob",
      async () => {
        throw new Error("cannot render");
      },
      {
        onFinalFailure: async (message, error) => {
          finals.push({ tenant: useTenantID(), jobId: message.jobId, error: error.message });
        },
      },
    );
    for (let count = 1; count < Queue.maxReceiveCount; count += 1) {
      await handler({ Records: [record(`m${count}`, job(t, "job_1"), count)] });
    }
    expect(finals).toEqual([]);
    const last = await handler({ Records: [record("last", job(t, "job_1"), Queue.maxReceiveCount)] });
    expect(last.batchItemFailures).toEqual([{ itemIdentifier: "last" }]);
    expect(finals).toEqual([{ tenant: t, jobId: "job_1", error: "cannot render" }]);
  });

  it("does not call onFinalFailure for a duplicate that met the first delivery still running", async () => {
    const t = tenant();
    let release: () => void = () => {};
    let started = false;
    const finals: string[] = [];
    const handler = consumer(
      "labelJob",
      async () => {
        started = true;
        await new Promise<void>((r) => {
          release = r;
        });
      },
      { onFinalFailure: async (message) => void finals.push(message.jobId) },
    );
    const first = handler({ Records: [record("1", job(t, "job_1"))] });
    while (!started) await new Promise((r) => setTimeout(r, 10));
    const duplicate = await handler({ Records: [record("2", job(t, "job_1"), Queue.maxReceiveCount)] });
    release();
    expect(duplicate.batchItemFailures).toEqual([{ itemIdentifier: "2" }]);
    expect((await first).batchItemFailures).toEqual([]);
    expect(finals).toEqual([]);
  });

  it("runs from the local poll loop like Lambda: a good message is deleted, a poison one ends in the DLQ after the max receive count, onFinalFailure once", async () => {
    const t = tenant();
    const processed: string[] = [];
    const finals: MessageOf<"labelJob">[] = [];
    const handler = consumer(
      "labelJob",
      async (message) => {
        if (message.jobId === "job_poison") throw new Error("cannot render");
        processed.push(message.jobId);
      },
      { onFinalFailure: async (message) => void finals.push(message) },
    );
    const { inQueue, dead } = await throughSqs(
      "labelJob",
      handler,
      t,
      [
        { kind: "label_job", dedupeKey: "job_ok:0", jobId: "job_ok", part: 0, orderIds: ["ord_1"] },
        { kind: "label_job", dedupeKey: "job_poison:0", jobId: "job_poison", part: 0, orderIds: ["ord_2"] },
      ],
      1,
    );
    expect(processed).toEqual(["job_ok"]);
    expect(inQueue).toBe(0);
    expect(dead).toEqual([expect.objectContaining({ jobId: "job_poison", tenantId: t })]);
    expect(finals).toEqual([expect.objectContaining({ jobId: "job_poison", tenantId: t })]);
  });

  it("the tracking-upload consumer runs its parts: a job that is not there is refused to the DLQ, and a part's last failure gives its shipments the reason, once", async () => {
    const t = tenant();
    // The real exported handler, end to end: no job of this tenant by that id, so the message is refused.
    const draft = {
      kind: "tracking_upload" as const,
      dedupeKey: "job_2:0",
      jobId: "job_2",
      shipmentIds: ["shp_1"],
    };
    expect(await throughSqs("trackingUpload", trackingUpload.handler, t, [draft], 1)).toEqual({
      inQueue: 0,
      dead: [expect.objectContaining({ jobId: "job_2", tenantId: t })],
    });

    // The final-failure hook on a job that exists (its parts sent to a queue of this test's own).
    const { queueUrl } = await queueWithDlq("consumer-test");
    const config = coreConfig();
    const previous = config.queues.trackingUpload;
    config.queues.trackingUpload = queueUrl;
    try {
      const ids = ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA", "shp_01JBBBBBBBBBBBBBBBBBBBBBBB"];
      const status = await ActorContext.with({ type: "system", properties: { tenantId: t } }, async () => {
        const { job_id } = await TrackingUpload.requestUpload({ shipment_ids: ids });
        const message = {
          kind: "tracking_upload" as const,
          tenantId: t,
          dedupeKey: `upload:${job_id}:0`,
          jobId: job_id,
          part: 0,
          shipmentIds: ids,
        };
        await trackingUpload.onFinalFailure(message, new Error("DynamoDB was unavailable"));
        await trackingUpload.onFinalFailure(message, new Error("DynamoDB was unavailable"));
        return TrackingUpload.jobStatus(job_id);
      });
      expect(status).toMatchObject({
        status: "done",
        progress: { done: 2, total: 2 },
        succeeded: 0,
        failed: 2,
      });
      expect(status.results.map((r) => r.error)).toEqual([
        expect.stringContaining("DynamoDB was unavailable"),
        expect.stringContaining("DynamoDB was unavailable"),
      ]);
    } finally {
      config.queues.trackingUpload = previous;
    }
  });

  it("local queues (dev/src/provision.ts) redrive after the same max receive count as the stack", async () => {
    for (const queueUrl of Object.values(coreConfig().queues)) {
      const { Attributes } = await sqs().send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["RedrivePolicy"] }),
      );
      expect(JSON.parse(Attributes!.RedrivePolicy!).maxReceiveCount).toBe(Queue.maxReceiveCount);
    }
  });

  it("refuses to enqueue a message that does not match the queue's schema", async () => {
    const error = await ActorContext.with({ type: "system", properties: { tenantId: tenant() } }, () =>
      Queue.send("labelJob", [
        { kind: "label_job", dedupeKey: "job_x:0", jobId: "job_x", part: 0, orderIds: [] },
      ]),
    ).catch((err) => err);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]?.path).toEqual(["orderIds"]);
  });
});
