import { Badge, Group, Loader, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconPlugConnectedX, IconRefresh, IconSettings } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import { ApiError, type Shop } from "../../lib/api";
import { DrawnLater } from "../../lib/load-later";
import { notify } from "../../lib/notify";
import { useCanManageSettings } from "../../lib/permissions";
import { shopsQueryOptions, useDisconnectShop, useSyncShop } from "../../queries/shops";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { EmptyState } from "../EmptyState/EmptyState";
import { importProgressText, syncPollInterval } from "../OrderList/sync-progress";
import { RowAction } from "../RecordListSection/RecordListSection";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { ConnectEcforceForm } from "./ConnectEcforceForm";
import { ConnectShopifyForm } from "./ConnectShopifyForm";
import { shopSettingsModal } from "./stores-settings-later";

/** Where the screen is shown; Shopify's authorisation returns to the matching completed page. */
export type StoresOrigin = "settings" | "setup";

const platformLabels: Record<Shop["platform"], string> = { shopify: "Shopify", ecforce: "ecforce" };
const platformColors: Record<Shop["platform"], string> = { shopify: "green", ecforce: "blue" };

const dateTime = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 2025/04/01 18:05 in Japan time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

const isRunning = (shop: Shop) => shop.sync.status === "running";

/** The shops query, read again every 2 s while a sync runs. */
export function useShops() {
  return useSuspenseQuery({
    ...shopsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.items.some(isRunning) ? syncPollInterval : false),
  });
}

function SyncState({ shop }: { shop: Shop }) {
  const { sync } = shop;
  return (
    <Stack gap={2}>
      {sync.status === "running" ? (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} />
          <Text size="sm" fw={600} c="ai">
            同期中
          </Text>
          <Text size="xs" c="dimmed">
            {`確認 ${sync.seen}件・取り込み ${sync.imported}件`}
          </Text>
          <Text size="xs" c="dimmed">
            {importProgressText(sync)}
          </Text>
        </Group>
      ) : (
        <Text size="sm">
          {sync.lastSuccessAt ? `最終同期 ${formatDateTime(sync.lastSuccessAt)}` : "未同期"}
        </Text>
      )}
      {sync.status === "running" && sync.startedAt && (
        <Text size="xs" c="dimmed">
          {`${formatDateTime(sync.startedAt)} 開始${sync.method === "bulk" ? "（Shopify の一括取得）" : ""}`}
        </Text>
      )}
      {sync.lastError && (
        <Text size="xs" c="red" role="alert">
          {sync.lastError}
        </Text>
      )}
    </Stack>
  );
}

export interface StoresSettingsProps {
  from: StoresOrigin;
}

/** ストア管理: the connected shops, their imports, and connecting Shopify or ecforce. */
export function StoresSettings({ from }: StoresSettingsProps) {
  const { data: shops } = useShops();
  const canManage = useCanManageSettings();
  const sync = useSyncShop();
  const disconnect = useDisconnectShop();
  const [syncing, setSyncing] = useState<string | null>(null);
  const [editing, setEditing] = useState<Shop | null>(null);
  const [removing, setRemoving] = useState<Shop | null>(null);
  const editingShown = useRetained(editing);
  const removingShown = useRetained(removing);

  async function syncNow(shop: Shop) {
    setSyncing(shop.id);
    try {
      const result = await sync.mutateAsync(shop.id);
      if (result.failed > 0)
        notify.error("注文の同期を開始できませんでした。時間をおいて再度お試しください。");
      else notify.success(`${shop.name} の注文の同期を開始しました。`);
    } catch (error) {
      notify.error(
        error instanceof ApiError
          ? error.message
          : "注文の同期を開始できませんでした。時間をおいて再度お試しください。",
      );
    } finally {
      setSyncing(null);
    }
  }

  const columns: DataColumn<Shop>[] = [
    {
      key: "name",
      header: "ストア",
      width: "34%",
      render: (shop) => (
        <Stack gap={2}>
          <Group gap={8} wrap="nowrap">
            <Badge size="sm" variant="light" radius="sm" color={platformColors[shop.platform]}>
              {platformLabels[shop.platform]}
            </Badge>
            <Text size="sm" fw={600}>
              {shop.name}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
            {shop.domain}
          </Text>
        </Stack>
      ),
    },
    {
      key: "status",
      header: "状態",
      width: 90,
      render: (shop) =>
        shop.status === "active" ? (
          <Badge size="sm" variant="light" color="teal" radius="sm">
            有効
          </Badge>
        ) : (
          <Badge size="sm" variant="light" color="gray" radius="sm">
            無効
          </Badge>
        ),
    },
    { key: "sync", header: "注文の同期", render: (shop) => <SyncState shop={shop} /> },
  ];

  const actions = (shop: Shop) =>
    shop.status === "active" ? (
      <>
        <RowAction
          icon={IconRefresh}
          label="今すぐ同期"
          of={shop.name}
          loading={syncing === shop.id}
          disabled={isRunning(shop)}
          onClick={() => void syncNow(shop)}
        />
        <RowAction
          icon={IconSettings}
          label="設定"
          of={shop.name}
          joiner="の"
          onClick={() => setEditing(shop)}
        />
        <RowAction
          icon={IconPlugConnectedX}
          label="接続を解除"
          of={shop.name}
          joiner="の"
          color="red"
          onClick={() => setRemoving(shop)}
        />
      </>
    ) : (
      <Text size="xs" c="dimmed">
        接続を解除済み
      </Text>
    );

  return (
    <Stack gap="lg">
      <SettingsSection
        title="接続中のストア"
        description="注文を取り込むShopify・ecforceのストアです。新しい注文は自動で取り込まれます。"
        readOnly={!canManage}
        flush
      >
        {shops.items.length === 0 ? (
          <EmptyState
            icon={<IconBuildingStore size={28} stroke={1.6} />}
            title="接続しているストアはありません"
            description={
              canManage
                ? "下のフォームからShopifyまたはecforceのストアと接続すると、注文を自動で取り込めます。"
                : "ストアとの接続は管理者が行います。"
            }
          />
        ) : (
          <DataTable
            label="接続中のストア"
            rows={shops.items}
            rowKey={(shop) => shop.id}
            columns={columns}
            actions={canManage ? actions : undefined}
          />
        )}
      </SettingsSection>

      {canManage && (
        <>
          <SettingsSection
            title="Shopifyと接続"
            description="Shopifyの画面でOkuruのアプリを承認すると、この画面に戻って接続が完了します。"
          >
            <ConnectShopifyForm from={from} />
          </SettingsSection>
          <SettingsSection
            title="ecforceと接続"
            description="ecforceの管理画面で発行したAPIトークンを登録します。"
          >
            <ConnectEcforceForm />
          </SettingsSection>
        </>
      )}

      {/* In a portal: drawn once its code has come (or at once when opened before that). */}
      <DrawnLater
        part={shopSettingsModal}
        needed={editing !== null}
        opened={editing !== null}
        shop={editingShown}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="ストアの接続を解除"
        confirmLabel="接続を解除する"
        successMessage="ストアの接続を解除しました。"
        onConfirm={async () => {
          if (removing) await disconnect.mutateAsync(removing);
        }}
      >
        「{removingShown?.name}
        」との接続を解除し、注文の取り込みと追跡番号の送信を止めます。取り込み済みの注文はそのまま残ります。
      </ConfirmDeleteModal>
    </Stack>
  );
}
