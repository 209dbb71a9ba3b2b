import { countStatus } from "@okuru/core/entities/shipment/counts";
import { beforeAll, describe, expect, it } from "vitest";
import { handler } from "../../../functions/src/queue/label-job";
import { asUser } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  // A label-job queue of this file's own, so the drain sees only these batches.
  await usePrivateQueue("labelJob");
});

/** A company with a Yamato self-printed account and `orders` orders that can ship. */
function printingCompany(orders: number, firstNumber: number) {
  return shippingCompany({
    yamato: { first: firstNumber },
    orders: Array.from({ length: orders }, (_, i) => shopOrderFixture(i + 1)),
  });
}

describe("GET /api/shipments/counts", () => {
  it("counts each status of the company's shipments, and only the company's", async () => {
    const a = await printingCompany(3, 33_410_000_000);
    const b = await printingCompany(0, 33_420_000_000);
    expect((await a.call("/shipments/counts")).json).toEqual({
      counts: {
        issued: { count: 0, capped: false },
        isShipped: { count: 0, capped: false },
        cancelled: { count: 0, capped: false },
      },
    });

    const accepted = await a.call("/shipments/labels", "POST", { order_ids: a.ids });
    expect(accepted.status).toBe(202);
    await drainQueue("labelJob", handler);
    const history = await a.call("/shipments?status=issued");
    expect(history.json.items).toHaveLength(3);
    const cancelled = await a.call(`/shipments/${history.json.items[0].id}/cancel`, "PUT");
    expect(cancelled.status).toBe(200);

    const counts = await a.call("/shipments/counts");
    expect(counts.status).toBe(200);
    expect(counts.json.counts).toEqual({
      issued: { count: 2, capped: false },
      isShipped: { count: 0, capped: false },
      cancelled: { count: 1, capped: false },
    });
    // The same figures as the tabs' own lists.
    expect((await a.call("/shipments?status=cancelled")).json.items).toHaveLength(1);

    // Another company counts none of them.
    expect((await b.call("/shipments/counts")).json.counts.issued).toEqual({ count: 0, capped: false });
    // `/counts` is the counts, not a shipment by id; without a sign-in it is refused.
    expect((await callApi("/api/shipments/counts")).status).toBe(401);

    // A count stops at its cap and says so (the screen shows 「10,000+」).
    expect(await asUser(a.account, () => countStatus("issued", 2))).toEqual({ count: 2, capped: true });
    expect(await asUser(a.account, () => countStatus("issued", 3))).toEqual({ count: 2, capped: false });
  });
});
