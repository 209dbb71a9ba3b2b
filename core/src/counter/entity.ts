import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db/client";

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
export const CounterEntity = new Entity(
  {
    model: { entity: "counter", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true, readOnly: true },
      count: { type: "number", required: true, default: 0 },
    },
    indexes: {
      byName: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["name"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type CounterItem = EntityItem<typeof CounterEntity>;
