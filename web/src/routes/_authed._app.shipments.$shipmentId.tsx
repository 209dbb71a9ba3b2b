import { createFileRoute } from "@tanstack/react-router";
import { shipmentQueryOptions } from "../queries/shipments";

/**
 * /shipments/{id}: one shipment over 出荷履歴 (the parent draws both). The loader puts it in
 * the cache; one that cannot be read opens the drawer with the reason, not an error page.
 */
export const Route = createFileRoute("/_authed/_app/shipments/$shipmentId")({
  loader: ({ context: { queryClient }, params: { shipmentId } }) =>
    queryClient.ensureQueryData(shipmentQueryOptions(shipmentId)).catch(() => undefined),
});
