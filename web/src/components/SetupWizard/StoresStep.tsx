import { Alert, SimpleGrid, Stack } from "@mantine/core";
import { IconArrowRight, IconBuildingStore, IconInfoCircle, IconShoppingCart } from "@tabler/icons-react";
import { AdvanceStep } from "./AdvanceStep";
import { IntroCard } from "./IntroCard";
import { StepHeader } from "./StepHeader";

/** ストア連携: what connecting a shop brings; the connection screens come in a later release. */
export function StoresStep() {
  return (
    <Stack gap="xl">
      <StepHeader step="stores" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <IntroCard
          icon={<IconBuildingStore size={22} stroke={1.6} />}
          title="Shopify"
          subtitle="Okuruのアプリをストアにインストールして連携"
          points={[
            "新しい注文を自動で取り込み",
            "発送後、追跡番号をストアへ反映",
            "複数のストアをまとめて管理",
          ]}
        />
        <IntroCard
          icon={<IconShoppingCart size={22} stroke={1.6} />}
          title="ecforce"
          subtitle="ecforceで発行したAPIキーを登録して連携"
          points={[
            "受注データを自動で取り込み",
            "発送後、追跡番号をecforceへ反映",
            "配送方法を配送会社に対応付け",
          ]}
        />
      </SimpleGrid>
      <Alert
        role="note"
        variant="light"
        color="ai"
        icon={<IconInfoCircle size={20} stroke={1.7} />}
        title="連携画面は近日公開予定です"
      >
        ストア連携の設定画面は、今後のリリースで追加されます。公開後は「設定」からいつでも連携できますので、いまは「次へ」で先に進んでください。
      </Alert>
      <AdvanceStep next="carriers" label="次へ" icon={<IconArrowRight size={18} stroke={1.8} />} />
    </Stack>
  );
}
