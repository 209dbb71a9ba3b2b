import { createFileRoute } from "@tanstack/react-router";
import { StoresStep } from "../components/SetupWizard/StoresStep";
import { shopsQueryOptions } from "../queries/shops";
import { meQueryOptions } from "../queries/users";

/** ストア連携: the shops, with buttons for administrators only. */
export const Route = createFileRoute("/_authed/setup/stores")({
  staticData: { setupStep: "stores" },
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(shopsQueryOptions()),
      queryClient.ensureQueryData(meQueryOptions()),
    ]),
  component: StoresStep,
});
