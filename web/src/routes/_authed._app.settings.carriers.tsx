import { createFileRoute } from "@tanstack/react-router";
import { CarriersSettings } from "../components/CarriersSettings/CarriersSettings";
import { carriers } from "../lib/route-values";
import { carrierAccountsQueryOptions } from "../queries/carriers";

export const Route = createFileRoute("/_authed/_app/settings/carriers")({
  loader: ({ context: { queryClient } }) =>
    Promise.all(carriers.map((carrier) => queryClient.ensureQueryData(carrierAccountsQueryOptions(carrier)))),
  component: CarriersSettings,
});
