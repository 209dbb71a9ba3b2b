import { Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { StoresSettings, useShops } from "../StoresSettings/StoresSettings";
import { AdvanceStep } from "./AdvanceStep";
import { StepHeader } from "./StepHeader";

export const storesStepHint = "ストアを1つ以上接続すると、次へ進めます。";

/** ストア連携: connect at least one Shopify or ecforce shop, then go on to 配送情報. */
export function StoresStep() {
  const { data: shops } = useShops();
  const connected = shops.items.some((shop) => shop.status === "active");
  return (
    <Stack gap="xl">
      <StepHeader step="stores" />
      <StoresSettings from="setup" />
      <AdvanceStep
        next="carriers"
        label="次へ"
        icon={<IconArrowRight size={18} stroke={1.8} />}
        disabled={!connected}
        note={connected ? "ストアは「設定」の「ストア管理」からいつでも追加できます。" : storesStepHint}
      />
    </Stack>
  );
}
