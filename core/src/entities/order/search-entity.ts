import type { EntityItem } from "electrodb";
import { keyString, primaryIndex } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { fillKey, type ItemLayout, readLayout } from "./item-layout";

/**
 * Access patterns
 * | pattern  | index   | pk composite          | sk composite     | used by                                  |
 * | byToken  | primary | tenantId, shard       | token, orderId   | order search: begins_with(token, prefix) |
 *
 * One small item per searchable value of an order (shop order number, customer
 * name kanji and kana, phone digits, e-mail, postal code, tracking number), so a
 * search is a key-range query, never a scan or a filter over the tenant's orders.
 * The shard is the value's kind and first character: a prefix query knows both,
 * and a 10,000-order sync spreads its token writes over many partitions instead of
 * one per tenant.
 */
export const OrderSearchEntity = defineEntity("orderSearch", {
  attributes: {
    tenantId: keyString,
    shard: keyString,
    token: keyString,
    orderId: keyString,
    purchasedAt: { type: "string", required: true },
  },
  indexes: {
    byToken: primaryIndex(["tenantId", "shard"], ["token", "orderId"]),
  },
});

export type OrderSearchItem = EntityItem<typeof OrderSearchEntity>;

type TokenItemInput = Pick<OrderSearchItem, "tenantId" | "shard" | "token" | "orderId" | "purchasedAt">;

/** Stand-ins for the key composites (private-use characters), to read ElectroDB's key layout once. */
const MARKS = { tenantId: "\uE000", shard: "\uE001", token: "\uE002", orderId: "\uE003" } as const;

let layout: ItemLayout | undefined;

/**
 * The stored item of one token, exactly as `OrderSearchEntity.put(t).params().Item`
 * builds it, without ElectroDB's per-item work (about 70 µs, while a sync writes some
 * six tokens per order). The key layout is read once from ElectroDB itself, by putting
 * marks in place of the composites (item-layout.ts), so it follows the entity's
 * model; test/core/sync-page.test.ts holds the two equal.
 */
export function tokenItem(t: TokenItemInput): Record<string, unknown> {
  if (!layout) {
    const sample = { ...MARKS, purchasedAt: "" };
    layout = readLayout(OrderSearchEntity.put(sample).params().Item, sample, MARKS);
  }
  const item: Record<string, unknown> = {
    tenantId: t.tenantId,
    shard: t.shard,
    token: t.token,
    orderId: t.orderId,
    purchasedAt: t.purchasedAt,
    ...layout.constants,
  };
  for (const { field, parts } of layout.keys) item[field] = fillKey(parts, t);
  return item;
}
