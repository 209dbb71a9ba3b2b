import { keyString, tenantIndex, timestamps } from "./attributes";

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
