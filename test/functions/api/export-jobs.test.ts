import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import { CarrierImport } from "@okuru/core/workflows/carrier-import";
import type { SQSEvent } from "aws-lambda";
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as exportJob } from "../../../functions/src/queue/export-job";
import { MAX_IMPORT_BYTES, MAX_UPLOAD_BYTES } from "../../../web/src/components/CarrierImport/import-formats";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // An export-job queue of this file's own, so the drain sees only this file's exports.
  await usePrivateQueue("exportJob", {});
});

const large = CarrierExport.QUEUE_ABOVE + 2;

/** A company with a Yamato hand-off account and more orders than an export makes at once; the last asks for 12–14. */
function companyWithManyOrders() {
  return shippingCompany({
    yamato: "handoff",
    orders: Array.from({ length: large }, (_, i) =>
      shopOrderFixture(i + 1, i === large - 1 ? { requestedTimeSlot: "1200" } : {}),
    ),
  });
}

const post = (token: string, body: unknown) => callApi("/api/exports", { method: "POST", token, body });
const read = (token: string, exportId: string) => callApi(`/api/exports/${exportId}`, { token });

describe("a large export runs on the export-job queue", () => {
  it("answers 202 at once, tells its progress, and ends with the file and the orders left out", async () => {
    const { account, token, ids } = await companyWithManyOrders();
    const accepted = await post(token, { format: "yamato_b2", order_ids: ids });
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.json).toEqual({ export_id: expect.stringMatching(/^exp_/), status: "running" });
    const exportId = accepted.json.export_id as string;

    // Nothing is read or marked before the consumer runs.
    const waiting = await read(token, exportId);
    expect(waiting.status).toBe(200);
    expect(waiting.json).toEqual({
      export_id: exportId,
      format: "yamato_b2",
      status: "running",
      progress: { done: 0, total: large },
      filename: null,
      url: null,
      included: [],
      again: [],
      excluded: [],
      warnings: [],
      error: null,
    });
    expect((await callApi(`/api/orders/${ids[0]}`, { token })).json.exported).toBeNull();

    // The progress only grows while the consumer reads the orders.
    const seen: number[] = [];
    let draining = true;
    const watch = (async () => {
      while (draining) {
        seen.push((await read(token, exportId)).json.progress.done);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    expect(await drainQueue("exportJob", exportJob)).toEqual({ handled: 1, failed: 0 });
    draining = false;
    await watch;
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const done = await read(token, exportId);
    expect(done.json).toMatchObject({
      status: "done",
      progress: { done: large, total: large },
      filename: expect.stringMatching(/^yamato_b2_\d{8}_[a-z0-9]{6}\.csv$/),
      included: ids.slice(0, -1),
      again: [],
      excluded: [
        {
          order_id: ids.at(-1),
          reasons: [
            { field: "delivery.time_slot", message: "ヤマト運輸では12時〜14時の時間帯指定はできません" },
          ],
        },
      ],
      error: null,
    });
    // Strict CP932, a header and one row per included order, each with its お客様管理番号.
    const bytes = Buffer.from(await (await fetch(done.json.url)).arrayBuffer());
    const text = iconv.decode(bytes, "cp932");
    expect(iconv.encode(text, "cp932").equals(bytes)).toBe(true);
    const rows = text.split("\r\n").filter(Boolean).slice(1);
    expect(rows.map((row) => row.split(",")[0])).toEqual(ids.slice(0, -1).map((id) => id.slice(-12)));
    expect((await callApi(`/api/orders/${ids[0]}`, { token })).json.exported).toMatchObject({
      format: "yamato_b2",
    });

    // Delivered again, the finished job is left as it is.
    const redelivered = await exportJob(jobEvent(done.json.export_id, account.tenantId, "1"));
    expect(redelivered.batchItemFailures).toEqual([]);
    expect((await read(token, exportId)).json).toMatchObject({
      status: "done",
      filename: done.json.filename,
    });
  });

  it("keeps answering a small selection at once", async () => {
    const { token, ids } = await companyWithManyOrders();
    const res = await post(token, {
      format: "yamato_b2",
      order_ids: ids.slice(0, CarrierExport.QUEUE_ABOVE),
    });
    expect(res.status).toBe(201);
    expect(res.json.included).toHaveLength(CarrierExport.QUEUE_ABOVE);
    expect(res.json.url).toMatch(/^http/);
  });

  it("is not found by another company, nor by an id that is not one", async () => {
    const { token, ids } = await companyWithManyOrders();
    const accepted = await post(token, { format: "yamato_b2", order_ids: ids });
    const other = await testAccount();
    const foreign = await read(other.idToken, accepted.json.export_id);
    expect([foreign.status, foreign.json.code]).toEqual([404, "export.not_found"]);
    expect((await read(token, "exp_01JAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await read(token, "x".repeat(65))).status).toBe(400);
    // The other company's consumer run (a message naming its tenant) cannot reach this job either.
    await exportJob(jobEvent(accepted.json.export_id, other.tenantId, "1"));
    expect((await read(token, accepted.json.export_id)).json.status).toBe("running");
    await drainQueue("exportJob", exportJob);
    expect((await read(token, accepted.json.export_id)).json.status).toBe("done");
  });

  it("refuses a large selection at once when the carrier has no account, and says why a job could not finish", async () => {
    const { account, token, ids, yamatoId } = await companyWithManyOrders();
    const noSagawa = await post(token, { format: "sagawa_ehiden3", order_ids: ids });
    expect([noSagawa.status, noSagawa.json.code]).toEqual([422, "export.no_account"]);

    const accepted = await post(token, { format: "yamato_b2", order_ids: ids });
    expect(accepted.status).toBe(202);
    // The account goes before the consumer runs: the last delivery records the reason on the job.
    expect((await callApi(`/api/yamato/${yamatoId}`, { method: "DELETE", token })).status).toBe(204);
    const last = await exportJob(jobEvent(accepted.json.export_id, account.tenantId, "3"));
    expect(last.batchItemFailures).toHaveLength(1);
    expect((await read(token, accepted.json.export_id)).json).toMatchObject({
      status: "failed",
      url: null,
      error: "ファイルを作成できませんでした。時間をおいて、もう一度出力してください。",
    });
  });
});

describe("the import dialog's size limit", () => {
  it("is the API's", () => {
    expect(MAX_IMPORT_BYTES).toBe(CarrierImport.MAX_FILE_BYTES);
    expect(MAX_UPLOAD_BYTES).toBe(CarrierImport.MAX_UPLOAD_BYTES);
  });
});

function jobEvent(exportId: string, tenantId: string, receiveCount: string): SQSEvent {
  return {
    Records: [
      {
        messageId: `m-${exportId}-${tenantId}-${receiveCount}`,
        body: JSON.stringify({
          kind: "export_job",
          tenantId,
          dedupeKey: `export:${exportId}:${tenantId}:${receiveCount}`,
          exportId,
        }),
        attributes: { ApproximateReceiveCount: receiveCount },
      },
    ],
  } as unknown as SQSEvent;
}
