import { keyString, tenantIndex, timestamps } from "./attributes";
import { tableDefinition } from "./table";

/** Partitions of the running-jobs index, so heartbeats of many jobs do not all land on one. */
export const RUNNING_SHARDS = 4;
export const runningPartition = (shard: number) => `running#${shard}`;
/** A shard for a job (re-)entering the running-jobs index. */
export const newRunningShard = () => runningPartition(Math.floor(Math.random() * RUNNING_SHARDS));
const { partitionKey: runningField, sortKey: heartbeatField } = tableDefinition.globalIndexes.gsi3;

/**
 * The running-jobs index (README §2.1, sparse, system-wide): an item that still has work
 * to do carries `runningShard` and `heartbeatAt` in gsi3's key attributes, which no job
 * entity uses for an index of its own, so the re-drive sweep (core/src/redrive) finds
 * every job whose heartbeat stopped with one query per shard and no scan. Every write to
 * the item refreshes `heartbeatAt` (a part recorded, a result counted, progress saved);
 * an explicit value (the sweep's claim) is kept as given. The sweep removes
 * `runningShard` once it sees the work finished, which takes the item out of the index.
 */
export const runningAttributes = {
  runningShard: { type: "string", field: runningField, default: newRunningShard },
  heartbeatAt: {
    type: "string",
    field: heartbeatField,
    watch: "*",
    default: () => new Date().toISOString(),
    set: (value?: string) => value ?? new Date().toISOString(),
  },
} as const;

/**
 * One shape for every job (a label batch, a bulk tracking upload, a queued export):
 * `jobId` in the tenant's partition, its `kind`, `total` items of which `done` have a
 * result and `failed` of those failed, who asked, and when it expires (TTL). Each job
 * entity spreads these and adds only what is its own; its per-part or per-item
 * children spread `jobChildAttributes` and are indexed by `jobChildIndex`, so a job's
 * children are one query of its partition (`jobId` first in their sort key).
 *
 * `kinds` are the entity's kinds, the first the default (an upload job is always `upload`).
 */
export function jobAttributes<const K extends readonly [string, ...string[]]>(kinds: K) {
  return {
    tenantId: keyString,
    jobId: keyString,
    kind: { type: kinds, required: true, readOnly: true, default: kinds[0] },
    total: { type: "number", required: true, readOnly: true },
    /** Items with a result, each added once (in the transaction that records it). */
    done: { type: "number", required: true, default: 0 },
    /** Of `done`, the items that failed. */
    failed: { type: "number", required: true, default: 0 },
    createdBy: { type: "string" },
    /** Epoch seconds (the table's TTL): `jobExpiresAt`. */
    expiresAt: { type: "number" },
    /**
     * What each part's message names (a label part's order ids, an upload part's shipment
     * ids), by part: a part whose message was lost can only be sent again from here.
     */
    partItems: { type: "any" },
    ...runningAttributes,
    ...timestamps,
  } as const;
}

/** A job's primary index: pk `tenantId`, sk `jobId`. */
export const jobIndex = () => tenantIndex("jobId");

/** What every child item of a job (a part, a result) carries: its job, and the job's expiry. */
export const jobChildAttributes = {
  tenantId: keyString,
  jobId: keyString,
  expiresAt: { type: "number" },
} as const;

/** A job child's primary index `byJob`: pk `tenantId`, sk `jobId` then the child's own key. */
export const jobChildIndex = <const S extends readonly string[]>(...sk: S) => tenantIndex("jobId", ...sk);

/** The TTL of a job and its children: `days` from `now`, in epoch seconds. */
export const jobExpiresAt = (days: number, now = new Date()) =>
  Math.floor(now.getTime() / 1000) + days * 86_400;
