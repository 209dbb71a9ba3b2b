import type { SetupStep } from "@okuru/core/shared/setup-status";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Outlet, useMatches } from "@tanstack/react-router";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { companyQueryOptions } from "../queries/companies";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The step of the setup wizard a page under /setup is (its stepper marks it current). */
    setupStep?: SetupStep;
  }
}

/**
 * The setup wizard's frame (header, stepper) around its pages: drawn once, so that moving to
 * the next step draws only the step, and the stepper marks the step just done as it changes.
 */
export const Route = createFileRoute("/_authed/setup")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(companyQueryOptions()),
  component: SetupLayout,
});

function SetupLayout() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const step = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.setupStep) });
  // A page that is no step (the return from Shopify) shows where the company really is.
  const current =
    step?.staticData.setupStep ?? (company.setupStatus === "done" ? "carriers" : company.setupStatus);
  return (
    <SetupWizard current={current}>
      <Outlet />
    </SetupWizard>
  );
}
