import { Group, Stack, Text } from "@mantine/core";
import { issuingModeLabels } from "@okuru/core/shared/carrier-account-names";
import { type Carrier, carrierLabels } from "@okuru/core/shared/carrier-names";
import { IconAlertTriangle, IconMail, IconTruck, IconTruckDelivery } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import type { CarrierAccount } from "../../lib/api";
import { prefetchWhenIdle } from "../../lib/load-later";
import { useAllCarrierAccounts, useDeleteCarrierAccount } from "../../queries/carriers";
import type { DataColumn } from "../DataTable/DataTable";
import { LaterRecordForm } from "../RecordListSection/LaterRecordForm";
import { nameColumn, RecordListSection } from "../RecordListSection/RecordListSection";
import { carrierSoftware, customerCodeFields, formatCount } from "./carrier-account-form";
import { carrierAccountForm } from "./carriers-settings-later";

export const lowOnNumbersMessage =
  "残りの追跡番号が少なくなっています。配送会社から新しい番号帯の割り当てを受けて登録してください。";

const carrierIcons: Record<Carrier, ReactNode> = {
  japan_post: <IconMail size={28} stroke={1.6} />,
  sagawa: <IconTruck size={28} stroke={1.6} />,
  yamato: <IconTruckDelivery size={28} stroke={1.6} />,
};

/**
 * 配送会社連携: each carrier's contract accounts (日本郵便, 佐川急便, ヤマト運輸),
 * shown in 設定 and in the setup wizard's 配送情報 step.
 */
export function CarriersSettings() {
  const accounts = useAllCarrierAccounts();
  // The 契約情報 form comes once the lists are drawn, before a dialog is first opened.
  useEffect(() => prefetchWhenIdle(carrierAccountForm.prefetch), []);
  return (
    <Stack gap="lg">
      {accounts.map(({ carrier, items }) => (
        <CarrierAccountsSection key={carrier} carrier={carrier} accounts={items} />
      ))}
    </Stack>
  );
}

function RemainingNumbers({ account }: { account: CarrierAccount }) {
  if (account.remainingNumbers === null)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (!account.lowOnNumbers) return <Text size="sm">{formatCount(account.remainingNumbers)}</Text>;
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <IconAlertTriangle size={16} stroke={1.8} color="var(--mantine-color-yellow-7)" aria-hidden />
        <Text size="sm" fw={600} c="yellow.8">
          {formatCount(account.remainingNumbers)}
        </Text>
      </Group>
      <Text size="xs" c="yellow.9" role="status">
        {lowOnNumbersMessage}
      </Text>
    </Stack>
  );
}

function CarrierAccountsSection({ carrier, accounts }: { carrier: Carrier; accounts: CarrierAccount[] }) {
  const remove = useDeleteCarrierAccount(carrier);
  const label = carrierLabels[carrier];
  const code = customerCodeFields[carrier];

  const columns: DataColumn<CarrierAccount>[] = [
    nameColumn("表示名", {
      width: "36%",
      isDefault: (account) => account.isDefault,
      // The code's last digits sit under the name: enough to tell two contracts apart.
      detail: (account) => `${code.label} ${account.customerCodeHint ?? "未登録"}`,
    }),
    {
      key: "mode",
      header: "発行方法",
      width: "30%",
      render: (account) => <Text size="sm">{issuingModeLabels[account.mode]}</Text>,
    },
    {
      key: "remaining",
      header: "追跡番号の残り",
      render: (account) => <RemainingNumbers account={account} />,
    },
  ];

  return (
    <RecordListSection
      title={label}
      description={`送り状を自社で印刷するか、${carrierSoftware[carrier]}で発行するための契約情報です。`}
      noun={`${label}の契約情報`}
      rows={accounts}
      columns={columns}
      empty={{
        icon: carrierIcons[carrier],
        title: `${label}の契約情報が登録されていません`,
        description: `${code.label}などの契約情報を登録すると、${label}の送り状を発行できます。`,
      }}
      renderForm={(record, onClose) => (
        <LaterRecordForm
          form={carrierAccountForm}
          carrier={carrier}
          account={record}
          firstOfCarrier={accounts.length === 0}
          onClose={onClose}
        />
      )}
      onDelete={(account) => remove.mutateAsync(account.id)}
    />
  );
}
