import { ActorContext } from "@okuru/core/actor";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderEntity } from "../../../core/src/entities/order/entity";
import { recountLabels } from "../../../core/src/workflows/maintenance/recount-labels";
import { handler } from "../../../functions/src/queue/label-job";
import { shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { shipmentViolations } from "../../support/shipment-invariants";
import { drainQueue } from "../../support/simulators";

beforeAll(async () => {
  await usePrivateQueue("labelJob");
});

/**
 * npm run recount-labels: orders labelled before the order kept labelsTyped and its
 * numbers read 送り状発行済み for a typed number and, once that number was cancelled, a
 * typed count of −1. The repair counts each order again from its live shipments.
 */
describe("recounting a company's label summaries", () => {
  it("gives orders labelled before the summary was kept their typed count and numbers, and changes nothing twice", async () => {
    const { call, ids, account } = await shippingCompany({
      yamato: { first: 45_400_000_000, count: 10 },
      orders: [1, 2, 3, 4].map((n) => shopOrderFixture(n)),
    });
    const issued = await call("/shipments/labels", "POST", { order_ids: [ids[0], ids[1]] });
    expect(issued.status, issued.text).toBe(202);
    await drainQueue("labelJob", handler);
    const typed = await call(`/orders/${ids[2]}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "2345-6789-0123",
    });
    expect(typed.status, typed.text).toBe(200);
    const cancelledTyped = await call(`/orders/${ids[3]}/delivery/sss`, "PUT", {
      carrier_name: "福山通運",
      tracking_number: "3456-7890-1234",
    });
    expect(cancelledTyped.status, cancelledTyped.text).toBe(200);
    const reset = await call(`/orders/${ids[3]}/delivery`, "DELETE");
    expect(reset.status, reset.text).toBe(200);

    // As the orders stood before: no typed counts, no numbers, and the typed number
    // cancelled since has taken the typed count below zero.
    const { tenantId } = account;
    for (const orderId of ids.slice(0, 3))
      await OrderEntity.patch({ tenantId, orderId: orderId! })
        .set({ labelsTyped: 0 })
        .remove(["liveNumbers"])
        .go();
    await OrderEntity.patch({ tenantId, orderId: ids[3]! }).set({ labelsTyped: -1 }).go();
    expect((await call(`/orders/${ids[2]}`)).json.labels).toMatchObject({ live: 1, typed: 0 });
    expect(await shipmentViolations(tenantId)).not.toEqual([]);

    const recount = () =>
      ActorContext.with({ type: "system", properties: { tenantId } }, () => recountLabels());
    expect(await recount()).toEqual({ orders: 4, corrected: 4 });
    expect(await shipmentViolations(tenantId)).toEqual([]);
    // The typed number reads 追跡番号登録済み again; the printed ones keep their numbers.
    expect((await call(`/orders/${ids[2]}`)).json.labels).toMatchObject({ live: 1, typed: 1 });
    const order3 = (await OrderEntity.get({ tenantId, orderId: ids[3]! }).go()).data!;
    expect([order3.labelsLive, order3.labelsTyped, order3.liveNumbers]).toEqual([0, 0, undefined]);
    expect(await recount()).toEqual({ orders: 4, corrected: 0 });
  });
});
