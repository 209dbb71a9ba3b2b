import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db/client";

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
export const OrderSearchEntity = new Entity(
  {
    model: { entity: "orderSearch", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      shard: { type: "string", required: true, readOnly: true },
      token: { type: "string", required: true, readOnly: true },
      orderId: { type: "string", required: true, readOnly: true },
      purchasedAt: { type: "string", required: true },
    },
    indexes: {
      byToken: {
        pk: { field: "pk", composite: ["tenantId", "shard"], casing: "none" },
        sk: { field: "sk", composite: ["token", "orderId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type OrderSearchItem = EntityItem<typeof OrderSearchEntity>;
