import { CalendarDate } from "@okuru/core/shared/dates";
import { orderTabs } from "@okuru/core/shared/order";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { carrierFilters, labelStatusFilters } from "../components/OrderList/list-filters";
import { OrderDrawer } from "../components/OrderList/OrderDrawer";
import { type OrderFilters, OrderList } from "../components/OrderList/OrderList";
import { OrderSync } from "../components/OrderList/OrderSync";
import { PageHeader } from "../components/PageHeader/PageHeader";
import type { Order } from "../lib/api";
import { compactSearch } from "../lib/search";

const date = CalendarDate.optional().catch(undefined);

/** Every filter lives in the URL: reload, back and forward keep them, and a link shares them. */
const OrderSearch = z.object({
  tab_key: z.enum(orderTabs).catch("notShipped"),
  search: z.string().max(100).optional().catch(undefined),
  purchased_from: date,
  purchased_to: date,
  shop_id: z.string().max(64).optional().catch(undefined),
  label_status: z.enum(labelStatusFilters).optional().catch(undefined),
  carrier: z.enum(carrierFilters).optional().catch(undefined),
});

export const Route = createFileRoute("/_authed/_app/orders/")({
  validateSearch: OrderSearch,
  component: OrdersPage,
});

function OrdersPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const [opened, setOpened] = useState<Order | null>(null);

  const onFiltersChange = (next: OrderFilters) => void navigate({ search: compactSearch(next) });

  return (
    <>
      <PageHeader
        title="注文リスト"
        description="連携したストアから取り込んだ注文を確認し、送り状を発行します。"
        actions={<OrderSync />}
      />
      <OrderList filters={filters} onFiltersChange={onFiltersChange} onOpen={setOpened} />
      <OrderDrawer order={opened} onClose={() => setOpened(null)} />
    </>
  );
}
