import { dynamo } from "@okuru/core/db/client";
import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { queriesFor } from "../../core/src/entities/order/search";
import { asUser, testAccount } from "../support/account";
import { kyotoAddress, personFixture, shopOrderFixture } from "../support/orders";

const person = personFixture;

let sequence = 0;
const shopOrder = (overrides: Partial<Order.ShopOrderWrite> = {}) => shopOrderFixture(++sequence, overrides);

async function allOf(query: Order.ListQuery) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const result: Awaited<ReturnType<typeof Order.list>> = await Order.list(query, { cursor, limit: 40 });
    ids.push(...result.items.map((o) => o.orderId));
    cursor = result.cursor;
  } while (cursor);
  return ids;
}

/** The ids a search of the 未発送 tab finds. */
async function searched(search: string) {
  return (await Order.list({ tab: "notShipped", search })).items.map((o) => o.orderId);
}

/**
 * Runs `work` with DynamoDB refusing its first BatchWrite (search tokens), as a throttled or
 * timed-out request would: a webhook then answers 500 and the shop delivers the order again.
 */
async function refusingFirstBatchWrite<T>(work: () => Promise<T>): Promise<T> {
  const client = dynamo();
  let refused = false;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!refused && /BatchWrite/.test(context.commandName ?? "")) {
        refused = true;
        throw Object.assign(new Error("connect ETIMEDOUT"), { name: "TimeoutError" });
      }
      return next(args);
    },
    { step: "initialize", name: "refuseFirstBatchWrite" },
  );
  try {
    return await work();
  } finally {
    client.middlewareStack.remove("refuseFirstBatchWrite");
    expect(refused).toBe(true);
  }
}

describe("Order.upsertFromShop", () => {
  it("syncing the same 120 orders twice yields exactly 120, counted once", async () => {
    const account = await testAccount();
    const orders = Array.from({ length: 120 }, () => shopOrder());
    await asUser(account, async () => {
      const first = await Order.upsertPage(orders);
      const second = await Order.upsertPage(orders);
      expect(first.every((r) => r.outcome === "created")).toBe(true);
      expect(second.every((r) => r.outcome === "unchanged")).toBe(true);
      expect(await allOf({ tab: "notShipped" })).toHaveLength(120);
      expect((await Order.counts()).notShipped).toBe(120);
    });
  });

  it("a webhook and a scheduled run racing on one order leave one record with the newest version", async () => {
    const account = await testAccount();
    const base = shopOrder();
    const later = new Date(Date.parse(base.purchasedAt) + 60_000).toISOString();
    const newest = new Date(Date.parse(base.purchasedAt) + 120_000).toISOString();
    await asUser(account, async () => {
      await Promise.all([
        Order.upsertFromShop(base),
        Order.upsertFromShop({
          ...base,
          platformUpdatedAt: newest,
          note: "最新",
          platformStatus: "cancelled",
        }),
        Order.upsertFromShop({ ...base, platformUpdatedAt: later, note: "途中" }),
        Order.upsertFromShop(base),
      ]);
      const id = Order.idOf(base.shopId, base.platformOrderId, base.purchasedAt);
      const order = await Order.get(id);
      expect(order).toMatchObject({ note: "最新", shipmentStatus: "cancelled", platformUpdatedAt: newest });
      expect(await allOf({ tab: "cancelled" })).toEqual([id]);
      expect(await allOf({ tab: "notShipped" })).toEqual([]);
      const counts = await Order.counts();
      expect(counts.cancelled).toBe(1);
      expect(counts.notShipped).toBe(0);
    });
  });

  it("an older or replayed version never overwrites a newer one", async () => {
    const account = await testAccount();
    const base = shopOrder();
    const newer = {
      ...base,
      platformUpdatedAt: new Date(Date.parse(base.purchasedAt) + 1000).toISOString(),
      note: "新",
    };
    await asUser(account, async () => {
      await Order.upsertFromShop(newer);
      expect((await Order.upsertFromShop(base)).outcome).toBe("unchanged");
      expect((await Order.get(Order.idOf(base.shopId, base.platformOrderId, base.purchasedAt))).note).toBe(
        "新",
      );
    });
  });

  it("finds by search an order whose first delivery failed while writing it, once the shop delivers it again", async () => {
    const account = await testAccount();
    const order = shopOrder({ customer: person({ name: "髙﨑 花子", nameKana: "タカサキ ハナコ" }) });
    const id = Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);
    await asUser(account, async () => {
      await expect(refusingFirstBatchWrite(() => Order.upsertFromShop(order))).rejects.toThrow("ETIMEDOUT");
      expect((await Order.upsertFromShop(order)).outcome).toBe("created");
      expect(await searched("髙﨑花子")).toEqual([id]);
      expect(await allOf({ tab: "notShipped" })).toEqual([id]);
      expect((await Order.counts()).notShipped).toBe(1);
    });
  });

  it("finds an order by the name a delivery changed it to, when that delivery failed while writing it", async () => {
    const account = await testAccount();
    const order = shopOrder({ customer: person({ name: "山崎 太郎", nameKana: "ヤマサキ タロウ" }) });
    const renamed = {
      ...order,
      platformUpdatedAt: new Date(Date.parse(order.purchasedAt) + 60_000).toISOString(),
      customer: person({ name: "吉田 𠮷乃", nameKana: "ヨシダ ヨシノ" }),
    };
    const id = Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);
    await asUser(account, async () => {
      await Order.upsertFromShop(order);
      await expect(refusingFirstBatchWrite(() => Order.upsertFromShop(renamed))).rejects.toThrow("ETIMEDOUT");
      expect((await Order.upsertFromShop(renamed)).outcome).toBe("updated");
      expect(await searched("吉田𠮷乃")).toEqual([id]);
      expect(await searched("山崎太郎")).toEqual([]);
      expect((await Order.counts()).notShipped).toBe(1);
    });
  });

  it("finds an order by the recipient a merchant saved again after the first save failed while writing it", async () => {
    const account = await testAccount();
    const order = shopOrder();
    const id = Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);
    const recipient = { name: "山﨑 𠮷乃", name_kana: "ヤマサキ ヨシノ", company: "", ...kyotoAddress };
    await asUser(account, async () => {
      await Order.upsertFromShop(order);
      await expect(refusingFirstBatchWrite(() => Order.updateCustomer(id, recipient))).rejects.toThrow(
        "ETIMEDOUT",
      );
      await Order.updateCustomer(id, recipient);
      expect(await searched("山﨑𠮷乃")).toEqual([id]);
    });
  });

  it("the merchant's edit of the recipient wins over a later shop change, which stays visible", async () => {
    const account = await testAccount();
    const base = shopOrder();
    await asUser(account, async () => {
      const { orderId } = await Order.upsertFromShop(base);
      await Order.updateCustomer(orderId, {
        name: "髙橋 一郎",
        name_kana: "タカハシ イチロウ",
        company: "",
        postal_code: "6048005",
        prefecture: "京都府",
        city: "京都市中京区",
        address1: "恵比須町534-40",
        address2: "河原町アパートメント502",
        phone: "075-123-4567",
      });
      const shopEdit = person({ address2: "別の建物 101" });
      await Order.upsertFromShop({
        ...base,
        customer: shopEdit,
        platformUpdatedAt: new Date(Date.parse(base.purchasedAt) + 5000).toISOString(),
      });
      const order = await Order.get(orderId);
      expect((order.customer as Order.StoredPerson).address2).toBe("河原町アパートメント502");
      expect(Order.serialize(order).shop_changes).toMatchObject({ customer: { address2: "別の建物 101" } });
    });
  });
});

describe("a shop change after the merchant worked on the order", () => {
  it("keeps the chosen carrier's label issues and a failed upload's reason, and drops what the delivery setting settled", async () => {
    const account = await testAccount();
    const base = shopOrder({
      customer: person({ name: "山﨑 花子" }),
      issues: [{ field: "delivery.time_slot", message: "配達希望時間帯「夕方」を読み取れませんでした。" }],
    });
    await asUser(account, async () => {
      const { orderId } = await Order.upsertFromShop(base);
      await Order.updateDelivery(orderId, "yamato", { service_type: "0", item_name: "宇治抹茶" });
      await Order.recordUpload(orderId, { issue: "Shopify に送れませんでした（Not Found）。" });

      const later = new Date(Date.parse(base.platformUpdatedAt) + 60_000).toISOString();
      const result = await Order.upsertFromShop({ ...base, platformUpdatedAt: later, note: "のし希望" });
      expect(result.outcome).toBe("updated");
      const order = await Order.get(orderId);
      expect(order.note).toBe("のし希望");
      expect((order.errors as Order.OrderIssue[]).map((i) => [i.field, i.carrier ?? null])).toEqual([
        ["customer.name", "yamato"],
        [Order.UPLOAD_ISSUE_FIELD, null],
      ]);
      expect(order.isError).toBe(true);
    });
  });
});

describe("Order.list", () => {
  it("serves tabs newest first, purchase-date ranges, the error tab and the shop filter from indexes", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const orders = Array.from({ length: 50 }, (_, i) =>
        shopOrder({
          shopId: i % 2 ? "shop_01JTESTSHOP00000000000001" : "shop_01JTESTSHOP00000000000002",
          issues:
            i % 10 === 0
              ? [{ field: "customer.postal_code", message: "郵便番号と都道府県が一致しません。" }]
              : [],
        }),
      );
      await Order.upsertPage(orders);
      const ids = orders.map((o) => Order.idOf(o.shopId, o.platformOrderId, o.purchasedAt));
      expect(await allOf({ tab: "notShipped" })).toEqual([...ids].reverse());
      expect(await allOf({ tab: "error" })).toEqual(ids.filter((_, i) => i % 10 === 0).reverse());
      expect((await Order.counts()).error).toBe(5);
      expect(await allOf({ tab: "notShipped", shopId: "shop_01JTESTSHOP00000000000001" })).toEqual(
        ids.filter((_, i) => i % 2).reverse(),
      );
      const from = orders[10]!.purchasedAt;
      const to = orders[19]!.purchasedAt;
      expect(await allOf({ tab: "notShipped", purchasedFrom: from, purchasedTo: to })).toEqual(
        ids.slice(10, 20).reverse(),
      );
    });
  });

  it("looks a search up only where it can be: e-mail addresses for ASCII, readings for kana", () => {
    const kinds = (search: string) => queriesFor(search).map((query) => query.token.split(":")[0]);
    expect(
      ["髙橋一", "山﨑 花子", "Yamasaki", "yamasaki@ex", "やまさき", "#1001", "090-1234"].map(kinds),
    ).toEqual([
      ["name", "co", "addr", "item"],
      ["name", "co", "addr", "item"],
      ["name", "mail", "sku", "co", "item"],
      ["mail"],
      ["kana", "name", "co", "addr", "item"],
      ["no"],
      ["no", "tel", "zip", "trk"],
    ]);
  });

  it("finds orders by number, name, kana, phone, e-mail and postal code, only in the own company", async () => {
    const [a, b] = await Promise.all([testAccount("A"), testAccount("B")]);
    const order = shopOrder({
      orderNumber: "#20481",
      email: "Yamasaki@Example.jp",
      customer: person({
        name: "山﨑 花子",
        nameKana: "ヤマサキ ハナコ",
        phone: "090-1234-5678",
        postalCode: "0600042",
      }),
    });
    await asUser(a, () => Order.upsertFromShop(order));
    const id = Order.idOf(order.shopId, order.platformOrderId, order.purchasedAt);
    await asUser(a, async () => {
      for (const search of [
        "#20481",
        "20481",
        "山﨑",
        "山﨑花子",
        "やまさき",
        "ヤマサキ",
        "09012345678",
        "090-1234",
        "yamasaki@",
        "Yamasaki",
        "060-0042",
      ]) {
        const found = await Order.list({ tab: "notShipped", search });
        expect(
          found.items.map((o) => o.orderId),
          search,
        ).toContain(id);
      }
      expect((await Order.list({ tab: "notShipped", search: "存在しない名前" })).items).toEqual([]);
      expect((await Order.list({ tab: "shipped", search: "#20481" })).items).toEqual([]);
    });
    await asUser(b, async () => {
      expect((await Order.list({ tab: "notShipped", search: "#20481" })).items).toEqual([]);
      expect(await Order.find(id)).toBeUndefined();
    });
  });
});

describe("Order.bulkUpdate", () => {
  it("archives and restores orders to where they were, keeping the counts", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const orders = [shopOrder(), shopOrder({ platformStatus: "partially_fulfilled" })];
      const ids = (await Order.upsertPage(orders)).map((r) => r.orderId);
      await Order.bulkUpdate({ ids, action: "archive" });
      expect(await allOf({ tab: "archived" })).toHaveLength(2);
      expect((await Order.counts()).archived).toBe(2);
      await Order.bulkUpdate({ ids, action: "restore" });
      expect(await allOf({ tab: "notShipped" })).toEqual([ids[0]]);
      expect(await allOf({ tab: "partiallyShipped" })).toEqual([ids[1]]);
      const counts = await Order.counts();
      expect([counts.archived, counts.notShipped, counts.partiallyShipped]).toEqual([0, 1, 1]);
    });
  });
});
