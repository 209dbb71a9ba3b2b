import { Center, Loader, Stack } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { Suspense } from "react";
import { useHasCarrierAccount } from "../../queries/carriers";
import { CarriersSettings } from "../CarriersSettings/CarriersSettings";
import { AdvanceStep } from "./AdvanceStep";
import { StepHeader } from "./StepHeader";

export const setupCompletedMessage = "初期設定が完了しました。";
export const carriersStepHint = "配送会社の契約情報を1件以上登録すると、初期設定を完了できます。";

/** 配送情報: register at least one carrier account (the API asks for one), then finish setup. */
export function CarriersStep() {
  return (
    <Stack gap="xl">
      <StepHeader step="carriers" />
      {/* The accounts load here, not above the wizard: suspending the whole wizard would
          leave the stepper's newly completed step without its ✓ (its pop-in never starts). */}
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" aria-label="読み込み中" />
          </Center>
        }
      >
        <CarrierAccountsAndFinish />
      </Suspense>
    </Stack>
  );
}

function CarrierAccountsAndFinish() {
  const registered = useHasCarrierAccount();
  return (
    <>
      <CarriersSettings />
      <AdvanceStep
        next="done"
        label="初期設定を完了する"
        icon={<IconCheck size={18} stroke={2} />}
        disabled={!registered}
        note={
          registered
            ? "契約情報は「設定」の「配送会社連携」からいつでも追加・変更できます。完了すると注文リストに移動します。"
            : carriersStepHint
        }
        success={setupCompletedMessage}
      />
    </>
  );
}
