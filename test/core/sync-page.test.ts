import { dynamo } from "@okuru/core/db/client";
import { Order } from "@okuru/core/entities/order";
import { normalizeOrder } from "@okuru/core/entities/order/normalize";
import type { ImportedOrder } from "@okuru/core/platforms/imported-order";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderEntity } from "../../core/src/entities/order/entity";
import { orderItem } from "../../core/src/entities/order/order-item";
import { OrderSearchEntity, tokenItem } from "../../core/src/entities/order/search-entity";
import { DELIVERY_TIMES, generateSeedOrders } from "../../dev/src/simulators/seed-orders";
import { asUser, testAccount } from "../support/account";
import { kyotoAddress, personFixture, shopOrderFixture } from "../support/orders";

/** Orders 1–n of one test shop, as a sync page writes them. */
const shopOrders = (from: number, count: number, overrides: Partial<Order.ShopOrderWrite> = {}) =>
  Array.from({ length: count }, (_, i) => shopOrderFixture(from + i, overrides));

const later = (order: Order.ShopOrderWrite, seconds: number) =>
  new Date(Date.parse(order.purchasedAt) + seconds * 1000).toISOString();

const idOf = (order: Order.ShopOrderWrite) =>
  Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);

async function allOf(tab: Order.ListQuery["tab"]) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof Order.list>> = await Order.list({ tab }, { cursor, limit: 100 });
    ids.push(...page.items.map((o) => o.orderId));
    cursor = page.cursor;
  } while (cursor);
  return ids;
}

async function found(search: string) {
  return (await Order.list({ tab: "notShipped", search })).items.map((o) => o.orderId);
}

describe("Order.upsertPage, as a sync step writes a page", () => {
  it("writes new, changed and unchanged orders of one page with the right items, tokens and counts", async () => {
    const account = await testAccount();
    const [kept, first, cancelled, edited] = shopOrders(1, 4);
    const changed = { ...first!, customer: personFixture({ name: "旧名 太郎" }) };
    await asUser(account, async () => {
      expect((await Order.upsertPage([kept!, changed, cancelled!, edited!])).map((r) => r.outcome)).toEqual([
        "created",
        "created",
        "created",
        "created",
      ]);
      await Order.updateCustomer(idOf(edited!), {
        name: "山田 花子",
        name_kana: "ヤマダ ハナコ",
        company: "",
        ...kyotoAddress,
      });

      const fresh = shopOrderFixture(5, {
        customer: personFixture({ name: "新井 次郎", phone: "090-2222-3333" }),
      });
      const page = [
        kept!,
        { ...changed, platformUpdatedAt: later(changed, 60), customer: personFixture({ name: "変更 後子" }) },
        { ...cancelled!, platformUpdatedAt: later(cancelled!, 60), platformStatus: "cancelled" as const },
        {
          ...edited!,
          platformUpdatedAt: later(edited!, 60),
          customer: personFixture({ address2: "別棟 9" }),
        },
        fresh,
        // The same order twice on a page (changed in the shop while it was read): the newer wins.
        { ...fresh, platformUpdatedAt: later(fresh, 30), note: "二度目" },
      ];
      const results = await Order.upsertPage(page);
      expect(results.map((r) => r.outcome)).toEqual([
        "unchanged",
        "updated",
        "updated",
        "updated",
        "created",
        "updated",
      ]);
      expect(results.map((r) => r.orderId)).toEqual(page.map(idOf));

      const stored = await Order.get(idOf(fresh));
      expect(stored).toMatchObject({ note: "二度目", platformUpdatedAt: later(fresh, 30) });
      expect((await Order.get(idOf(changed))).customer).toMatchObject({ name: "変更 後子" });
      expect((await Order.get(idOf(cancelled!))).shipmentStatus).toBe("cancelled");
      // The merchant's recipient stays; the shop's change waits beside it.
      const mine = await Order.get(idOf(edited!));
      expect((mine.customer as Order.StoredPerson).name).toBe("山田 花子");
      expect(Order.serialize(mine).shop_changes).toMatchObject({ customer: { address2: "別棟 9" } });

      // Tokens follow the orders: the new name is found, the replaced one no longer.
      expect(await found("新井次郎")).toEqual([idOf(fresh)]);
      expect(await found("09022223333")).toEqual([idOf(fresh)]);
      expect(await found("変更後子")).toEqual([idOf(changed)]);
      expect(await found("旧名太郎")).toEqual([]);
      expect(await found("山田花子")).toEqual([idOf(edited!)]);
      expect(await Order.counts()).toMatchObject({ notShipped: 4, cancelled: 1, error: 0 });

      // Reading the same page again writes nothing and counts nothing.
      expect((await Order.upsertPage(page)).every((r) => r.outcome === "unchanged")).toBe(true);
      expect(await Order.counts()).toMatchObject({ notShipped: 4, cancelled: 1, error: 0 });
    });
  });

  it("syncing 1,000 orders twice in pages of 40 yields exactly 1,000, counted once", async () => {
    const account = await testAccount();
    const orders = shopOrders(1, 1000, { shopId: "shop_01JTESTSHOP0000000000PAGE" });
    // Every tenth order has an issue, so the error tab's count is checked too.
    for (const [i, order] of orders.entries())
      if (i % 10 === 0) order.issues = [{ field: "customer.phone", message: "電話番号がありません。" }];
    await asUser(account, async () => {
      for (let run = 0; run < 2; run += 1) {
        const outcomes = new Set<string>();
        // Pages written concurrently, as a sync step keeps several in flight.
        const pages = Array.from({ length: 25 }, (_, p) => orders.slice(p * 40, p * 40 + 40));
        for (let p = 0; p < pages.length; p += 3)
          for (const results of await Promise.all(
            pages.slice(p, p + 3).map((page) => Order.upsertPage(page)),
          ))
            for (const r of results) outcomes.add(r.outcome);
        expect([...outcomes]).toEqual([run === 0 ? "created" : "unchanged"]);
        expect(await Order.counts()).toMatchObject({ notShipped: 1000, error: 100 });
      }
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof Order.list>> = await Order.list(
          { tab: "notShipped" },
          { cursor, limit: 100 },
        );
        ids.push(...page.items.map((o) => o.orderId));
        cursor = page.cursor;
      } while (cursor);
      expect(new Set(ids).size).toBe(1000);
      expect(ids.length).toBe(1000);
    });
  });

  it("leaves an order its webhook created after the page read it as the newer of the two, counted once", async () => {
    const account = await testAccount();
    const orders = shopOrders(1, 40);
    // Half the webhooks carry a newer version than the page's copy (every other one of
    // them cancelled in the shop), the other half an older one; each copy names its own
    // recipient.
    const newerByWebhook = (i: number) => i % 2 === 0;
    const webhooks = orders.map((order, i) =>
      newerByWebhook(i)
        ? {
            ...order,
            platformUpdatedAt: later(order, 60),
            customer: personFixture({ name: "新名 花子" }),
            note: "webhook",
            platformStatus: i % 4 === 0 ? ("cancelled" as const) : order.platformStatus,
          }
        : order,
    );
    const page = orders.map((order, i) =>
      newerByWebhook(i)
        ? { ...order, customer: personFixture({ name: "旧名 三郎" }) }
        : {
            ...order,
            platformUpdatedAt: later(order, 60),
            customer: personFixture({ name: "頁 次郎" }),
            note: "page",
          },
    );
    // The webhooks, 40 writers at once, land between the page's BatchGet (which found none
    // of the orders) and its writes: the SDK answers that BatchGet only once they are done.
    const client = dynamo();
    let racing: Promise<unknown> | undefined;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const answer = await next(args);
        if (!racing && /BatchGet/.test(context.commandName ?? "")) {
          racing = Promise.all(webhooks.map((order) => Order.upsertFromShop(order)));
          await racing;
        }
        return answer;
      },
      { step: "initialize", name: "webhooksAfterBatchGet" },
    );
    await asUser(account, async () => {
      let results: Order.UpsertResult[];
      try {
        results = await Order.upsertPage(page);
      } finally {
        client.middlewareStack.remove("webhooksAfterBatchGet");
      }
      expect(racing).toBeDefined();
      expect(results.map((r) => r.outcome)).toEqual(
        orders.map((_, i) => (newerByWebhook(i) ? "unchanged" : "updated")),
      );

      for (const [i, order] of orders.entries()) {
        const stored = await Order.get(idOf(order));
        expect(stored.note).toBe(newerByWebhook(i) ? "webhook" : "page");
        expect((stored.customer as Order.StoredPerson).name).toBe(
          newerByWebhook(i) ? "新名 花子" : "頁 次郎",
        );
      }
      // The whole company: each tab's count is its list, each order in one of them.
      const idsWhere = (keep: (i: number) => boolean) =>
        orders
          .filter((_, i) => keep(i))
          .map(idOf)
          .sort();
      expect(await Order.counts()).toMatchObject({ notShipped: 30, cancelled: 10, error: 0 });
      expect((await allOf("notShipped")).sort()).toEqual(idsWhere((i) => i % 4 !== 0));
      expect((await allOf("cancelled")).sort()).toEqual(idsWhere((i) => i % 4 === 0));
      // Search finds each order by the name it has, not by a copy's the page wrote first.
      expect((await found("新名花子")).sort()).toEqual(idsWhere((i) => i % 4 === 2));
      expect((await found("頁次郎")).sort()).toEqual(idsWhere((i) => !newerByWebhook(i)));
      expect(await found("旧名三郎")).toEqual([]);
    });
  });

  it("builds each token item exactly as ElectroDB would", () => {
    for (const token of [
      "name:山田太郎",
      "mail:a#b_c@example.jp",
      "tel:0312345678",
      "no:#1001",
      "kana:$x\uE001",
    ]) {
      const input = {
        tenantId: "com_01JABCDEFGHJKMNPQRSTVWXYZ0",
        shard: token.slice(0, token.indexOf(":") + 2),
        token,
        orderId: "ord_01JABCDEFGHJKMNPQRSTVWXYZ0",
        purchasedAt: "2026-11-01T00:00:00.000Z",
      };
      expect(tokenItem(input)).toEqual(OrderSearchEntity.put(input).params().Item);
    }
  });

  describe("each new order's item", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Seeded shop orders as an adapter reads them: every kind a shop sends, and customers' mistakes. */
    const hardOrders = (): ImportedOrder[] =>
      generateSeedOrders({ count: 400, seed: 8, daysBack: 20, mistakes: 0.15 }).map((o, i) => ({
        platform: i % 5 === 0 ? "ecforce" : "shopify",
        platformOrderId: i % 5 === 0 ? String(90_000 + i) : `gid://shopify/Order/${6_000_000 + i}`,
        orderNumber: i % 5 === 0 ? String(o.number) : `#${o.number}`,
        purchasedAt: o.createdAt,
        platformUpdatedAt: o.createdAt,
        email: o.email,
        purchaser: o.purchaser,
        recipient: o.recipient,
        lineItems: o.lineItems.map((item, n) => ({ platformLineItemId: `li${i}-${n}`, ...item })),
        totalAmount: o.lineItems.reduce((sum, item) => sum + item.unitPrice * item.quantity, o.shippingFee),
        codAmount: o.payment === "cod" ? 5000 : null,
        paymentMethodName: o.payment,
        requestedDeliveryDate: o.deliveryDate,
        // Every wording of the delivery-date apps, and one no slot reads (an issue on the order).
        requestedTimeSlot: i % 40 === 39 ? "夕方ごろ" : o.deliveryTime,
        note: o.note,
        fulfillmentStatus:
          o.state === "fulfilled"
            ? "fulfilled"
            : o.state === "partially_fulfilled"
              ? "partially_fulfilled"
              : "unfulfilled",
        cancelled: o.state === "cancelled",
        fulfillmentOrders:
          i % 7 === 0
            ? [
                {
                  id: `fo${i}`,
                  status: "OPEN",
                  lineItems: [
                    { id: "fol1", platformLineItemId: `li${i}-0`, remainingQuantity: 1, totalQuantity: 1 },
                  ],
                },
              ]
            : [],
      }));

    it("is built exactly as ElectroDB builds it, for every kind of order a shop sends", () => {
      // ElectroDB stamps createdAt and updatedAt from the clock, each on its own call.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-23T09:00:00.000Z") });
      const tenantId = "com_01JABCDEFGHJKMNPQRSTVWXYZ0";
      const items = hardOrders().map((imported, i) =>
        Order.newOrderItem(
          tenantId,
          Order.ShopOrderWrite.parse(
            normalizeOrder(imported, {
              shopId: `shop_01JTESTSHOP0000000000000${i % 2}`,
              ...(imported.platform === "shopify" ? { shopUrl: "https://okuru-test.myshopify.com" } : {}),
            }),
          ),
        ),
      );
      // The hard cases are all there: old kanji, gifts, cash on delivery, every slot, issues, each status.
      const names = items.map((item) => `${item.customer.name}${item.purchaser.name}`).join("");
      expect(names).toMatch(/髙/);
      expect(names).toMatch(/﨑/);
      expect(items.some((item) => item.isGift)).toBe(true);
      expect(items.some((item) => item.codAmount !== undefined)).toBe(true);
      expect(new Set(items.map((item) => item.requestedTimeSlot))).toEqual(
        new Set([undefined, "0900", "1200", "1400", "1600", "1800", "1900"]),
      );
      expect(DELIVERY_TIMES.length).toBeGreaterThan(6);
      expect(new Set(items.map((item) => item.isError))).toEqual(new Set([true, false]));
      expect(new Set(items.map((item) => item.shipmentStatus))).toEqual(
        new Set(["notShipped", "partiallyShipped", "shipped", "cancelled"]),
      );
      expect(new Set(items.map((item) => item.platform))).toEqual(new Set(["shopify", "ecforce"]));

      for (const item of items) expect(orderItem(item)).toStrictEqual(OrderEntity.put(item).params().Item);
      // The error index holds only the orders with issues (ElectroDB's sparse index).
      const withError = items.find((item) => item.isError)!;
      expect(orderItem(withError)).toHaveProperty("gsi2pk");
      expect(orderItem(items.find((item) => !item.isError)!)).not.toHaveProperty("gsi2pk");
      expect(orderItem(withError)).toMatchObject({
        createdAt: "2026-11-23T09:00:00.000Z",
        updatedAt: "2026-11-23T09:00:00.000Z",
      });
    });
  });
});
