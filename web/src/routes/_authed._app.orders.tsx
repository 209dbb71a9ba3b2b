import { CalendarDate } from "@okuru/core/shared/dates";
import { orderTabs } from "@okuru/core/shared/order";
import { createFileRoute, Outlet, useParams } from "@tanstack/react-router";
import { z } from "zod";
import { carrierFilters, labelStatusFilters } from "../components/OrderList/list-filters";
import { OrderDrawer } from "../components/OrderList/OrderDrawer";
import { type OrderFilters, OrderList } from "../components/OrderList/OrderList";
import { OrderSync } from "../components/OrderList/OrderSync";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { compactSearch } from "../lib/search";
import { orderListQuery, ordersQueryOptions } from "../queries/orders";

const date = CalendarDate.optional().catch(undefined);

/**
 * Every filter lives in the URL: reload, back and forward keep them, and a link shares them.
 * `pages` are the cursors of the pages turned to after the first (the last is the page
 * shown), so a reload stays on its page and 前へ still goes back one.
 */
const OrderSearch = z.object({
  tab_key: z.enum(orderTabs).catch("notShipped"),
  search: z.string().max(100).optional().catch(undefined),
  purchased_from: date,
  purchased_to: date,
  shop_id: z.string().max(64).optional().catch(undefined),
  label_status: z.enum(labelStatusFilters).optional().catch(undefined),
  carrier: z.enum(carrierFilters).optional().catch(undefined),
  pages: z.array(z.string().max(2000)).max(200).optional().catch(undefined),
});

/**
 * 注文リスト, and under it /orders/{id}: the order opens over the list, which stays as it
 * was (tab, filters, page and selection), so closing the order or going back finds it so.
 */
export const Route = createFileRoute("/_authed/_app/orders")({
  validateSearch: OrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps: { pages, ...filters }, cause }) => {
    const options = ordersQueryOptions(orderListQuery(filters, pages?.at(-1)));
    // Entering the page waits for its rows; a filter changed on the page shows the last
    // rows until the new ones come (the list's own placeholder), never a loading screen.
    // A list that cannot be read (an expired page cursor, the API down) is the list's own
    // error inside the page, with its tabs and filters to go on from, not an error page.
    if (cause === "stay") void queryClient.prefetchQuery(options);
    else await queryClient.prefetchQuery(options);
  },
  component: OrdersPage,
});

function OrdersPage() {
  const { pages = [], ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { orderId } = useParams({ strict: false });

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
      <OrderDrawer orderId={orderId ?? null} onClose={close} />
      <Outlet />
    </>
  );
}
