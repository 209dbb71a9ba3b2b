export * as Counter from "./index";

import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import type { TransactionEntities } from "../service";
import { CounterEntity } from "./entity";

type CounterEntityType = TransactionEntities["counter"];

export async function read(name: string): Promise<number | undefined> {
  const { data } = await CounterEntity.get({ tenantId: useTenantID(), name }).go();
  return data?.count;
}

/**
 * Makes sure the counter exists before a conditional change: a tenant whose records
 * predate the counter gets it initialised from a count of the records once.
 */
export async function ensure(name: string, countAll: () => Promise<number>): Promise<void> {
  if ((await read(name)) !== undefined) return;
  const count = await countAll();
  try {
    await CounterEntity.create({ tenantId: useTenantID(), name, count }).go();
  } catch (err) {
    if (!isConditionalFailure(err)) throw err; // another request initialised it first
  }
}

/** A transaction item adding one, refused (ConditionalCheckFailed) when the count has reached `max`. */
export function increment(counter: CounterEntityType, tenantId: string, name: string, max?: number) {
  const update = counter.update({ tenantId, name }).add({ count: 1 });
  return max === undefined ? update.commit() : update.where((attr, op) => op.lt(attr.count, max)).commit();
}

/** A transaction item subtracting one, refused when the count would drop below `min`. */
export function decrement(counter: CounterEntityType, tenantId: string, name: string, min = 0) {
  return counter
    .update({ tenantId, name })
    .subtract({ count: 1 })
    .where((attr, op) => op.gt(attr.count, min))
    .commit();
}

/** A transaction item creating a counter (sign-up starts its counts). */
export function start(counter: CounterEntityType, tenantId: string, name: string, count: number) {
  return counter.create({ tenantId, name, count }).commit();
}
