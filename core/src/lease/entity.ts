import type { EntityItem } from "electrodb";
import { keyString, tenantIndex } from "../db/attributes";
import { defineEntity } from "../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                          |
 * | byName  | primary | tenantId     | name         | Lease.acquire / renew / release (conditional put, |
 * |         |         |              |              | patch, delete on the one item; no queries)        |
 *
 * A named, time-bounded claim on work that must not run twice at once for a tenant
 * (`order-sync:<shopId>`). One item per name; `expiresAt` is the table's TTL
 * attribute, so an abandoned lease is also removed by DynamoDB in time, but every
 * decision compares it with the clock, because TTL deletes late.
 */
export const LeaseEntity = defineEntity("lease", {
  attributes: {
    tenantId: keyString,
    name: keyString,
    owner: { type: "string", required: true },
    /** Epoch seconds; the lease is free from this second on. */
    expiresAt: { type: "number", required: true },
    /** Someone asked for the work while the lease was held; the holder learns it at release. */
    pending: { type: "boolean", required: true, default: false },
    acquiredAt: { type: "string", required: true },
  },
  indexes: {
    byName: tenantIndex("name"),
  },
});

export type LeaseItem = EntityItem<typeof LeaseEntity>;
