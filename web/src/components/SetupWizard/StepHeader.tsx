import { Stack, Text, Title } from "@mantine/core";
import { type SetupStep, setupStepLabels, setupSteps } from "@okuru/core/shared/setup-status";

export const stepDescriptions: Record<SetupStep, string> = {
  register: "メールアドレスの確認とアカウントの作成を行います。",
  basic_information: "会社名・所在地・電話番号など、送り状の発送元として使う基本情報を登録します。",
  stores: "ShopifyやecforceのストアとOkuruを連携し、注文を取り込めるようにします。",
  carriers: "日本郵便・佐川急便・ヤマト運輸のご契約情報を登録し、送り状を発行できるようにします。",
};

export function StepHeader({ step }: { step: SetupStep }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} c="ai.7">
        STEP {setupSteps.indexOf(step) + 1} / {setupSteps.length}
      </Text>
      <Title order={2} fz="lg">
        {setupStepLabels[step]}
      </Title>
      <Text size="sm">{stepDescriptions[step]}</Text>
    </Stack>
  );
}
