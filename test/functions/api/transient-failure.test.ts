import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { VisibleError } from "@okuru/core/error";
import type { QueueName } from "@okuru/core/queue";
import { Hono } from "hono";
import { ulid } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import { ExportJobEntity } from "../../../core/src/entities/jobs/export-job";
import { UploadJobEntity } from "../../../core/src/entities/jobs/upload-job";
import { LabelBatchEntity } from "../../../core/src/entities/shipment/entity";
import { NOT_QUEUED } from "../../../core/src/workflows/labels/unqueued-parts";
import type { AppEnv } from "../../../functions/src/api/env";
import { handleError } from "../../../functions/src/api/errors";
import { storeFailureOf } from "../../../functions/src/api/store-failure";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // Queues of this file's own, so a drain runs only this file's messages.
  await usePrivateQueue("labelJob");
  await usePrivateQueue("trackingUpload");
  await usePrivateQueue("exportJob");
});

/** Runs `work` while `queue` points at a queue SQS does not have, as when SQS is unreachable. */
async function withQueueDown<T>(queue: QueueName, work: () => Promise<T>): Promise<T> {
  const config = coreConfig();
  const reachable = config.queues[queue];
  config.queues[queue] = reachable.replace(/[^/]+$/, `missing-${ulid().toLowerCase()}`);
  try {
    return await work();
  } finally {
    config.queues[queue] = reachable;
  }
}

const asSystem = <T>(tenantId: string, cb: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, cb);

function expectQueueUnavailable(answer: Awaited<ReturnType<typeof callApi>>, message: string) {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.json).toEqual({ code: "queue.unavailable", message });
}

describe("a job whose messages SQS does not take", () => {
  it("label batch: 503 with Retry-After, not kept for the Idempotency-Key, and the batch finishes with the reason", async () => {
    const { account, token, call, ids } = await shippingCompany({
      yamato: { first: 33_700_000_000 },
      orders: [shopOrderFixture(1, { customer: personFixture({ name: "高橋 一郎" }) })],
    });
    const request = () =>
      callApi("/api/shipments/labels", {
        method: "POST",
        token,
        body: { order_ids: ids },
        headers: { "idempotency-key": "labels-once" },
      });

    const refused = await withQueueDown("labelJob", request);
    expectQueueUnavailable(refused, "送り状の発行を開始できませんでした。時間をおいて再度お試しください。");
    const { data: batches } = await asSystem(account.tenantId, () =>
      LabelBatchEntity.query.byId({ tenantId: account.tenantId }).go({ pages: "all" }),
    );
    expect(batches).toHaveLength(1);
    const status = (await call(`/shipments/labels?label_id=${batches[0]!.jobId}`)).json;
    expect(status).toMatchObject({ status: "done", progress: { done: 1, total: 1 }, parts: [] });
    expect(status.results).toEqual([
      expect.objectContaining({
        order_id: ids[0],
        shipment_ids: [],
        tracking_numbers: [],
        error: NOT_QUEUED,
      }),
    ]);
    // Nothing about the order failed: it is not put on the エラー tab.
    expect((await call(`/orders/${ids[0]}`)).json.errors).toEqual([]);

    // The queue is back: 再試行 with the same key starts the batch.
    const retried = await request();
    expect(retried.status, retried.text).toBe(202);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.json.label_id).not.toBe(batches[0]!.jobId);
    await drainQueue("labelJob", labelJob);
    expect((await call(`/shipments/labels?label_id=${retried.json.label_id}`)).json).toMatchObject({
      status: "done",
      results: [{ order_id: ids[0], error: null }],
    });
    const replayed = await request();
    expect([replayed.status, replayed.headers.get("idempotent-replayed")]).toEqual([202, "true"]);
    expect(replayed.json).toEqual(retried.json);
  });

  it("tracking upload: 503 with Retry-After, not kept for the Idempotency-Key, and the job finishes with the reason", async () => {
    const { account, token } = await shippingCompany({ yamato: "handoff" });
    const shipmentIds = ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA", "shp_01JBBBBBBBBBBBBBBBBBBBBBBB"];
    const request = () =>
      callApi("/api/shipments/upload_tracking_numbers", {
        method: "PUT",
        token,
        body: { shipment_ids: shipmentIds },
        headers: { "idempotency-key": "upload-once" },
      });

    const refused = await withQueueDown("trackingUpload", request);
    expectQueueUnavailable(
      refused,
      "追跡番号のアップロードを開始できませんでした。時間をおいて再度お試しください。",
    );
    const { data: jobs } = await asSystem(account.tenantId, () =>
      UploadJobEntity.query.byId({ tenantId: account.tenantId }).go({ pages: "all" }),
    );
    expect(jobs).toHaveLength(1);
    const status = (await callApi(`/api/shipments/upload_tracking_numbers/${jobs[0]!.jobId}`, { token }))
      .json;
    expect(status).toMatchObject({ status: "done", progress: { done: 2, total: 2 }, failed: 2 });

    const retried = await request();
    expect(retried.status, retried.text).toBe(202);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.json.job_id).not.toBe(jobs[0]!.jobId);
  });

  it("export: 503 with Retry-After, and the job is failed with the reason", async () => {
    const { account, token, ids } = await shippingCompany({
      yamato: "handoff",
      orders: Array.from({ length: 101 }, (_, i) => shopOrderFixture(i + 1)),
    });
    const request = () =>
      callApi("/api/exports", { method: "POST", token, body: { format: "yamato_b2", order_ids: ids } });

    const refused = await withQueueDown("exportJob", request);
    expectQueueUnavailable(refused, "ファイルの作成を開始できませんでした。時間をおいて再度お試しください。");
    const { data: jobs } = await asSystem(account.tenantId, () =>
      ExportJobEntity.query.byId({ tenantId: account.tenantId }).go({ pages: "all" }),
    );
    expect(jobs.map((j) => [j.status, j.error])).toEqual([
      ["failed", "ファイルの作成を開始できませんでした。"],
    ]);

    const retried = await request();
    expect(retried.status, retried.text).toBe(202);
  });
});

/** A DynamoDB transaction cancelled with these reason codes, as the SDK throws it, inside ElectroDB's wrapper. */
function cancelled(...codes: string[]) {
  const sdkError = Object.assign(
    new Error(
      `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(", ")}]`,
    ),
    { name: "TransactionCanceledException", CancellationReasons: codes.map((Code) => ({ Code })) },
  );
  return Object.assign(new Error(`Error thrown by DynamoDB client: "${sdkError.message}"`), {
    name: "ElectroError",
    cause: sdkError,
  });
}

describe("a DynamoDB failure that reaches the API", () => {
  it("is a lost race only when a condition failed; a busy table or transaction is a passing refusal", () => {
    expect(storeFailureOf(cancelled("None", "ConditionalCheckFailed"))).toEqual({ kind: "condition_failed" });
    expect(storeFailureOf(cancelled("TransactionConflict", "None"))).toEqual({ kind: "busy" });
    expect(storeFailureOf(cancelled("ThrottlingError"))).toEqual({ kind: "busy" });
    expect(storeFailureOf(cancelled("ProvisionedThroughputExceeded", "None"))).toEqual({ kind: "busy" });
    expect(storeFailureOf(cancelled("ValidationError", "None"))).toEqual({
      kind: "cancelled",
      reasons: ["ValidationError", "None"],
    });
    // Only the message left (a wrapper that dropped the SDK's fields): its list of reasons.
    const textOnly = Object.assign(new Error(cancelled("None", "TransactionConflict").cause.message), {
      name: "TransactionCanceledException",
    });
    expect(storeFailureOf(textOnly)).toEqual({ kind: "busy" });
    const throttled = Object.assign(new Error("Rate exceeded"), {
      name: "ProvisionedThroughputExceededException",
    });
    expect(storeFailureOf(throttled)).toEqual({ kind: "busy" });
    expect(storeFailureOf(new Error("boom"))).toBeUndefined();
  });

  it("answers 409 for a failed condition, 429 with Retry-After for a busy one, 500 for anything else", async () => {
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    const failures: Record<string, Error> = {
      condition: cancelled("None", "ConditionalCheckFailed"),
      conflict: cancelled("TransactionConflict", "None"),
      other: cancelled("ValidationError"),
      limited: new VisibleError(
        "rate_limited",
        "db.busy",
        "ただいま混み合っています。しばらくしてから再度お試しください。",
      ),
    };
    app.get("/:failure", (c) => {
      throw failures[c.req.param("failure")]!;
    });
    const answer = async (failure: string) => {
      const res = await app.request(`/${failure}`);
      return {
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        code: (await res.json()).code,
      };
    };
    expect(await answer("condition")).toEqual({
      status: 409,
      retryAfter: null,
      code: "conflict.concurrent_update",
    });
    expect(await answer("conflict")).toEqual({ status: 429, retryAfter: "1", code: "db.busy" });
    expect(await answer("limited")).toEqual({ status: 429, retryAfter: "1", code: "db.busy" });
    expect(await answer("other")).toEqual({ status: 500, retryAfter: null, code: "internal" });
  });
});
