import type { EntityItem } from "electrodb";
import { keyString, primaryIndex } from "../db/attributes";
import { defineEntity } from "../db/client";

/**
 * Access patterns
 * | pattern  | index   | pk composite | sk composite | used by                                         |
 * | byWindow | primary | bucket       | window       | RateLimit.take / failures / recordFailure (one  |
 * |          |         |              |              | item per bucket and window, no queries)          |
 *
 * A counter per named bucket (`api:<credentialId>`, `token-fail:client:<clientId>`,
 * `token-fail:ip:<address>`) and fixed time window. Buckets of failed token requests
 * are counted before any tenant is known, like the routing records; they hold only a
 * count. `expiresAt` is the table's TTL, so old windows go away by themselves.
 */
export const RateWindowEntity = defineEntity("rateWindow", {
  attributes: {
    bucket: keyString,
    /** Epoch seconds at which the window starts. */
    window: { type: "number", required: true, readOnly: true },
    count: { type: "number" },
    /** Epoch seconds; the table's TTL attribute. */
    expiresAt: { type: "number" },
  },
  indexes: {
    byWindow: primaryIndex(["bucket"], ["window"]),
  },
});

export type RateWindowItem = EntityItem<typeof RateWindowEntity>;
