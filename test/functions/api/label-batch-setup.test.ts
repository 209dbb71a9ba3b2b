import { Labels } from "@okuru/core/workflows/labels";
import { LabelRun } from "@okuru/core/workflows/labels/run";
import { beforeAll, describe, expect, it } from "vitest";
import { asUser } from "../../support/account";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";

beforeAll(async () => {
  // The batches' messages go to a queue of this file's own; the parts are run here, one by one.
  await usePrivateQueue("labelJob");
});

/**
 * A consumer reads a batch's set-up (the batch, accounts, brand, senders) once and
 * keeps it for the batch's later parts: the batch prints with the settings as they
 * were when its first part ran, as if it had run all at once; another batch reads them anew.
 */
describe("a label batch's set-up", () => {
  it("holds for the batch's later parts; a new batch and another company read their own", async () => {
    const orders = Array.from({ length: Labels.FIRST_PART_SIZE + 2 }, (_, i) => shopOrderFixture(i + 1));
    const company = await shippingCompany({ yamato: { first: 33_400_000_000 }, orders });
    const other = await shippingCompany({ yamato: { first: 33_500_000_000 }, orders: [shopOrderFixture(1)] });
    const { account, call, ids } = company;
    const first = ids.slice(0, Labels.FIRST_PART_SIZE);
    const [second, third] = ids.slice(Labels.FIRST_PART_SIZE);

    const { label_id: labelId } = await asUser(account, () => Labels.requestLabels({ order_ids: ids }));
    const part0 = await asUser(account, () => LabelRun.runPart(labelId, 0, first));
    expect(part0).toMatchObject({ autoUploadTracking: false, createdBy: account.userId });
    expect(part0!.shipmentIds).toHaveLength(Labels.FIRST_PART_SIZE);

    // The brand changes while the batch runs: its next part keeps the batch's set-up.
    expect((await call("/brands", "PUT", { auto_upload_tracking: true })).status).toBe(200);
    const part1 = await asUser(account, () => LabelRun.runPart(labelId, 1, [second!]));
    expect(part1).toMatchObject({ autoUploadTracking: false });
    expect(part1!.shipmentIds).toHaveLength(1);

    // A new batch reads the brand as it is now.
    const { label_id: next } = await asUser(account, () => Labels.requestLabels({ order_ids: [third!] }));
    expect(await asUser(account, () => LabelRun.runPart(next, 0, [third!]))).toMatchObject({
      autoUploadTracking: true,
    });

    // The set-up is kept per company: another company's consumer finds no such batch and writes nothing.
    expect(await asUser(other.account, () => LabelRun.runPart(labelId, 1, [second!]))).toBeUndefined();
    expect((await other.call("/shipments")).json.items).toEqual([]);
    const status = (await call(`/shipments/labels?label_id=${labelId}`)).json;
    expect(status.progress).toEqual({ done: Labels.FIRST_PART_SIZE + 1, total: ids.length });
  });
});
