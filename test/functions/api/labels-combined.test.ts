import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PurgeQueueCommand } from "@aws-sdk/client-sqs";
import { coreConfig } from "@okuru/core/config";
import { Queue } from "@okuru/core/queue";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { HEARTBEAT_LIMIT_MS, Redrive } from "@okuru/core/workflows/redrive";
import { beforeAll, describe, expect, it } from "vitest";
import { handler } from "../../../functions/src/queue/label-job";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

/**
 * A batch's combined files: one PDF per carrier for the whole batch, its labels in the
 * merchant's selection order, read back from the PDFs (pdftotext, in drawing order).
 */

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

type Result = { order_id: string; shipment_ids: string[]; tracking_numbers: string[] };
type Status = {
  status: string;
  files?: { carrier: string; labels: number; url: string }[];
  parts: { part: number; carrier: string; labels: number; url: string }[];
  results: Result[];
  start_position?: number;
};

const formatted = (n: string) => `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}`;

async function download(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "okuru-combined-"));
  const path = join(dir, "labels.pdf");
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

/** The tracking numbers a PDF prints, in the order its labels were drawn, each once. */
async function numbersIn(url: string): Promise<string[]> {
  const path = await download(url);
  try {
    const text = execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", path, "-"]).toString();
    return [...new Set([...text.matchAll(/\d{4}-\d{4}-\d{4}/g)].map((m) => m[0]))];
  } finally {
    rmSync(join(path, ".."), { recursive: true, force: true });
  }
}

const carrierOf = (index: number) => (index % 5 === 1 ? "japan_post" : index % 5 === 3 ? "sagawa" : "yamato");

/** A company with accounts of all three carriers and `count` orders, each set to a carrier in turn. */
async function mixedCompany(count: number, first: number) {
  const company = await shippingCompany({
    yamato: { first, count: 200 },
    orders: Array.from({ length: count }, (_, i) =>
      shopOrderFixture(i + 1, { customer: personFixture({ name: `高橋 ${i + 1}郎` }) }),
    ),
  });
  const { call, ids } = company;
  const range = (start: number) => [{ first: trackingNumberOf(start), last: trackingNumberOf(start + 199) }];
  const sagawa = await call("/sagawa", "POST", {
    name: "佐川急便",
    mode: "self_printed",
    customer_code: "123456789012",
    tracking_ranges: range(first + 1000),
  });
  expect(sagawa.status, sagawa.text).toBe(201);
  const post = await call("/japan_post", "POST", {
    name: "ゆうパック",
    mode: "self_printed",
    tracking_ranges: range(first + 2000),
  });
  expect(post.status, post.text).toBe(201);
  for (const carrier of ["japan_post", "sagawa"] as const) {
    const chosen = ids.filter((_, i) => carrierOf(i) === carrier);
    const set = await call("/orders/bulk_update", "PUT", { ids: chosen, action: "set_carrier", carrier });
    expect(set.status, set.text).toBe(200);
  }
  return company;
}

async function issueAll(
  call: Call,
  body: Record<string, unknown>,
): Promise<{ labelId: string; status: Status }> {
  const accepted = await call("/shipments/labels", "POST", body);
  expect(accepted.status, accepted.text).toBe(202);
  await drainQueue("labelJob", handler);
  const labelId = accepted.json.label_id as string;
  return { labelId, status: (await call(`/shipments/labels?label_id=${labelId}`)).json };
}

/** Each carrier's numbers as the results list them: the selection order. */
function expectedByCarrier(status: Status, selected: string[], ids: string[], skip = new Set<string>()) {
  const byOrder = new Map(status.results.map((r) => [r.order_id, r]));
  const expected: Record<string, string[]> = { yamato: [], japan_post: [], sagawa: [] };
  for (const id of selected) {
    const numbers = byOrder.get(id)!.tracking_numbers.filter((n) => !skip.has(n));
    expected[carrierOf(ids.indexOf(id))]!.push(...numbers.map(formatted));
  }
  return expected;
}

describe("a label batch's combined files", () => {
  it("gives one PDF per carrier with all its labels in selection order, and draws it again without a label cancelled since", async () => {
    const { call, ids } = await mixedCompany(60, 55_100_000_000);
    // Selected in an order of the merchant's own, not the orders' creation order.
    const selected = [...ids.slice(30), ...ids.slice(0, 30).reverse()];
    const { labelId, status } = await issueAll(call, { order_ids: selected });
    expect(status.status).toBe("done");
    expect(status.results.map((r) => r.order_id)).toEqual(selected);
    expect(status.results.every((r) => r.tracking_numbers.length === 1)).toBe(true);
    // The parts stay (the first prints while the rest render); the files are one per carrier.
    expect(status.parts.length).toBeGreaterThan(3);
    expect(status.files?.map((f) => [f.carrier, f.labels]).sort()).toEqual([
      ["japan_post", 12],
      ["sagawa", 12],
      ["yamato", 36],
    ]);
    // Carriers in the order of their first label: the first selected order is index 30 (yamato), then 31 (japan_post).
    expect(status.files?.map((f) => f.carrier)).toEqual(["yamato", "japan_post", "sagawa"]);
    const expected = expectedByCarrier(status, selected, ids);
    for (const file of status.files!) expect(await numbersIn(file.url)).toEqual(expected[file.carrier]);

    // A cancel: the combined files are withdrawn at once and drawn again without the label.
    const yamatoResult = status.results.find((r) => carrierOf(ids.indexOf(r.order_id)) === "yamato")!;
    const sagawaResult = status.results.find((r) => carrierOf(ids.indexOf(r.order_id)) === "sagawa")!;
    const cancelled = await call("/shipments/cancel_shipments", "PUT", {
      ids: [yamatoResult.shipment_ids[0], sagawaResult.shipment_ids[0]],
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const statusPath = `/shipments/labels?label_id=${labelId}`;
    const withdrawn: Status = (await call(statusPath)).json;
    expect(withdrawn.files).toBeUndefined();
    await drainQueue("labelJob", handler);
    const after: Status = (await call(statusPath)).json;
    expect(after.status).toBe("done");
    // The first selected order's label was the one cancelled: 日本郵便 now comes first.
    expect(after.files?.map((f) => [f.carrier, f.labels])).toEqual([
      ["japan_post", 12],
      ["yamato", 35],
      ["sagawa", 11],
    ]);
    const gone = new Set([yamatoResult.tracking_numbers[0]!, sagawaResult.tracking_numbers[0]!]);
    const expectedAfter = expectedByCarrier(after, selected, ids, gone);
    for (const file of after.files!) expect(await numbersIn(file.url)).toEqual(expectedAfter[file.carrier]);
    // The files drawn before the cancel still held its label: they are gone.
    for (const file of status.files!.filter((f) => f.carrier !== "japan_post"))
      expect((await fetch(file.url)).status).toBe(404);
  }, 240_000);

  it("is drawn by the sweep when its message is lost", async () => {
    // Two parts: a batch of one part has its part's files as its combined files, without a message.
    const { call, ids, account } = await mixedCompany(12, 55_200_000_000);
    const accepted = await call("/shipments/labels", "POST", { order_ids: ids });
    expect(accepted.status).toBe(202);
    // The part runs; the combine message it sends is lost.
    await drainQueue("labelJob", async (event) => {
      const result = await handler(event);
      await Queue.client().send(new PurgeQueueCommand({ QueueUrl: coreConfig().queues.labelJob }));
      return result;
    });
    const statusPath = `/shipments/labels?label_id=${accepted.json.label_id}`;
    const lost: Status = (await call(statusPath)).json;
    expect(lost.status).toBe("done");
    expect(lost.files).toBeUndefined();
    const swept = await Redrive.sweep({
      now: new Date(Date.now() + 2 * HEARTBEAT_LIMIT_MS),
      tenantIds: [account.tenantId],
    });
    expect(swept.redriven).toBe(1);
    await drainQueue("labelJob", handler);
    const found: Status = (await call(statusPath)).json;
    expect(found.files?.map((f) => [f.carrier, f.labels])).toEqual([
      ["yamato", 7],
      ["japan_post", 3],
      ["sagawa", 2],
    ]);
  }, 120_000);
});

describe("印刷開始位置", () => {
  it("starts the first sheet of each carrier's combined file and first part at the position asked for", async () => {
    const { call, ids } = await mixedCompany(4, 55_300_000_000);
    const refused = await call("/shipments/labels", "POST", { order_ids: ids, start_position: 3 });
    // The brand's sheets are A4 with 2 labels (the default print settings).
    expect([refused.status, refused.json.fields?.start_position]).toEqual([
      400,
      "印刷開始位置は1〜2で指定してください（用紙1枚に2面）",
    ]);
    const outOfRange = await call("/shipments/labels", "POST", { order_ids: ids, start_position: 0 });
    expect([outOfRange.status, outOfRange.json.fields?.start_position]).toEqual([
      400,
      "印刷開始位置は1〜4で指定してください",
    ]);

    const { status } = await issueAll(call, { order_ids: ids, start_position: 2 });
    expect(status.start_position).toBe(2);
    const yamatoNumber = formatted(status.results[0]!.tracking_numbers[0]!);
    const yamatoFile = status.files!.find((f) => f.carrier === "yamato")!;
    const yamatoPart = status.parts.find((p) => p.carrier === "yamato")!;
    for (const url of [yamatoFile.url, yamatoPart.url]) {
      const path = await download(url);
      const xml = execFileSync("pdftotext", ["-bbox", "-f", "1", "-l", "1", path, "-"]).toString();
      rmSync(join(path, ".."), { recursive: true, force: true });
      const match = new RegExp(`yMin="([\\d.]+)"[^>]*>${yamatoNumber}<`).exec(xml);
      expect(match, xml).not.toBeNull();
      // A4 2-up: slot 2 is the lower half of the page (841.89 pt tall).
      expect(Number(match![1])).toBeGreaterThan(841.89 / 2);
    }
  }, 120_000);
});
