import { createFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { ShipmentHistory } from "../components/ShipmentHistory/ShipmentHistory";
import { shipmentDrawer } from "../components/ShipmentHistory/shipment-history-later";
import {
  listQuery,
  type ShipmentFilters,
  ShipmentSearch,
  searchOf,
} from "../components/ShipmentHistory/shipment-search";
import { DrawnLater } from "../lib/load-later";
import { compactSearch } from "../lib/search";
import { searchParams, texts } from "../lib/search-params";
import { shipmentCountsQueryOptions, shipmentHistoryQueryOptions } from "../queries/shipments";

/** As 出荷履歴 reads a page (ShipmentHistory's PAGE_SIZE). */
const PAGE_SIZE = 50;

/**
 * Every filter lives in the URL: reload, back and forward keep them, and a link shares them.
 * `pages` are the cursors of the pages turned to after the first (the last is the page shown).
 */
const HistorySearch = searchParams({ ...ShipmentSearch.shape, pages: texts(200, 2000) });

/**
 * 出荷履歴, and under it /shipments/{id}: the shipment opens over the list, which stays as it
 * was (tab, filters, page and selection), so closing it or going back finds it so.
 */
export const Route = createFileRoute("/_authed/_app/shipments")({
  validateSearch: HistorySearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { pages, ...filters }, cause }) => {
    const list = shipmentHistoryQueryOptions(listQuery(filters, pages?.at(-1), PAGE_SIZE));
    // A filter changed on the page keeps the last rows until the new ones come, never a loading screen.
    if (cause === "stay") return void queryClient.prefetchQuery(list);
    // A list that cannot be read is the list's own error inside the page, not an error page.
    await Promise.all([
      queryClient.prefetchQuery(list),
      queryClient.prefetchQuery(shipmentCountsQueryOptions()),
    ]);
  },
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const { pages = [], ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { shipmentId } = useParams({ strict: false });
  const [openedWithPage] = useState(shipmentId !== undefined);
  // Other filters start again from the first page.
  const onFiltersChange = (next: ShipmentFilters) =>
    void navigate({ to: "/shipments", search: searchOf(next) });
  const onPageChange = (next: string[]) =>
    void navigate({
      to: "/shipments",
      search: compactSearch({ ...filters, pages: next.length ? next : undefined }),
    });
  return (
    <>
      <PageHeader
        title="出荷履歴"
        description="発行した送り状と出荷の状況を確認し、再発行や取り消しができます。"
      />
      <ShipmentHistory
        filters={filters}
        onFiltersChange={onFiltersChange}
        pages={pages}
        onPageChange={onPageChange}
        onOpen={(shipment) =>
          void navigate({
            to: "/shipments/$shipmentId",
            params: { shipmentId: shipment.id },
            search: (prev) => prev,
          })
        }
      />
      <DrawnLater
        part={shipmentDrawer}
        needed={shipmentId !== undefined}
        shipmentId={shipmentId ?? null}
        openedWithPage={openedWithPage}
        onClose={() => void navigate({ to: "/shipments", search: (prev) => prev })}
      />
      <Outlet />
    </>
  );
}
