import { createFileRoute } from "@tanstack/react-router";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { StoresStep } from "../components/SetupWizard/StoresStep";
import { companyQueryOptions } from "../queries/companies";
import { shopsQueryOptions } from "../queries/shops";
import { meQueryOptions } from "../queries/users";

/** ストア連携: the shops, with buttons for administrators only. */
export const Route = createFileRoute("/_authed/setup/stores")({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(companyQueryOptions()),
      queryClient.ensureQueryData(shopsQueryOptions()),
      queryClient.ensureQueryData(meQueryOptions()),
    ]),
  component: () => (
    <SetupWizard current="stores">
      <StoresStep />
    </SetupWizard>
  ),
});
