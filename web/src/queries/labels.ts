import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { getLabelBatch, getShipments, issueLabels } from "../lib/api";
import { useJobMutation } from "./mutations";
import { orderKeys } from "./orders";

export const labelKeys = {
  all: ["labels"] as const,
  batch: (labelId: string) => [...labelKeys.all, "batch", labelId] as const,
};

export const shipmentKeys = {
  all: ["shipments"] as const,
  ofOrder: (orderId: string) => [...shipmentKeys.all, "order", orderId] as const,
};

/** A label batch; the modal reads it again until it is done (each read brings fresh PDF URLs). */
export const labelBatchQueryOptions = (labelId: string) =>
  queryOptions({ queryKey: labelKeys.batch(labelId), queryFn: () => getLabelBatch(labelId) });

/** Every shipment of one order, newest first (the drawer's 送り状). */
export const orderShipmentsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: shipmentKeys.ofOrder(orderId),
    queryFn: () => getShipments({ order_id: orderId }),
  });

/** Starts a batch. */
export function useIssueLabels() {
  return useJobMutation(issueLabels);
}

/** Orders and their shipments after a batch: statuses, error tab and the drawer's 送り状 change. */
export function useInvalidateAfterLabels() {
  const queryClient = useQueryClient();
  // Stable, so an effect can depend on it without running again on every render.
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
      ]),
    [queryClient],
  );
}
