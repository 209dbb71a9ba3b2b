import { useTenantID } from "../../actor";
import { CounterEntity } from "../counter/entity";
import { markOrdersChanged } from "./change-marker";
import type { ShipmentStatus } from "./entity";
import type { Tab } from "./shapes";

export type Tally = Map<Tab, number>;
export const bump = (tally: Tally, tab: Tab, by: number) => tally.set(tab, (tally.get(tab) ?? 0) + by);

export function tabsOf(order: { shipmentStatus: ShipmentStatus; isError: boolean }): Tab[] {
  return order.isError ? [order.shipmentStatus, "error"] : [order.shipmentStatus];
}

/**
 * Applies one write's tally to the tab counters, and raises the change marker once for the
 * whole write when a tab moved or `changed` says orders were written without moving any.
 */
export async function applyTally(tally: Tally, changed = false) {
  const tenantId = useTenantID();
  const moves = [...tally.entries()].filter(([, by]) => by !== 0);
  await Promise.all([
    ...moves.map(([tab, by]) =>
      CounterEntity.update({ tenantId, name: `orders:${tab}` })
        .add({ count: by })
        .go(),
    ),
    ...(changed || moves.length ? [markOrdersChanged()] : []),
  ]);
}

type TabState = Parameters<typeof tabsOf>[0];

/** Moves an order's tab counts from where it was to where a write put it (the write's own tally). */
export async function moveTabs(from: TabState, to: TabState) {
  const tally: Tally = new Map();
  for (const tab of tabsOf(from)) bump(tally, tab, -1);
  for (const tab of tabsOf(to)) bump(tally, tab, 1);
  await applyTally(tally, true);
}
