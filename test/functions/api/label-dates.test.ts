import { beforeAll, describe, expect, it } from "vitest";
import { handler as labelJob } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob", {});
});

describe("a requested delivery day already gone", () => {
  it("is refused by the label batch with the words the carrier file uses, and the other orders print", async () => {
    const { call, ids } = await shippingCompany({
      yamato: { first: 44_700_000_000, count: 20 },
      orders: [shopOrderFixture(1, { requestedDeliveryDate: "2020-01-06" }), shopOrderFixture(2)],
    });
    const [late, plain] = ids as [string, string];
    const file = await call("/exports", "POST", { format: "yamato_b2", order_ids: [late] });
    expect(file.status, file.text).toBe(201);
    const fileReason = (file.json.excluded as { reasons: { message: string }[] }[])[0]!.reasons[0]!.message;
    expect(fileReason).toMatch(/^お届け希望日（2020-01-06）が発送予定日（\d{4}-\d{2}-\d{2}）より前です。$/);

    const accepted = await call("/shipments/labels", "POST", { order_ids: [late, plain] });
    expect(accepted.status, accepted.text).toBe(202);
    await drainQueue("labelJob", labelJob);
    const status = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    expect(
      status.results.map((r: { order_id: string; error: string | null }) => [r.order_id, r.error]),
    ).toEqual([
      [late, fileReason],
      [plain, null],
    ]);
  }, 60_000);
});
