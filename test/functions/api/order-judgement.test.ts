import { Order } from "@okuru/core/entities/order";
import { jstToday } from "@okuru/core/shared/dates";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { asUser } from "../../support/account";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { type Call, shippingCompany } from "../../support/printing";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue } from "../../support/simulators";

/**
 * The エラー tab holds the judgement of the carrier each order ships by, the brand's default
 * carrier included: from the sync that brings the order, after a change of the default
 * carrier (judged again on the order-sync queue), and each day, as requested days pass.
 */

beforeAll(async () => {
  await usePrivateQueue("orderSync");
});

const dayAfter = (days: number) => jstToday(new Date(Date.now() + days * 86_400_000));

async function errorTab(call: Call): Promise<string[]> {
  return ((await call("/orders/ids?tab_key=error")).json.items as { id: string }[]).map((o) => o.id);
}

async function messagesOf(call: Call, id: string): Promise<string[]> {
  return ((await call(`/orders/${id}`)).json.errors as { message: string }[]).map((e) => e.message);
}

describe("the judgement the エラー tab keeps", () => {
  it("follows the brand's default carrier from the sync on, and after the default changes", async () => {
    const company = await shippingCompany({ yamato: { first: 35_100_000_000 } });
    const { account, call } = company;
    const writes = [
      // Yamato takes JIS level 1/2 only; Sagawa prints 髙.
      shopOrderFixture(1, { customer: personFixture({ name: "髙橋 一郎" }) }),
      // Yamato has no 12–14 slot; Sagawa has.
      shopOrderFixture(2, { requestedTimeSlot: "1200" }),
      shopOrderFixture(3),
    ];
    // As the sync writes a page: judged by the carrier each order ships by (here the default, Yamato).
    const ids = await asUser(account, async () => {
      const { judge } = await Order.loadJudge();
      return (await Order.upsertPage(writes, judge)).map((r) => r.orderId);
    });
    expect((await errorTab(call)).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await messagesOf(call, ids[0]!)).toEqual([
      "ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（髙）を使えません。",
    ]);
    expect(await messagesOf(call, ids[1]!)).toEqual(["ヤマト運輸では12時〜14時の時間帯指定はできません"]);

    const sagawa = await call("/sagawa", "POST", {
      name: "佐川急便 自社印刷",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: [{ first: trackingNumberOf(66_610_000_000), last: trackingNumberOf(66_610_000_099) }],
    });
    expect(sagawa.status, sagawa.text).toBe(201);
    expect((await call("/brands/carrier", "PUT", { carrier: "sagawa" })).status).toBe(200);
    // The change asked for a re-judgement; until it runs the tab is as it was.
    expect((await errorTab(call)).sort()).toEqual([ids[0], ids[1]].sort());
    const { handled, failed } = await drainQueue("orderSync", orderSyncHandler);
    expect([handled > 0, failed]).toEqual([true, 0]);
    expect(await errorTab(call)).toEqual([]);
    const counts = (await call("/orders?tab_key=notShipped&limit=1")).json.counts;
    expect([counts.error, counts.notShipped]).toEqual([0, 3]);

    // Back to Yamato: the same two orders again, with the same reasons.
    expect((await call("/brands/carrier", "PUT", { carrier: "yamato" })).status).toBe(200);
    await drainQueue("orderSync", orderSyncHandler);
    expect((await errorTab(call)).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it("tells a requested day that has passed overnight, and a file and a label refuse it the same way", async () => {
    const { account, call } = await shippingCompany({ yamato: "handoff" });
    const tomorrow = dayAfter(1);
    const [order] = await asUser(account, async () => {
      const { judge } = await Order.loadJudge();
      return Order.upsertPage([shopOrderFixture(1, { requestedDeliveryDate: tomorrow })], judge);
    });
    const id = order!.orderId;
    expect(await errorTab(call)).toEqual([]);

    // The day's first tick, two days on.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const judged = await asUser(account, () => Order.rejudgeOpenOrders(later));
    expect(judged).toEqual({ judged: 1, changed: 1 });
    expect(await errorTab(call)).toEqual([id]);
    const reason = `お届け希望日（${tomorrow}）が発送予定日（${jstToday(later)}）より前です。`;
    expect(await messagesOf(call, id)).toEqual([reason]);
    // Judging again changes nothing.
    expect(await asUser(account, () => Order.rejudgeOpenOrders(later))).toEqual({ judged: 1, changed: 0 });
  });

  it("applies an offered replacement with one click, keeping the recipient's other problem on the order", async () => {
    const { account, call } = await shippingCompany({ yamato: "handoff" });
    const [order] = await asUser(account, async () => {
      const { judge } = await Order.loadJudge();
      const phoneIssue = { field: "customer.phone", message: "お届け先の電話番号の桁数が正しくありません。" };
      return Order.upsertPage(
        [
          shopOrderFixture(1, {
            customer: personFixture({ name: "髙橋 一郎", address2: "鷗ハイツ 201", phone: "090-1234-567" }),
            issues: [phoneIssue],
          }),
        ],
        judge,
      );
    });
    const id = order!.orderId;
    const offered = (await call(`/orders/${id}`)).json.errors as { field: string; replacement?: string }[];
    expect(offered.filter((e) => e.replacement).map((e) => [e.field, e.replacement])).toEqual([
      ["customer.name", "高橋 一郎"],
      ["customer.address2", "鴎ハイツ 201"],
    ]);
    for (const field of ["customer.name", "customer.address2"]) {
      const applied = await call(`/orders/${id}/customer/replacement`, "PUT", { field });
      expect(applied.status, applied.text).toBe(200);
    }
    const after = (await call(`/orders/${id}`)).json;
    expect([after.customer.name, after.customer.address2]).toEqual(["高橋 一郎", "鴎ハイツ 201"]);
    expect(after.errors.map((e: { field: string }) => e.field)).toEqual(["customer.phone"]);
    // Nothing left to replace on that field: refused, and nothing changes.
    const again = await call(`/orders/${id}/customer/replacement`, "PUT", { field: "customer.name" });
    expect([again.status, again.json.fields?.field]).toEqual([
      400,
      "この項目に置き換えられる文字はありません。",
    ]);
  });
});
