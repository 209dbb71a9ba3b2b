import type { Shipment, ShipmentListQuery } from "../../lib/api";
import { compactSearch } from "../../lib/search";
import { calendarDate, oneOf, type SearchOf, searchParams, text } from "../../lib/search-params";

/**
 * 出荷履歴's filters as the URL holds them, apart from the rest of shipment-history.ts:
 * the route reads them before any page is drawn, and the rest (rows, results, labels)
 * belongs to the screen's own chunk.
 */

export type ShipmentStatus = Shipment["status"];

/** The tabs, in the order they are shown; すべて is the list without a status. */
export const shipmentTabs = ["issued", "isShipped", "cancelled", "all"] as const satisfies readonly (
  | ShipmentStatus
  | "all"
)[];
export type ShipmentTab = (typeof shipmentTabs)[number];

export const statusValues = shipmentTabs.filter((tab): tab is ShipmentStatus => tab !== "all") as [
  ShipmentStatus,
  ...ShipmentStatus[],
];

/**
 * The search params of /shipments. Anything unreadable (a hand-edited URL, an old
 * link) falls back to "not given" rather than an error page; no status is すべて.
 */
export const ShipmentSearch = searchParams({
  status: oneOf(statusValues),
  printed_from: calendarDate,
  printed_to: calendarDate,
  /** The search box: tracking number, order number, the recipient's name, phone, company or town. */
  search: text(100, { trim: true }),
});
export type ShipmentFilters = SearchOf<typeof ShipmentSearch.shape>;

export const tabOf = (filters: ShipmentFilters): ShipmentTab => filters.status ?? "all";

/** The filters with only what is set, so the URL shows no empty params. */
export const searchOf = (filters: ShipmentFilters): ShipmentFilters => compactSearch(filters);

/** One page of GET /shipments for the filters. */
export function listQuery(
  filters: ShipmentFilters,
  cursor: string | undefined,
  limit: number,
): ShipmentListQuery {
  const [from, to] =
    filters.printed_from && filters.printed_to && filters.printed_from > filters.printed_to
      ? [filters.printed_to, filters.printed_from]
      : [filters.printed_from, filters.printed_to];
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(from ? { printed_from: from } : {}),
    ...(to ? { printed_to: to } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
  };
}
