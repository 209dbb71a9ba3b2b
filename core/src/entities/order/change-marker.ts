import { useTenantID } from "../../actor";
import { CounterEntity } from "../counter/entity";
import { counts } from "./reads";
import type { Tab } from "./shapes";

/**
 * The company's order-change marker: a counter raised by one write per batch of order
 * writes (a sync page, a webhook's order, an edit), never per order of a page, so a large
 * import does not make it a hot item. It is only a hint for the open list to read its page
 * again: no write reads it first or is conditioned on it.
 */
const MARKER = "orders:changes";

export async function markOrdersChanged(): Promise<void> {
  await CounterEntity.update({ tenantId: useTenantID(), name: MARKER }).add({ count: 1 }).go();
}

export type OrderChanges = { version: number; counts: Record<Tab, number> };

/** What the list polls: the marker and the tab counts, a handful of reads by key whatever the company's size. */
export async function orderChanges(): Promise<OrderChanges> {
  const [marker, tabCounts] = await Promise.all([
    CounterEntity.get({ tenantId: useTenantID(), name: MARKER }).go(),
    counts(),
  ]);
  return { version: marker.data?.count ?? 0, counts: tabCounts };
}
