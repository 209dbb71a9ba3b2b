import type { DeliveryCarrier } from "@okuru/core/shared/delivery";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  applyOrderReplacement,
  bulkUpdateOrders,
  getOrder,
  getOrderIds,
  getOrders,
  type Order,
  type OrderBulkUpdateReq,
  type OrderCustomerUpdateReq,
  type OrderDeliveryUpdateReq,
  type OrderIdsQuery,
  type OrderListQuery,
  type OrderReplacementReq,
  type OrderSenderUpdateReq,
  resetOrderDelivery,
  syncOrders,
  updateOrderCustomer,
  updateOrderDelivery,
  updateOrderSender,
} from "../lib/api";
import { type RecordUpdate, useInvalidatingMutation } from "./mutations";
import { shopKeys } from "./shops";

export const orderKeys = {
  all: ["orders"] as const,
  list: (query: OrderListQuery) => [...orderKeys.all, "list", query] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
};

/** The orders a page of the list shows. */
export const ORDER_PAGE_SIZE = 50;

/** The list's filters as the URL holds them (without the page). */
export type OrderListFilters = Omit<OrderListQuery, "cursor" | "limit">;

/**
 * One page of the list for its filters: the list and the route's loader build the same
 * query, so the page a loader read is the one the list finds in the cache.
 */
export const orderListQuery = (filters: OrderListFilters, cursor: string | undefined): OrderListQuery => ({
  ...orderListFilters(filters),
  cursor,
  limit: ORDER_PAGE_SIZE,
});

/** The list's filters alone (a page, or 「すべてを選択」 over every page), whatever else the caller holds. */
export const orderListFilters = (filters: OrderListFilters): OrderListFilters => ({
  tab_key: filters.tab_key,
  search: filters.search,
  purchased_from: filters.purchased_from,
  purchased_to: filters.purchased_to,
  shop_id: filters.shop_id,
  label_status: filters.label_status,
  carrier: filters.carrier,
});

/** One page of a tab; the previous page stays on screen while the next loads. */
export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });

/** One click of an offered character replacement: the server applies the order's own offer. */
export function useApplyOrderReplacement() {
  return useInvalidatingMutation(orderKeys.all, ({ id, body }: RecordUpdate<OrderReplacementReq>) =>
    applyOrderReplacement(id, body),
  );
}

export function useUpdateOrderCustomer() {
  return useInvalidatingMutation(orderKeys.all, ({ id, body }: RecordUpdate<OrderCustomerUpdateReq>) =>
    updateOrderCustomer(id, body),
  );
}

export function useUpdateOrderSender() {
  return useInvalidatingMutation(orderKeys.all, ({ id, body }: RecordUpdate<OrderSenderUpdateReq>) =>
    updateOrderSender(id, body),
  );
}

/** The order as the API answered it is shown at once (its new issues), then every order query is read again. */
function useSaveOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    return queryClient.invalidateQueries({ queryKey: orderKeys.all });
  };
}

export function useUpdateOrderDelivery() {
  const save = useSaveOrder();
  return useMutation({
    mutationFn: ({
      id,
      carrier,
      body,
    }: {
      [C in DeliveryCarrier]: { id: string; carrier: C; body: OrderDeliveryUpdateReq[C] };
    }[DeliveryCarrier]) => updateOrderDelivery(id, carrier, body),
    onSuccess: save,
  });
}

/** Back to the brand's defaults (DELETE): the carrier's own issues go with the setting. */
export function useResetOrderDelivery() {
  const save = useSaveOrder();
  return useMutation({ mutationFn: (id: string) => resetOrderDelivery(id), onSuccess: save });
}

/** Queues an import of every active shop's orders; progress is on the shops query. */
export function useSyncOrders() {
  return useInvalidatingMutation(shopKeys.all, () => syncOrders());
}

export function useBulkUpdateOrders() {
  return useInvalidatingMutation(orderKeys.all, (body: OrderBulkUpdateReq) => bulkUpdateOrders(body));
}

/** "Select all": every order of the tab and its filters, by id and number, read once when asked. */
export function useSelectAllOrders() {
  return useMutation({ mutationFn: (query: OrderIdsQuery) => getOrderIds(query) });
}
