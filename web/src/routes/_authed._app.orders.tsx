import { createFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { carrierFilters, labelStatusFilters } from "../components/OrderList/list-filters";
import { type OrderFilters, OrderList } from "../components/OrderList/OrderList";
import { OrderSync } from "../components/OrderList/OrderSync";
import { orderDrawer } from "../components/OrderList/order-drawer-later";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { DrawnLater } from "../lib/load-later";
import { orderTabs } from "../lib/route-values";
import { compactSearch } from "../lib/search";
import { calendarDate, oneOf, searchParams, text, texts } from "../lib/search-params";
import { orderListQuery, ordersQueryOptions } from "../queries/orders";

/**
 * Every filter lives in the URL: reload, back and forward keep them, and a link shares them.
 * `pages` are the cursors of the pages turned to after the first (the last is the page
 * shown), so a reload stays on its page and 前へ still goes back one.
 */
const OrderSearch = searchParams({
  tab_key: oneOf(orderTabs),
  search: text(100),
  purchased_from: calendarDate,
  purchased_to: calendarDate,
  shop_id: text(64),
  label_status: oneOf(labelStatusFilters),
  carrier: oneOf(carrierFilters),
  pages: texts(200, 2000),
});

function validateOrderSearch(input: unknown) {
  const search = OrderSearch.parse(input);
  return { ...search, tab_key: search.tab_key ?? "notShipped" };
}

/** The page of orders the URL shows. */
const pageShown = ({ pages, ...filters }: ReturnType<typeof validateOrderSearch>) =>
  ordersQueryOptions(orderListQuery(filters, pages?.at(-1)));

/**
 * How old a page may be for entering the list to show it without reading it again: the
 * page started as the app opened on /orders (src/router-preload.ts), which on a fast line
 * has come before the guard lets the loader run.
 */
const JUST_READ_MS = 2000;

/**
 * 注文リスト, and under it /orders/{id}: the order opens over the list, which stays as it
 * was (tab, filters, page and selection), so closing the order or going back finds it so.
 */
export const Route = createFileRoute("/_authed/_app/orders")({
  validateSearch: validateOrderSearch,
  loaderDeps: ({ search }) => search,
  staticData: {
    // The router validated `search` with validateOrderSearch.
    openingData: (search, queryClient) =>
      void queryClient.prefetchQuery(pageShown(search as ReturnType<typeof validateOrderSearch>)),
  },
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const options = pageShown(deps);
    // Entering the page waits for its rows; a filter changed on the page shows the last
    // rows until the new ones come (the list's own placeholder), never a loading screen.
    // A list that cannot be read (an expired page cursor, the API down) is the list's own
    // error inside the page, with its tabs and filters to go on from, not an error page.
    if (cause === "stay") void queryClient.prefetchQuery(options);
    else await queryClient.prefetchQuery({ ...options, staleTime: JUST_READ_MS });
  },
  component: OrdersPage,
});

function OrdersPage() {
  const { pages = [], ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { orderId } = useParams({ strict: false });
  const [openedWithPage] = useState(orderId !== undefined);

  // Other filters start again from the first page.
  const onFiltersChange = (next: OrderFilters) =>
    void navigate({ to: "/orders", search: compactSearch(next) });
  const onPageChange = (next: string[]) =>
    void navigate({
      to: "/orders",
      search: compactSearch({ ...filters, pages: next.length ? next : undefined }),
    });
  const open = (id: string) =>
    void navigate({ to: "/orders/$orderId", params: { orderId: id }, search: (prev) => prev });
  const close = () => void navigate({ to: "/orders", search: (prev) => prev });

  return (
    <>
      <PageHeader
        title="注文リスト"
        description="連携したストアから取り込んだ注文を確認し、送り状を発行します。"
        actions={<OrderSync />}
      />
      <OrderList
        filters={filters}
        onFiltersChange={onFiltersChange}
        pages={pages}
        onPageChange={onPageChange}
        onOpen={(order) => open(order.id)}
      />
      <DrawnLater
        part={orderDrawer}
        needed={orderId !== undefined}
        orderId={orderId ?? null}
        openedWithPage={openedWithPage}
        onClose={close}
      />
      <Outlet />
    </>
  );
}
