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

  it("leaves every summary true when 50 writers type, replace and reset numbers while three recounts run again and again", async () => {
    const { call, ids, account } = await shippingCompany({
      yamato: { first: 45_500_000_000, count: 10 },
      orders: Array.from({ length: 8 }, (_, n) => shopOrderFixture(n + 1)),
    });
    const { tenantId } = account;
    const issued = await call("/shipments/labels", "POST", { order_ids: ids.slice(0, 4) });
    expect(issued.status, issued.text).toBe(202);
    await drainQueue("labelJob", handler);
    // Every summary as an older version left it, so each recount has writes to make while
    // the writers change the same orders.
    for (const orderId of ids)
      await OrderEntity.patch({ tenantId, orderId: orderId! })
        .set({ labelsTyped: -1 })
        .remove(["liveNumbers"])
        .go();
    expect(await shipmentViolations(tenantId)).not.toEqual([]);

    const recount = () =>
      ActorContext.with({ type: "system", properties: { tenantId } }, () => recountLabels());
    const typedOrders = ids.slice(4);
    const writers = Array.from({ length: 50 }, (_, i) => {
      const orderId = typedOrders[i % typedOrders.length];
      return i % 5 === 4
        ? call(`/orders/${orderId}/delivery`, "DELETE")
        : call(`/orders/${orderId}/delivery/sss`, "PUT", {
            carrier_name: "西濃運輸",
            tracking_number: `2345-6789-${String(1000 + i)}`,
          });
    });
    let writing = true;
    const allWritten = Promise.all(writers).finally(() => {
      writing = false;
    });
    // Each of three operators recounts again and again while the writers run, so reads and
    // writes of the same orders interleave.
    const recounting = Array.from({ length: 3 }, async () => {
      do await recount();
      while (writing);
    });
    const [written] = await Promise.all([allWritten, ...recounting]);
    // A writer that lost a race on its order is told so (409) rather than half-written.
    expect(written.filter(({ status }) => status !== 200 && status !== 409).map(({ text }) => text)).toEqual(
      [],
    );
    expect(written.filter(({ status }) => status === 200).length).toBeGreaterThan(0);
    expect(await shipmentViolations(tenantId)).toEqual([]);
  });
});
