import { ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import { coreConfig } from "@okuru/core/config";
import { Queue } from "@okuru/core/queue";
import { beforeAll, describe, expect, it } from "vitest";
import { pollQueue } from "../../../dev/src/poll";
import { handler } from "../../../functions/src/queue/label-job";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { messagesIn, queueWithDlq, sendTo } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

/** This file's own label-job queue with its DLQ after the product's max receive count (a short visibility timeout keeps it quick). */
let dlqUrl: string;
beforeAll(async () => {
  const queues = await queueWithDlq("label-job");
  dlqUrl = queues.dlqUrl;
  sendTo("labelJob", queues.queueUrl);
});

/** A company with a self-printed Yamato account and three orders it can print. */
function printingCompany() {
  return shippingCompany({
    yamato: { first: 33_400_000_000 },
    // Recipients Yamato prints (no 髙: its label check would refuse them).
    orders: [1, 2, 3].map((n) => shopOrderFixture(n, { customer: personFixture({ name: `高橋 ${n}郎` }) })),
  });
}

/** Issues and runs the batch's parts until it is done (a message a stopped poll loop had taken reappears after the visibility timeout). */
async function issue(call: Call, orderIds: string[]) {
  const accepted = await call("/shipments/labels", "POST", { order_ids: orderIds });
  expect(accepted.status).toBe(202);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await drainQueue("labelJob", handler);
    const status = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    if (status.status === "done" || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the order marked as labelled", () => {
  it("shows 送り状発行済み with the live labels on the order and in the list, and clears it with the last cancel", async () => {
    const { call, ids } = await printingCompany();
    const [twoParcels, single, untouched] = ids as [string, string, string];
    expect((await call(`/orders/${twoParcels}`)).json.labels).toBeNull();
    const set = await call(`/orders/${twoParcels}/delivery/yamato`, "PUT", {
      service_type: "6",
      item_name: "宇治抹茶 詰め合わせ",
      parcels: 2,
    });
    expect(set.status).toBe(200);

    const before = Date.now();
    const status = await issue(call, [twoParcels, single]);
    expect(status.results.map((r: { error: string | null }) => r.error)).toEqual([null, null]);
    const labelled = (await call(`/orders/${twoParcels}`)).json;
    expect(labelled.labels).toEqual({ live: 2, typed: 0, last_issued_at: expect.any(String) });
    expect(Date.parse(labelled.labels.last_issued_at)).toBeGreaterThanOrEqual(before - 1000);

    const list = (await call("/orders?tab_key=notShipped")).json.items as {
      id: string;
      labels: unknown;
    }[];
    const byId = new Map(list.map((o) => [o.id, o.labels]));
    expect(byId.get(twoParcels)).toMatchObject({ live: 2 });
    expect(byId.get(single)).toMatchObject({ live: 1 });
    expect(byId.get(untouched)).toBeNull();

    // Another company neither sees the order nor can cancel its labels.
    const other = await testAccount();
    expect((await callApi(`/api/orders/${twoParcels}`, { token: other.idToken })).status).toBe(404);
    const [first, second] = (
      status.results.find((r: { order_id: string }) => r.order_id === twoParcels) as {
        shipment_ids: string[];
      }
    ).shipment_ids as [string, string];
    const foreign = await callApi(`/api/shipments/${first}/cancel`, { method: "PUT", token: other.idToken });
    expect(foreign.status).toBe(404);
    expect((await call(`/orders/${twoParcels}`)).json.labels).toMatchObject({ live: 2 });

    // A repeated request makes no new label, so the count stays.
    await issue(call, [twoParcels]);
    expect((await call(`/orders/${twoParcels}`)).json.labels).toMatchObject({ live: 2 });

    expect((await call(`/shipments/${first}/cancel`, "PUT")).json.status).toBe("cancelled");
    expect((await call(`/orders/${twoParcels}`)).json.labels).toMatchObject({ live: 1 });
    // Cancelling the cancelled one again changes nothing.
    await call(`/shipments/${first}/cancel`, "PUT");
    expect((await call(`/orders/${twoParcels}`)).json.labels).toMatchObject({ live: 1 });
    const bulk = await call("/shipments/cancel_shipments", "PUT", { ids: [second] });
    expect(bulk.json.results).toEqual([{ id: second }]);
    expect((await call(`/orders/${twoParcels}`)).json.labels).toBeNull();
    expect((await call(`/orders/${single}`)).json.labels).toMatchObject({ live: 1 });
  });

  it("moves the last printing with a reissue", async () => {
    const { call, ids } = await printingCompany();
    const status = await issue(call, [ids[0]!]);
    const issuedAt = (await call(`/orders/${ids[0]}`)).json.labels.last_issued_at as string;
    await new Promise((r) => setTimeout(r, 5));
    const accepted = await call("/shipments/reissue", "POST", {
      shipment_ids: status.results[0].shipment_ids,
    });
    expect(accepted.status).toBe(202);
    await drainQueue("labelJob", handler);
    const after = (await call(`/orders/${ids[0]}`)).json.labels;
    expect(after.live).toBe(1);
    expect(after.last_issued_at > issuedAt).toBe(true);
  });
});

describe("a label part that fails for good", () => {
  it("ends in the DLQ with its reason on each order (エラー tab), which a later successful issue clears", async () => {
    const { call, ids } = await printingCompany();
    const config = coreConfig();
    const bucket = config.bucketName;
    const queueUrl = config.queues.labelJob;
    // S3 refuses every PDF of this batch: the part fails on each delivery.
    config.bucketName = `okuru-missing-${Date.now()}`;
    let labelId: string;
    try {
      const accepted = await call("/shipments/labels", "POST", { order_ids: ids });
      expect(accepted.status).toBe(202);
      labelId = accepted.json.label_id;
      const abort = new AbortController();
      const loop = pollQueue({ endpoint: config.endpoints.sqs!, queueUrl, handler, signal: abort.signal });
      const deadline = Date.now() + 25_000;
      while (Date.now() < deadline && ((await messagesIn(dlqUrl)) < 1 || (await messagesIn(queueUrl)) > 0))
        await new Promise((r) => setTimeout(r, 200));
      abort.abort();
      await loop;
      const { Messages = [] } = await Queue.client().send(
        new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10 }),
      );
      expect(Messages.map((m) => JSON.parse(m.Body!).jobId)).toEqual([labelId]);
    } finally {
      config.bucketName = bucket;
    }

    const status = (await call(`/shipments/labels?label_id=${labelId}`)).json;
    expect(status).toMatchObject({ status: "done", progress: { done: 3, total: 3 }, parts: [] });
    expect(status.results).toHaveLength(3);
    for (const result of status.results)
      expect(result.error).toMatch(/^送り状を作成できませんでした（.+）。再度発行してください。$/);

    const failed = (await call(`/orders/${ids[0]}`)).json;
    expect(failed.is_error).toBe(true);
    expect(failed.errors).toEqual([{ field: "label", message: status.results[0].error }]);
    const errorTab = (await call("/orders?is_error=true")).json;
    expect(errorTab.items.map((o: { id: string }) => o.id).sort()).toEqual([...ids].sort());
    expect(errorTab.counts).toMatchObject({ error: 3 });
    // Another company's error tab stays empty.
    const other = await testAccount();
    expect((await callApi("/api/orders?is_error=true", { token: other.idToken })).json.items).toEqual([]);

    // The same orders issued again, with S3 back: their labels print and the reason is gone.
    const again = await issue(call, ids);
    expect(again.results.map((r: { error: string | null }) => r.error)).toEqual([null, null, null]);
    expect(again.parts).toEqual([expect.objectContaining({ carrier: "yamato", labels: 3 })]);
    const settled = (await call(`/orders/${ids[0]}`)).json;
    expect([settled.is_error, settled.errors, settled.labels?.live]).toEqual([false, [], 1]);
    const cleared = (await call("/orders?is_error=true")).json;
    expect([cleared.items, cleared.counts.error]).toEqual([[], 0]);
  });
});

describe("an order shipped by another delivery company", () => {
  it("gets its reason in the batch while the other orders of its part print", async () => {
    const { call, ids } = await printingCompany();
    const [typed, ...printable] = ids as [string, string, string];
    const saved = await call(`/orders/${typed}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    // Its typed number is a live shipment of the order, but there is no label to print for it.
    expect((await call(`/orders/${typed}`)).json.labels).toMatchObject({ live: 1 });

    const status = await issue(call, ids);
    expect(status).toMatchObject({ status: "done", progress: { done: 3, total: 3 } });
    expect(
      status.results.map((r: { order_id: string; error: string | null }) => [r.order_id, r.error]),
    ).toEqual([[typed, "この注文は他の配送会社で発送する設定です。"], ...printable.map((id) => [id, null])]);
    expect(status.parts).toEqual([expect.objectContaining({ carrier: "yamato", labels: 2 })]);
    // The typed number is untouched.
    const shipments = (await call(`/shipments?order_id=${typed}`)).json.items;
    expect(shipments.map((s: { source: string; status: string }) => [s.source, s.status])).toEqual([
      ["manual", "issued"],
    ]);
  });
});
