import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  bulkUpdateOrders,
  getOrder,
  getOrders,
  type OrderBulkUpdateReq,
  type OrderCustomerUpdateReq,
  type OrderListQuery,
  type OrderSenderUpdateReq,
  updateOrderCustomer,
  updateOrderSender,
} from "../lib/api";

export const orderKeys = {
  all: ["orders"] as const,
  list: (query: OrderListQuery) => [...orderKeys.all, "list", query] as const,
  detail: (id: string) => [...orderKeys.all, "detail", id] as const,
};

/** One page of a tab; the previous page stays on screen while the next loads. */
export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(id) });

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

export function useUpdateOrderCustomer() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderCustomerUpdateReq }) => updateOrderCustomer(id, body),
    onSuccess: invalidate,
  });
}

export function useUpdateOrderSender() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderSenderUpdateReq }) => updateOrderSender(id, body),
    onSuccess: invalidate,
  });
}

export function useBulkUpdateOrders() {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (body: OrderBulkUpdateReq) => bulkUpdateOrders(body),
    onSuccess: invalidate,
  });
}
