import { Paper, Stack, Text } from "@mantine/core";
import { type SetupStep, setupSteps } from "@okuru/core/shared/setup-status";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { Suspense } from "react";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { StepHeader } from "../components/SetupWizard/StepHeader";
import { loadLater } from "../lib/load-later";
import { companyQueryOptions } from "../queries/companies";
import { shopsQueryOptions } from "../queries/shops";
import { meQueryOptions } from "../queries/users";

function isSetupStep(value: string): value is SetupStep {
  return (setupSteps as readonly string[]).includes(value);
}

/**
 * Each step's screen (会社概要's form, ストア管理, 配送会社連携), fetched by the route's loader
 * for the step the URL names, beside its data: a URL draws one step, and the three together
 * were 30 KB gzip over the 200 KB a first screen may take (issue 27 §13).
 */
const stepScreens = {
  basic_information: loadLater(() =>
    import("../components/SetupWizard/BasicInformationStep").then((module) => module.BasicInformationStep),
  ),
  stores: loadLater(() => import("../components/SetupWizard/StoresStep").then((module) => module.StoresStep)),
  carriers: loadLater(() =>
    import("../components/SetupWizard/CarriersStep").then((module) => module.CarriersStep),
  ),
} as const;

export const Route = createFileRoute("/_authed/setup/$step")({
  beforeLoad: ({ params }) => {
    if (!isSetupStep(params.step)) throw notFound();
  },
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(companyQueryOptions()),
      stepScreens[params.step as keyof typeof stepScreens]?.prefetch(),
      // ストア連携 lists the shops, with buttons for administrators only.
      ...(params.step === "stores"
        ? [queryClient.ensureQueryData(shopsQueryOptions()), queryClient.ensureQueryData(meQueryOptions())]
        : []),
    ]),
  component: SetupStepPage,
});

function SetupStepPage() {
  const { step } = Route.useParams();
  const current = step as SetupStep;
  return (
    <SetupWizard current={current}>
      <StepContent step={current} />
    </SetupWizard>
  );
}

function StepContent({ step }: { step: SetupStep }) {
  if (step in stepScreens) {
    const Screen = stepScreens[step as keyof typeof stepScreens].Component;
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  }
  // register is done by signing up; a company is never left on it.
  return (
    <Stack gap="md">
      <StepHeader step={step} />
      <Paper withBorder bg="gray.0" p="lg" style={{ borderStyle: "dashed" }}>
        <Text size="sm" c="dimmed" ta="center">
          アカウント登録はログイン時に自動で行われます。画面を再読み込みしてください。
        </Text>
      </Paper>
    </Stack>
  );
}
