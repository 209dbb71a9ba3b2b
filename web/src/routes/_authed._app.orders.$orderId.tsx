import { createFileRoute } from "@tanstack/react-router";
import { orderDrawer } from "../components/OrderList/order-drawer-later";
import { orderQueryOptions } from "../queries/orders";

/**
 * /orders/{id}: one order over the list (the parent draws both). The loader puts the order
 * in the cache; one that cannot be read (gone, another company's) opens the drawer with
 * the reason rather than an error page over the list.
 */
export const Route = createFileRoute("/_authed/_app/orders/$orderId")({
  loader: ({ context: { queryClient }, params: { orderId } }) => {
    // The drawer's code comes with the order, not after it.
    void orderDrawer.prefetch().catch(() => undefined);
    return queryClient.ensureQueryData(orderQueryOptions(orderId)).catch(() => undefined);
  },
});
