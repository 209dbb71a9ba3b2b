import type { EntityItem } from "electrodb";
import { keyString, tenantIndex } from "../../db/attributes";
import { defineEntity } from "../../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                        |
 * | byName  | primary | tenantId     | name         | count limits (senders, item categories, users) |
 * |         |         |              |              | and the administrators count (last-admin rule) |
 *
 * A count that must hold under concurrency is kept here and changed in the same
 * transaction as the records it counts, with the limit as the write's condition:
 * reading a list and then writing lets 30 parallel requests all pass the check.
 */
export const CounterEntity = defineEntity("counter", {
  attributes: {
    tenantId: keyString,
    name: keyString,
    count: { type: "number", required: true, default: 0 },
  },
  indexes: {
    byName: tenantIndex("name"),
  },
});

export type CounterItem = EntityItem<typeof CounterEntity>;
