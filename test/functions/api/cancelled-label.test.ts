import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LabelPartEntity } from "../../../core/src/entities/shipment/entity";
import { handler } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

const printed = (n: string) => `${n.slice(0, 4)}-${n.slice(4, 8)}-${n.slice(8)}`;

async function pdfText(url: string): Promise<string> {
  const download = await fetch(url);
  expect(download.status).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), "okuru-cancelled-"));
  try {
    writeFileSync(join(dir, "labels.pdf"), Buffer.from(await download.arrayBuffer()));
    return execFileSync("pdftotext", [join(dir, "labels.pdf"), "-"]).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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

    const after = (await call(statusPath)).json;
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
    expect(part?.renders).toBe(2);
  }, 120_000);
});
