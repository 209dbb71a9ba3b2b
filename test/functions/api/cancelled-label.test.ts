import { PurgeQueueCommand } from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Queue, type QueueName } from "@okuru/core/queue";
import { Labels } from "@okuru/core/workflows/labels";
import { HEARTBEAT_LIMIT_MS, Redrive } from "@okuru/core/workflows/redrive";
import { beforeAll, describe, expect, it } from "vitest";
import { LabelBatchEntity, LabelPartEntity } from "../../../core/src/entities/shipment/entity";
import { handler } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { downloadedPdfText, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

const purgeQueue = (queue: QueueName) =>
  Queue.client().send(new PurgeQueueCommand({ QueueUrl: coreConfig().queues[queue] }));

const printed = (n: string) => `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}`;

const pdfText = downloadedPdfText;

describe("a cancelled label", () => {
  it("is no longer printed from its batch: the part is rendered again without it, the old file is gone", async () => {
    const { call, ids, account } = await shippingCompany({
      yamato: { first: 44_400_000_000, count: 20 },
      orders: [1, 2, 3].map((n) => shopOrderFixture(n)),
    });
    const accepted = await call("/shipments/labels", "POST", { order_ids: ids });
    expect(accepted.status).toBe(202);
    await drainQueue("labelJob", handler);
    const statusPath = `/shipments/labels?label_id=${accepted.json.label_id}`;
    const before = (await call(statusPath)).json;
    expect(before.parts).toEqual([expect.objectContaining({ carrier: "yamato", labels: 3 })]);
    const [first, second, third] = before.results as { shipment_ids: string[]; tracking_numbers: string[] }[];
    const oldUrl = before.parts[0].url as string;
    expect(await pdfText(oldUrl)).toContain(printed(second!.tracking_numbers[0]!));

    const cancelled = await call(`/shipments/${second!.shipment_ids[0]}/cancel`, "PUT");
    expect(cancelled.status, cancelled.text).toBe(200);
    // At once: the page that printed it is gone, and the batch shows the part as being drawn again.
    const withdrawn = (await call(statusPath)).json;
    expect(withdrawn).toMatchObject({ status: "running", parts: [] });
    expect(withdrawn.results[1]).toMatchObject({ cancelled_tracking_numbers: second!.tracking_numbers });
    expect((await fetch(oldUrl)).status).toBe(404);

    await drainQueue("labelJob", handler);
    const after = (await call(statusPath)).json;
    expect(after.status).toBe("done");
    expect(after.parts).toEqual([expect.objectContaining({ carrier: "yamato", labels: 2 })]);
    const text = await pdfText(after.parts[0].url);
    expect(text).not.toContain(printed(second!.tracking_numbers[0]!));
    expect(text).toContain(printed(first!.tracking_numbers[0]!));
    expect(text).toContain(printed(third!.tracking_numbers[0]!));
    expect(after.results[1]).toMatchObject({ cancelled_tracking_numbers: second!.tracking_numbers });
    expect(after.results[0]).toMatchObject({ cancelled_tracking_numbers: [] });
    // The link handed out before the cancel no longer serves the page that printed it.
    expect((await fetch(oldUrl)).status).toBe(404);

    // The rest cancelled together: the part is rendered once more (not once per number), and
    // with every label of it cancelled no file is offered at all.
    const together = await call("/shipments/cancel_shipments", "PUT", {
      ids: [first!.shipment_ids[0], third!.shipment_ids[0]],
    });
    expect(together.status, together.text).toBe(200);
    expect(together.json.results).toEqual([{ id: first!.shipment_ids[0] }, { id: third!.shipment_ids[0] }]);
    await drainQueue("labelJob", handler);
    const last = (await call(statusPath)).json;
    expect(last.parts).toEqual([]);
    expect(
      last.results.map((r: { cancelled_tracking_numbers: string[] }) => r.cancelled_tracking_numbers),
    ).toEqual([first, second, third].map((r) => r!.tracking_numbers));
    const { data: part } = await LabelPartEntity.get({
      tenantId: account.tenantId,
      jobId: accepted.json.label_id,
      part: 0,
    }).go();
    expect(part).toMatchObject({ renders: 2, rendered: 2, files: [] });
  }, 120_000);

  it("is drawn again by the sweep when the rendering's message is lost, and a late message for an older rendering does nothing", async () => {
    const { call, ids, account } = await shippingCompany({
      yamato: { first: 44_500_000_000, count: 20 },
      orders: [4, 5, 6].map((n) => shopOrderFixture(n)),
    });
    const accepted = await call("/shipments/labels", "POST", { order_ids: ids });
    await drainQueue("labelJob", handler);
    const statusPath = `/shipments/labels?label_id=${accepted.json.label_id}`;
    const [first, second] = (await call(statusPath)).json.results as {
      shipment_ids: string[];
      tracking_numbers: string[];
    }[];

    expect((await call(`/shipments/${first!.shipment_ids[0]}/cancel`, "PUT")).status).toBe(200);
    await purgeQueue("labelJob");
    expect((await call(`/shipments/${second!.shipment_ids[0]}/cancel`, "PUT")).status).toBe(200);
    // The second cancel's message is taken first; the first one's, sent again late, is overtaken.
    await drainQueue("labelJob", handler);
    const stillOne = (await call(statusPath)).json;
    expect(stillOne.parts).toEqual([expect.objectContaining({ labels: 1 })]);
    await ActorContext.with({ type: "system", properties: { tenantId: account.tenantId } }, () =>
      Queue.send("labelJob", [Labels.renderRequest(accepted.json.label_id, 0, 1)]),
    );
    await drainQueue("labelJob", handler);
    // The same part and file (each read signs its URL afresh, so the signature may differ by a second).
    const unsigned = (parts: { url: string }[]) => parts.map((p) => ({ ...p, url: p.url.split("?")[0] }));
    expect(unsigned((await call(statusPath)).json.parts)).toEqual(unsigned(stillOne.parts));

    // The third cancel's message is lost: the part waits, and the sweep asks for it again.
    expect((await call(`/shipments/${stillOne.results[2].shipment_ids[0]}/cancel`, "PUT")).status).toBe(200);
    await purgeQueue("labelJob");
    expect((await call(statusPath)).json.status).toBe("running");
    const swept = await Redrive.sweep({
      now: new Date(Date.now() + 2 * HEARTBEAT_LIMIT_MS),
      tenantIds: [account.tenantId],
    });
    expect(swept.redriven).toBe(1);
    await drainQueue("labelJob", handler);
    expect((await call(statusPath)).json).toMatchObject({ status: "done", parts: [] });
    // Nothing waits any more: the next sweep (a limit past the claim's heartbeat) takes the batch out of the running index.
    const after = await Redrive.sweep({
      now: new Date(Date.now() + 4 * HEARTBEAT_LIMIT_MS),
      tenantIds: [account.tenantId],
    });
    expect(after).toMatchObject({ redriven: 0, finished: 1 });
    const { data: batch } = await LabelBatchEntity.get({
      tenantId: account.tenantId,
      jobId: accepted.json.label_id,
    }).go();
    expect(batch?.runningShard).toBeUndefined();
  }, 120_000);
});
