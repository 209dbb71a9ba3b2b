import { Paper, Stack, Text } from "@mantine/core";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { StepHeader } from "../components/SetupWizard/StepHeader";

/**
 * The wizard's steps each have a route of their own (/setup/basic_information, /setup/stores,
 * /setup/carriers), whose code the router fetches with the URL. This one is left the first
 * status, register, which signing up completes: a company is never left on it.
 */
export const Route = createFileRoute("/_authed/setup/$step")({
  staticData: { setupStep: "register" },
  beforeLoad: ({ params }) => {
    if (params.step !== "register") throw notFound();
  },
  component: RegisterStepPage,
});

function RegisterStepPage() {
  return (
    <Stack gap="md">
      <StepHeader step="register" />
      <Paper withBorder bg="gray.0" p="lg" style={{ borderStyle: "dashed" }}>
        <Text size="sm" c="dimmed" ta="center">
          アカウント登録はログイン時に自動で行われます。画面を再読み込みしてください。
        </Text>
      </Paper>
    </Stack>
  );
}
