import { createFileRoute } from "@tanstack/react-router";
import { CarriersStep } from "../components/SetupWizard/CarriersStep";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { companyQueryOptions } from "../queries/companies";

/** 配送情報: the carrier accounts, the last step; its list loads inside the step. */
export const Route = createFileRoute("/_authed/setup/carriers")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(companyQueryOptions()),
  component: () => (
    <SetupWizard current="carriers">
      <CarriersStep />
    </SetupWizard>
  ),
});
