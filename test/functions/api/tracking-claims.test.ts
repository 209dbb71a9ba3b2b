import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { shipmentViolations } from "../../support/shipment-invariants";

/**
 * A tracking number is live on at most one shipment, and an order's parcel slot holds
 * one live shipment, whatever runs at once: 20 writers on one order (typed numbers,
 * resets, issued-data imports), one number typed on 20 orders. After every race the
 * whole company is read back and every claim, live parcel and label summary checked.
 */

const typed = (tracking_number: string) => ({ carrier_name: "西濃運輸", tracking_number });

async function company(orders: number) {
  return shippingCompany({
    yamato: { first: 70_000_000, count: 100 },
    orders: Array.from({ length: orders }, (_, i) => shopOrderFixture(i + 1)),
  });
}

async function liveTyped(call: Call, orderId: string) {
  const res = await call(`/shipments?order_id=${orderId}`);
  expect(res.status).toBe(200);
  return (res.json.items as { status: string; source: string; tracking_number: string }[]).filter(
    (s) => s.source === "manual" && s.status !== "cancelled",
  );
}

/** Every answer of a race is a success or a clear refusal, never a server error. */
function expectNoServerError(answers: { status: number; text: string }[]) {
  for (const answer of answers) expect(answer.status, answer.text).toBeLessThan(500);
}

describe("one live number per shipment, one live shipment per parcel", () => {
  it("20 typed numbers saved at once on one order leave one live, the one its delivery names", async () => {
    const { call, ids, account } = await company(1);
    const orderId = ids[0]!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(`/orders/${orderId}/delivery/sss`, "PUT", typed(`5000-0000-${String(i).padStart(4, "0")}`)),
      ),
    );
    expectNoServerError(answers);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(await shipmentViolations(account.tenantId)).toEqual([]);
    const order = (await call(`/orders/${orderId}`)).json;
    const live = await liveTyped(call, orderId);
    expect(live).toHaveLength(1);
    expect(live[0]!.tracking_number).toBe(order.delivery.tracking_number);
  }, 120_000);

  it("the same number saved 20 times at once is one shipment", async () => {
    const { call, ids, account } = await company(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(`/orders/${ids[0]}/delivery/sss`, "PUT", typed("5111-2222-3333")),
      ),
    );
    expectNoServerError(answers);
    expect(await shipmentViolations(account.tenantId)).toEqual([]);
    expect(await liveTyped(call, ids[0]!)).toHaveLength(1);
  }, 120_000);

  it("one number typed on 20 orders at once is live on one of them", async () => {
    const { call, ids, account } = await company(20);
    const answers = await Promise.all(
      ids.map((id) => call(`/orders/${id}/delivery/sss`, "PUT", typed("5999-0000-0001"))),
    );
    expectNoServerError(answers);
    expect(await shipmentViolations(account.tenantId)).toEqual([]);
    const holders = (await Promise.all(ids.map((id) => liveTyped(call, id)))).flat();
    expect(holders).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 400).every((a) => a.json.code === "shipment.tracking_number_taken"),
    ).toBe(true);
  }, 120_000);

  it("typed numbers and resets racing on one order end with the delivery and its shipment agreeing", async () => {
    const { call, ids, account } = await company(1);
    const orderId = ids[0]!;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2
          ? call(`/orders/${orderId}/delivery`, "DELETE")
          : call(`/orders/${orderId}/delivery/sss`, "PUT", typed(`5222-0000-${String(i).padStart(4, "0")}`)),
      ),
    );
    expectNoServerError(answers);
    expect(await shipmentViolations(account.tenantId)).toEqual([]);
    const order = (await call(`/orders/${orderId}`)).json;
    expect(await liveTyped(call, orderId)).toHaveLength(order.delivery?.carrier === "sss" ? 1 : 0);

    // A reset after the race retires what the typed numbers made.
    expect((await call(`/orders/${orderId}/delivery`, "DELETE")).status).toBe(200);
    expect(await liveTyped(call, orderId)).toHaveLength(0);
    expect((await call(`/orders/${orderId}`)).json.labels).toBeNull();
    expect(await shipmentViolations(account.tenantId)).toEqual([]);
  }, 120_000);

  it("numbers imported at once take distinct parcels, and one number imported for 20 orders goes to one", async () => {
    const { token, ids, account } = await company(20);
    const importLines = (lines: string[]) =>
      callApi("/api/imports", {
        method: "POST",
        token,
        body: {
          format: "order_numbers",
          carrier: "yamato",
          content_base64: iconv.encode(`${lines.join("\r\n")}\r\n`, "cp932").toString("base64"),
        },
      });
    // Twenty files at once, each one number for order #1001: twenty parcels of that order.
    const forOne = await Promise.all(
      Array.from({ length: 20 }, (_, i) => importLines([`#1001,${trackingNumberOf(80_000_000 + i)}`])),
    );
    expectNoServerError(forOne);
    // Twenty files at once, each the same number for another order: it goes to one of them.
    const shared = trackingNumberOf(81_000_000);
    const forMany = await Promise.all(ids.slice(1).map((_, i) => importLines([`#${1002 + i},${shared}`])));
    expectNoServerError(forMany);
    expect(await shipmentViolations(account.tenantId)).toEqual([]);

    const call = (path: string) => callApi(`/api${path}`, { token });
    const first = (await call(`/shipments?order_id=${ids[0]}`)).json.items as { parcel: number }[];
    expect(new Set(first.map((s) => s.parcel)).size).toBe(first.length);
    const holders = (
      await Promise.all(ids.slice(1).map(async (id) => (await call(`/shipments?order_id=${id}`)).json.items))
    ).flat();
    expect(holders).toHaveLength(1);
  }, 120_000);
});
