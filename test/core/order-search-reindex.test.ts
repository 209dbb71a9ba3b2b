import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { batchWrite } from "../../core/src/db/batch-write";
import { OrderEntity } from "../../core/src/entities/order/entity";
import { MAX_TOKENS_PER_ORDER, tokensOf } from "../../core/src/entities/order/search";
import { OrderSearchEntity } from "../../core/src/entities/order/search-entity";
import { legacyTokensOf } from "../../core/src/entities/order/search-legacy";
import { searchableOf, tokenChanges } from "../../core/src/entities/order/search-tokens";
import { asUser, testAccount } from "../support/account";
import { personFixture, shopOrderFixture } from "../support/orders";
import { writeAsSync } from "../support/printing";

const who = personFixture({ name: "髙橋 陽翔", nameKana: "タカハシ ハルト" });
const order = shopOrderFixture(1, { purchaser: who, customer: who });

/** Every token the index holds for one order, read by the tokens it could have. */
async function tokensHeld(tenantId: string, orderId: string, candidates: { shard: string; token: string }[]) {
  const held = await Promise.all(
    candidates.map(({ shard, token }) =>
      OrderSearchEntity.get({ tenantId, shard, token, orderId })
        .go()
        .then(({ data }) => data?.token),
    ),
  );
  return [...new Set(held.filter(Boolean))].sort();
}

describe("the order search's token versions", () => {
  it("an order indexed by the first version is found by the new tokens after the reindex, its old tokens gone", async () => {
    const account = await testAccount();
    await asUser(account, async () => {
      const orderId = (await writeAsSync([order]))[0]!.orderId;
      const { tenantId } = account;
      const stored = (await OrderEntity.get({ tenantId, orderId }).go()).data!;
      const current = searchableOf(stored);
      const legacy = legacyTokensOf({
        orderNumber: stored.orderNumber,
        platformOrderIds: [stored.platformOrderId],
        names: [who.name, who.name],
        kanaNames: [who.nameKana, who.nameKana],
        phones: [who.phone, who.phone],
        emails: [stored.email ?? ""],
        postalCodes: [who.postalCode],
      });
      // The order as the first version left it: its tokens, and no version mark.
      await batchWrite(tokenChanges(tenantId, orderId, stored.purchasedAt, current, legacy));
      await OrderEntity.patch({ tenantId, orderId }).remove(["searchVersion"]).go();
      expect((await Order.list({ search: "陽翔" })).items).toEqual([]);

      expect(await Order.reindexSearch()).toBe(1);
      expect((await Order.list({ search: "陽翔" })).items.map((o) => o.orderId)).toEqual([orderId]);
      expect((await Order.list({ search: "高橋" })).items.map((o) => o.orderId)).toEqual([orderId]);
      const all = [...legacy, ...current];
      expect(await tokensHeld(tenantId, orderId, all)).toEqual(current.map((t) => t.token).sort());
      expect(legacy.some((t) => t.token === "name:髙橋陽翔")).toBe(true);
      // A second run has nothing left to do.
      expect(await Order.reindexSearch()).toBe(0);
    });
  });

  it("bounds the tokens of one order however many items it has", () => {
    const lineItems = Array.from({ length: 50 }, (_, i) => ({ name: `商品${i}`, sku: `SKU-${i}` }));
    const tokens = tokensOf({
      orderNumber: "#1",
      names: ["山田 太郎 次郎", "佐藤 花子"],
      kanaNames: ["ヤマダ タロウ", "サトウ ハナコ"],
      phones: ["0901234567", "0801234567"],
      emails: ["a@example.jp"],
      postalCodes: ["1000001"],
      platformOrderIds: ["1"],
      companies: ["株式会社まるや"],
      addresses: [{ prefecture: "東京都", city: "千代田区", address1: "千代田1-1" }],
      lineItems,
    });
    expect(tokens.length).toBeLessThanOrEqual(MAX_TOKENS_PER_ORDER);
    expect(tokens.map((t) => t.token)).toContain("co:まるや");
  });
});
