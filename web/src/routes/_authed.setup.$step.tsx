import { Paper, Stack, Text, Title } from "@mantine/core";
import { type SetupStep, setupStepLabels, setupSteps } from "@okuru/core/shared/setup-status";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { SetupWizard } from "../components/SetupWizard/SetupWizard";

const stepDescriptions: Record<SetupStep, string> = {
  register: "メールアドレスの確認とアカウントの作成を行います。",
  basic_information: "会社名・所在地・電話番号など、送り状の発送元として使う基本情報を登録します。",
  stores: "ShopifyやecforceのストアとOkuruを連携し、注文を取り込めるようにします。",
  carriers: "日本郵便・佐川急便・ヤマト運輸のご契約情報を登録し、送り状を発行できるようにします。",
};

function isSetupStep(value: string): value is SetupStep {
  return (setupSteps as readonly string[]).includes(value);
}

export const Route = createFileRoute("/_authed/setup/$step")({
  beforeLoad: ({ params }) => {
    if (!isSetupStep(params.step)) throw notFound();
  },
  component: SetupStepPage,
});

function SetupStepPage() {
  const { step } = Route.useParams();
  const current = step as SetupStep;
  const number = setupSteps.indexOf(current) + 1;

  return (
    <SetupWizard current={current}>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="xs" fw={700} c="ai.7">
            STEP {number} / {setupSteps.length}
          </Text>
          <Title order={2} fz="lg">
            {setupStepLabels[current]}
          </Title>
          <Text size="sm">{stepDescriptions[current]}</Text>
        </Stack>
        <Paper withBorder bg="gray.0" p="lg" style={{ borderStyle: "dashed" }}>
          <Text size="sm" c="dimmed" ta="center">
            この手順の入力画面は準備中です。公開まで今しばらくお待ちください。
          </Text>
        </Paper>
      </Stack>
    </SetupWizard>
  );
}
