import { Alert, SimpleGrid, Stack } from "@mantine/core";
import { carrierLabels } from "@okuru/core/shared/brand";
import { IconCheck, IconInfoCircle, IconMail, IconTruck, IconTruckDelivery } from "@tabler/icons-react";
import { AdvanceStep } from "./AdvanceStep";
import { IntroCard } from "./IntroCard";
import { StepHeader } from "./StepHeader";

export const setupCompletedMessage = "初期設定が完了しました。";

/** 配送情報: what registering carrier accounts brings; the last step finishes setup. */
export function CarriersStep() {
  return (
    <Stack gap="xl">
      <StepHeader step="carriers" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <IntroCard
          icon={<IconMail size={22} stroke={1.6} />}
          title={carrierLabels.japan_post}
          subtitle="ゆうプリR"
          points={["ゆうパック・ゆうパケット", "ゆうプリRで取り込める発送データ"]}
        />
        <IntroCard
          icon={<IconTruck size={22} stroke={1.6} />}
          title={carrierLabels.sagawa}
          subtitle="e飛伝Ⅲ"
          points={["飛脚宅配便", "e飛伝Ⅲで取り込める出荷データ"]}
        />
        <IntroCard
          icon={<IconTruckDelivery size={22} stroke={1.6} />}
          title={carrierLabels.yamato}
          subtitle="B2クラウド"
          points={["宅急便・宅急便コンパクト", "B2クラウドで取り込める発行データ"]}
        />
      </SimpleGrid>
      <Alert
        role="note"
        variant="light"
        color="ai"
        icon={<IconInfoCircle size={20} stroke={1.7} />}
        title="連携画面は近日公開予定です"
      >
        配送会社のご契約情報（お客様コードなど）を登録する画面は、今後のリリースで追加されます。公開後は「設定」から登録できます。
      </Alert>
      <AdvanceStep
        next="done"
        label="初期設定を完了する"
        icon={<IconCheck size={18} stroke={2} />}
        note="完了すると注文リストに移動します。"
        success={setupCompletedMessage}
      />
    </Stack>
  );
}
