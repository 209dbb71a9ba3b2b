import { ActorContext } from "@okuru/core/actor";
import { Queue } from "@okuru/core/queue";
import type { SQSEvent } from "aws-lambda";
import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LabelBatchEntity,
  LabelPartEntity,
  LabelResultEntity,
} from "../../../core/src/entities/shipment/entity";
import { handler } from "../../../functions/src/queue/label-job";
import { handler as trackingUpload } from "../../../functions/src/queue/tracking-upload";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // The batches' messages go to a queue of this file's own, so a drain runs only this file's parts.
  await usePrivateQueue("labelJob");
  await usePrivateQueue("trackingUpload");
});

/** A company that prints its own Yamato labels, with `count` orders it can print. */
function printingCompany(count: number) {
  return shippingCompany({
    yamato: { first: 33_600_000_000 },
    orders: Array.from({ length: count }, (_, i) =>
      shopOrderFixture(i + 1, { customer: personFixture({ name: `高橋 ${i + 1}郎` }) }),
    ),
  });
}

/** A delivery as SQS hands it to the consumer (a label-job message unless `kind` says otherwise), with its receive count. */
function delivery(tenantId: string, body: Record<string, unknown>, receiveCount = 1): SQSEvent {
  return {
    Records: [
      {
        messageId: `m-${ulid()}`,
        body: JSON.stringify({ kind: "label_job", tenantId, dedupeKey: `forged:${ulid()}`, ...body }),
        attributes: { ApproximateReceiveCount: String(receiveCount) },
      },
    ],
  } as unknown as SQSEvent;
}

/** Everything stored of a batch: the batch item itself, its parts and its results. */
async function stored(tenantId: string, labelId: string) {
  return ActorContext.with({ type: "system", properties: { tenantId } }, async () => {
    const key = { tenantId, jobId: labelId };
    const [batch, parts, results] = await Promise.all([
      LabelBatchEntity.get(key).go(),
      LabelPartEntity.query.byJob(key).go({ pages: "all" }),
      LabelResultEntity.query.byJob(key).go({ pages: "all" }),
    ]);
    return {
      done: batch.data?.done,
      parts: parts.data.map((p) => p.part),
      results: results.data.map((r) => ({ part: r.part, results: r.results })),
    };
  });
}

/** A batch's status without its download URLs, which are signed anew on each read. */
/** A status without its presigned links (each read signs afresh): parts' and combined files'. */
const withoutUrls = ({
  parts,
  files,
  ...status
}: {
  parts: { url: string }[];
  files?: { url: string }[];
}) => ({
  ...status,
  parts: parts.map(({ url: _signed, ...part }) => part),
  files: files?.map(({ url: _signed, ...file }) => file),
});

async function requestLabels(call: Call, orderIds: string[]) {
  const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
  expect(accepted.status, accepted.text).toBe(202);
  return accepted.json.label_id as string;
}

describe("a label-job message is checked against its batch", () => {
  it("refuses part 7 of a finished one-part batch naming an unknown order, on every delivery, and changes nothing", async () => {
    const { account, call, ids } = await printingCompany(1);
    const labelId = await requestLabels(call, ids);
    await drainQueue("labelJob", handler);
    const status = (await call(`/shipments/labels?label_id=${labelId}`)).json;
    expect(status).toMatchObject({ status: "done", progress: { done: 1, total: 1 } });
    const before = await stored(account.tenantId, labelId);
    expect(before).toMatchObject({ done: 1, parts: [0] });

    const forged = { jobId: labelId, part: 7, orderIds: ["ord_01JAAAAAAAAAAAAAAAAAAAAAAA"] };
    // Its first delivery and its last (when a failed message's reason would be recorded on the batch).
    for (const receiveCount of [1, Queue.maxReceiveCount]) {
      const event = delivery(account.tenantId, forged, receiveCount);
      const answer = await handler(event);
      expect(answer.batchItemFailures).toEqual([{ itemIdentifier: event.Records[0]!.messageId }]);
    }
    expect(await stored(account.tenantId, labelId)).toEqual(before);
    expect(withoutUrls((await call(`/shipments/labels?label_id=${labelId}`)).json)).toEqual(
      withoutUrls(status),
    );
  });

  it("acknowledges a late duplicate of a finished batch's own part without making its labels again", async () => {
    const { account, call, ids } = await printingCompany(1);
    const labelId = await requestLabels(call, ids);
    await drainQueue("labelJob", handler);
    const before = await stored(account.tenantId, labelId);
    const shipments = (await call("/shipments")).json.items;
    expect(shipments).toHaveLength(1);

    const duplicate = delivery(account.tenantId, { jobId: labelId, part: 0, orderIds: ids });
    expect((await handler(duplicate)).batchItemFailures).toEqual([]);
    expect(await stored(account.tenantId, labelId)).toEqual(before);
    expect((await call("/shipments")).json.items).toEqual(shipments);
  });

  it("refuses a message whose ids are not the part's, then runs the batch's own message", async () => {
    const { account, call, ids } = await printingCompany(2);
    const [mine, other] = ids as [string, string];
    const labelId = await requestLabels(call, [mine]);

    const refused = [
      // Another order of the same company in place of the part's.
      { jobId: labelId, part: 0, orderIds: [other] },
      // The part's order with one more.
      { jobId: labelId, part: 0, orderIds: [mine, other] },
      // Shipments, as a reissue names them, for a new-label batch.
      { jobId: labelId, part: 0, shipmentIds: ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA"] },
      // A batch this company does not have.
      { jobId: "lbl_01JAAAAAAAAAAAAAAAAAAAAAAA", part: 0, orderIds: [mine] },
    ];
    for (const body of refused) {
      const event = delivery(account.tenantId, body, Queue.maxReceiveCount);
      expect((await handler(event)).batchItemFailures, JSON.stringify(body)).toHaveLength(1);
    }
    expect(await stored(account.tenantId, labelId)).toEqual({ done: 0, parts: [], results: [] });
    expect((await call(`/orders/${other}`)).json.labels).toBeNull();
    expect((await call(`/orders/${mine}`)).json.labels).toBeNull();

    expect(await drainQueue("labelJob", handler)).toEqual({ handled: 1, failed: 0 });
    const status = (await call(`/shipments/labels?label_id=${labelId}`)).json;
    expect(status).toMatchObject({ status: "done", progress: { done: 1, total: 1 } });
    expect(status.results).toEqual([expect.objectContaining({ order_id: mine, error: null })]);
    expect((await call(`/orders/${mine}`)).json.labels).toMatchObject({ live: 1 });
    expect((await call(`/orders/${other}`)).json.labels).toBeNull();
  });
});

describe("a tracking-upload message is checked against its job", () => {
  it("refuses shipments that are not its part's, or a part the job does not have, then runs the job's own message", async () => {
    const { account, token } = await shippingCompany({ yamato: "handoff" });
    const ids = ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA", "shp_01JBBBBBBBBBBBBBBBBBBBBBBB"];
    const accepted = await callApi("/api/shipments/upload_tracking_numbers", {
      method: "PUT",
      token,
      body: { shipment_ids: ids },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const jobId = accepted.json.job_id as string;
    const progress = async () =>
      (await callApi(`/api/shipments/upload_tracking_numbers/${jobId}`, { token })).json;

    const refused = [
      { jobId, part: 0, shipmentIds: ["shp_01JCCCCCCCCCCCCCCCCCCCCCCC"] },
      { jobId, part: 0, shipmentIds: [ids[0]] },
      { jobId, part: 1, shipmentIds: ids },
      { jobId, shipmentIds: ids },
      { jobId: "job_01JAAAAAAAAAAAAAAAAAAAAAAA", part: 0, shipmentIds: ids },
    ];
    for (const body of refused) {
      const event = delivery(account.tenantId, { kind: "tracking_upload", ...body }, Queue.maxReceiveCount);
      expect((await trackingUpload(event)).batchItemFailures, JSON.stringify(body)).toHaveLength(1);
    }
    expect(await progress()).toMatchObject({
      status: "running",
      progress: { done: 0, total: 2 },
      results: [],
    });

    expect(await drainQueue("trackingUpload", trackingUpload)).toEqual({ handled: 1, failed: 0 });
    const done = await progress();
    expect(done).toMatchObject({ status: "done", progress: { done: 2, total: 2 } });
    expect(done.results.map((r: { shipment_id: string }) => r.shipment_id).sort()).toEqual(ids);
  });
});
