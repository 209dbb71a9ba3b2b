import type { EntityItem } from "electrodb";
import { keyString, tenantIndex } from "../../db/attributes";
import { defineEntity } from "../../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite            | used by                                      |
 * | byOrder | primary | tenantId     | shopId, platformOrderId | customers/redact records one per order it     |
 * |         |         |              |                         | names; the sync reads them (BatchGet) for the |
 * |         |         |              |                         | orders it is about to store for the first time |
 *
 * "Shopify asked us to erase the people of this order": kept for good, whether the
 * order was stored when the request came or not, so that an order imported after its
 * customer's redaction is stored already erased. It names no one: the shop and
 * Shopify's numeric order id only. It outlives shop/redact on purpose: a shop that is
 * connected again gets the same shop id, and its old orders must not come back whole.
 */
export const RedactionEntity = defineEntity("redaction", {
  attributes: {
    tenantId: keyString,
    shopId: keyString,
    /** Shopify's numeric order id (`5531…`, the last part of `gid://shopify/Order/5531…`). */
    platformOrderId: keyString,
    redactedAt: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byOrder: tenantIndex("shopId", "platformOrderId"),
  },
});

export type RedactionItem = EntityItem<typeof RedactionEntity>;
