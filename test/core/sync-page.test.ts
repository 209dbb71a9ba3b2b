import { Order } from "@okuru/core/order";
import { describe, expect, it } from "vitest";
import { OrderSearchEntity, tokenItem } from "../../core/src/order/search-entity";
import { asUser, testAccount } from "../support/account";
import { personFixture, shopOrderFixture } from "../support/orders";

/** Orders 1–n of one test shop, as a sync page writes them. */
const shopOrders = (from: number, count: number, overrides: Partial<Order.ShopOrderWrite> = {}) =>
  Array.from({ length: count }, (_, i) => shopOrderFixture(from + i, overrides));

const later = (order: Order.ShopOrderWrite, seconds: number) =>
  new Date(Date.parse(order.purchasedAt) + seconds * 1000).toISOString();

const idOf = (order: Order.ShopOrderWrite) =>
  Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);

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
        postal_code: "6048005",
        prefecture: "京都府",
        city: "京都市中京区",
        address1: "恵比須町534-40",
        address2: "",
        phone: "075-123-4567",
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
});
