import { createFileRoute } from "@tanstack/react-router";
import { BasicInformationStep } from "../components/SetupWizard/BasicInformationStep";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { companyQueryOptions } from "../queries/companies";

/** 基本情報: the company's profile, the first step of the setup wizard. */
export const Route = createFileRoute("/_authed/setup/basic_information")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(companyQueryOptions()),
  component: () => (
    <SetupWizard current="basic_information">
      <BasicInformationStep />
    </SetupWizard>
  ),
});
