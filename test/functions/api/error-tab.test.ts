import type { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { senderFixture } from "../../support/senders";

/**
 * The エラー tab never loses an order: after each kind of write an error order goes
 * through (a carrier file, a sender, archive and restore, a delivery, a typed number,
 * an import of numbers), every tab's count equals the ids it lists, and every order
 * with `is_error` is listed in the エラー tab.
 */

/** Orders #1001–#1006; the even ones carry a problem from the shop (so they are in the エラー tab). */
const problem: Order.OrderIssue = { field: "delivery.time_slot", message: "指定できない時間帯です。" };
const orders = Array.from({ length: 6 }, (_, i) =>
  shopOrderFixture(i + 1, i % 2 ? { issues: [problem] } : {}),
);

async function expectTabsAgree(call: Call, step: string) {
  const counts = (await call("/orders?tab_key=notShipped&limit=1")).json.counts as Record<string, number>;
  for (const [tab, count] of Object.entries(counts)) {
    const listed = await call(`/orders/ids?tab_key=${tab}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.items.length, `${step}: tab ${tab} counts ${count}`).toBe(count);
  }
  const errorIds = new Set(
    ((await call("/orders/ids?tab_key=error")).json.items as { id: string }[]).map((o) => o.id),
  );
  for (const tab of ["notShipped", "archived"]) {
    const page = await call(`/orders?tab_key=${tab}`);
    for (const order of page.json.items as { id: string; is_error: boolean }[])
      expect(errorIds.has(order.id), `${step}: ${order.id} is_error ${order.is_error}`).toBe(order.is_error);
  }
}

describe("the エラー tab after every kind of write", () => {
  it("lists every order that has errors and counts what it lists", async () => {
    const { call, ids } = await shippingCompany({ yamato: "handoff", orders });
    const errorOrders = ids.filter((_, i) => i % 2);
    await expectTabsAgree(call, "synced");
    expect((await call("/orders/ids?tab_key=error")).json.items).toHaveLength(3);

    const exported = await call("/exports", "POST", { format: "yamato_b2", order_ids: ids });
    expect(exported.status, exported.text).toBe(201);
    await expectTabsAgree(call, "exported");

    const sender = await call("/senders", "POST", senderFixture());
    expect(sender.status, sender.text).toBe(201);
    const senderSet = await call("/orders/bulk_update", "PUT", {
      ids,
      action: "set_sender",
      sender_id: sender.json.id,
    });
    expect(senderSet.status, senderSet.text).toBe(200);
    await expectTabsAgree(call, "sender set in bulk");
    expect((await call(`/orders/${errorOrders[0]}/sender`, "PUT", { sender_id: null })).status).toBe(200);
    await expectTabsAgree(call, "sender of one order");

    for (const action of ["archive", "restore"]) {
      const moved = await call("/orders/bulk_update", "PUT", { ids: errorOrders, action });
      expect(moved.status, moved.text).toBe(200);
      await expectTabsAgree(call, action);
    }

    const typed = await call(`/orders/${errorOrders[1]}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "1234-5678-9012",
    });
    expect(typed.status, typed.text).toBe(200);
    await expectTabsAgree(call, "typed number");
    expect((await call(`/orders/${errorOrders[1]}/delivery`, "DELETE")).status).toBe(200);
    await expectTabsAgree(call, "delivery reset");

    const carrierSet = await call("/orders/bulk_update", "PUT", {
      ids,
      action: "set_carrier",
      carrier: "yamato",
    });
    expect(carrierSet.status, carrierSet.text).toBe(200);
    await expectTabsAgree(call, "carrier set in bulk");
  }, 120_000);
});
