import { keepPreviousData, queryOptions, useMutation } from "@tanstack/react-query";
import {
  cancelShipment,
  cancelShipments,
  getShipment,
  getShipmentCounts,
  getShipments,
  reissueShipments,
  type ShipmentListQuery,
} from "../lib/api";
import { shipmentKeys, useInvalidateAfterLabels } from "./labels";
import { useJobMutation } from "./mutations";

/**
 * 出荷履歴's reads and actions. Its keys sit under shipmentKeys.all, so a label batch
 * finished on the order list refreshes the history too, and the other way round.
 */
export const shipmentHistoryKeys = {
  list: (query: ShipmentListQuery) => [...shipmentKeys.all, "history", query] as const,
  counts: () => [...shipmentKeys.all, "history", "counts"] as const,
  detail: (id: string) => [...shipmentKeys.all, "detail", id] as const,
};

/** One shipment (出荷履歴's drawer); under shipmentKeys.all, so a cancel or reissue reads it again. */
export const shipmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: shipmentHistoryKeys.detail(id), queryFn: () => getShipment(id) });

/** The tabs' counts; read again with every shipment query (a batch done, a cancel). */
export const shipmentCountsQueryOptions = () =>
  queryOptions({ queryKey: shipmentHistoryKeys.counts(), queryFn: () => getShipmentCounts() });

/** One page of the history; the previous page stays on screen while the next loads. */
export const shipmentHistoryQueryOptions = (query: ShipmentListQuery) =>
  queryOptions({
    queryKey: shipmentHistoryKeys.list(query),
    queryFn: () => getShipments(query),
    placeholderData: keepPreviousData,
  });

/** A cancelled label frees its order's parcel, so orders are read again along with shipments. */
export function useCancelShipment() {
  const invalidate = useInvalidateAfterLabels();
  return useMutation({ mutationFn: (id: string) => cancelShipment(id), onSettled: invalidate });
}

/** Cancels several; some may be refused (their reasons are in the results), so read again either way. */
export function useCancelShipments() {
  const invalidate = useInvalidateAfterLabels();
  return useMutation({
    mutationFn: (ids: string[]) => cancelShipments({ ids }),
    onSettled: invalidate,
  });
}

/** Starts a reissue batch; the history is read again once the batch is done, not when it is accepted. */
export function useReissueShipments() {
  return useJobMutation(reissueShipments);
}
