import { Paper, Stack, Text } from "@mantine/core";
import { type SetupStep, setupSteps } from "@okuru/core/shared/setup-status";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { BasicInformationStep } from "../components/SetupWizard/BasicInformationStep";
import { CarriersStep } from "../components/SetupWizard/CarriersStep";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";
import { StepHeader } from "../components/SetupWizard/StepHeader";
import { StoresStep } from "../components/SetupWizard/StoresStep";
import { companyQueryOptions } from "../queries/companies";
import { shopsQueryOptions } from "../queries/shops";
import { meQueryOptions } from "../queries/users";

function isSetupStep(value: string): value is SetupStep {
  return (setupSteps as readonly string[]).includes(value);
}

export const Route = createFileRoute("/_authed/setup/$step")({
  beforeLoad: ({ params }) => {
    if (!isSetupStep(params.step)) throw notFound();
  },
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(companyQueryOptions()),
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
  if (step === "basic_information") return <BasicInformationStep />;
  if (step === "stores") return <StoresStep />;
  if (step === "carriers") return <CarriersStep />;
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
