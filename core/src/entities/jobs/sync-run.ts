import type { EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { runningAttributes } from "../../db/job";

/**
 * Access patterns
 * | pattern | index            | pk composite | sk composite | used by                                      |
 * | byShop  | primary          | tenantId     | shopId       | the sync step (put, heartbeat, delete)       |
 * | —       | gsi3 (raw, §2)   | runningShard | heartbeatAt  | the re-drive sweep, with the running jobs    |
 *
 * A shop's order sync in progress, in the running-jobs index like a job: a sync run is
 * not a job item (its state is on the shop), so this marker stands for it from the run's
 * start to its end. It carries no TTL on purpose: a run whose consumer died must stay
 * visible to the sweep until the sweep has seen it end.
 */
export const SyncRunEntity = defineEntity("syncRun", {
  attributes: {
    tenantId: keyString,
    shopId: keyString,
    runId: { type: "string", required: true },
    /** Where the run goes on: the cursor of the step under way or handed on; absent for the first page. */
    cursor: { type: "string" },
    ...runningAttributes,
    ...timestamps,
  },
  indexes: { byShop: tenantIndex("shopId") },
});
export type SyncRunItem = EntityItem<typeof SyncRunEntity>;
