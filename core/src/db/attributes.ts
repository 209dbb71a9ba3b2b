import type { Entity, Item, WhereCallback } from "electrodb";
import { z } from "zod";
import { concurrentUpdate } from "../error";
import { type IndexName, tableDefinition } from "./table";

/** A string that is part of an item's key (the tenant, an id, a name): required, never changed. */
export const keyString = { type: "string", required: true, readOnly: true } as const;

/**
 * An entity's primary index (the table's `pk`/`sk`, table.ts) over the given composites.
 * Case-preserving, like every key (README §1).
 */
export function primaryIndex<const P extends readonly string[], const S extends readonly string[]>(
  pk: P,
  sk: S,
) {
  return {
    pk: { field: tableDefinition.partitionKey, composite: pk, casing: "none" },
    sk: { field: tableDefinition.sortKey, composite: sk, casing: "none" },
  } as const;
}

/**
 * The index of an item in its tenant's partition: pk `tenantId`, sk the given composites
 * (an id, or a parent's id and the child's own; none for the company's one item).
 */
export function tenantIndex<const S extends readonly string[]>(...sk: S) {
  return primaryIndex(["tenantId"], sk);
}

/** An entity's index on one of the table's GSIs (table.ts), keyed by that GSI's attributes. */
export function secondaryIndex<
  const I extends IndexName,
  const P extends readonly string[],
  const S extends readonly string[],
>(index: I, pk: P, sk: S) {
  const { partitionKey, sortKey } = tableDefinition.globalIndexes[index];
  return {
    index,
    pk: { field: partitionKey, composite: pk, casing: "none" },
    sk: { field: sortKey, composite: sk, casing: "none" },
  } as const;
}

/** A condition of an entity's writes (`.where(...)`), declared once where several writes share it. */
export type WhereOf<E> =
  E extends Entity<infer A, infer F, infer C, infer S>
    ? WhereCallback<A, F, C, S, Item<A, F, C, S, S["attributes"]>>
    : never;

/** Timestamps every entity carries; ISO strings sort by time in sort keys. */
export const timestamps = {
  createdAt: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => new Date().toISOString(),
  },
  updatedAt: {
    type: "string",
    watch: "*",
    required: true,
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} as const;

/** The wire form of `timestamps`: every record the API answers carries both. */
export const TimestampsInfo = {
  created_at: z.string(),
  updated_at: z.string(),
};

export function timestampsToWire(item: { createdAt: string; updatedAt: string }) {
  return { created_at: item.createdAt, updated_at: item.updatedAt };
}

/** An address as carriers print it (see shared/fields.ts for the limits). */
export const addressAttributes = {
  postalCode: { type: "string", required: true },
  prefecture: { type: "string", required: true },
  city: { type: "string", required: true },
  address1: { type: "string", required: true },
  address2: { type: "string", default: "" },
} as const;

/**
 * The `.catch` of a write under the lock of its read (a condition on the item as it was
 * read): a failed condition means another write came in between, answered 409
 * `conflict.concurrent_update`; any other error passes on.
 */
export function lockLost(err: unknown): never {
  throw isConditionalFailure(err) ? concurrentUpdate() : err;
}

/** DynamoDB's answer when a conditional write (create without overwrite, guarded patch) did not apply. */
export function isConditionalFailure(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const name = (current as { name?: string }).name;
    if (name === "ConditionalCheckFailedException" || name === "TransactionCanceledException") return true;
    const message = (current as { message?: string }).message ?? "";
    if (message.includes("The conditional request failed")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
