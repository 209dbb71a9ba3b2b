import { Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { notify } from "../../lib/notify";
import { orderKeys, useSyncOrders } from "../../queries/orders";
import { shopsQueryOptions } from "../../queries/shops";
import {
  importProgressText,
  type SyncRequest,
  startSyncRequest,
  summarizeSync,
  syncPollInterval,
  syncRequestStatus,
} from "./sync-progress";

const startFailed = "注文の同期を開始できませんでした。時間をおいて再度お試しください。";

/**
 * 注文を同期: queues an import of every connected shop, follows it on the shops'
 * sync state (read every 2 s while a run is queued or under way), and when it ends
 * reads the orders again so the new ones appear.
 */
export function OrderSync() {
  const queryClient = useQueryClient();
  const sync = useSyncOrders();
  const [request, setRequest] = useState<SyncRequest | null>(null);
  const shops = useQuery({
    ...shopsQueryOptions(),
    refetchInterval: (query) =>
      request || query.state.data?.items.some((shop) => shop.sync.status === "running")
        ? syncPollInterval
        : false,
  });
  const items = shops.data?.items ?? [];
  const summary = summarizeSync(items);
  const status = request ? syncRequestStatus(request, items, Date.now()) : null;

  useEffect(() => {
    if (!request || !shops.data) return;
    const current = syncRequestStatus(request, shops.data.items, Date.now());
    if (current.state === "running") {
      if (!request.sawRunning) setRequest({ ...request, sawRunning: true });
      return;
    }
    if (current.state === "waiting") return;
    setRequest(null);
    if (current.state === "stalled") {
      notify.warning("同期の開始を確認できませんでした。しばらくしてから画面を再読み込みしてください。");
      return;
    }
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    if (current.errors.length > 0) notify.error(current.errors[0]!.message);
    else notify.success(`注文の同期が完了しました（${current.imported}件を取り込みました）。`);
  }, [request, shops.data, queryClient]);

  async function start() {
    try {
      // Runs are told apart by their start, so the baseline must be the shops as they are now,
      // not as last read (a scheduled run may have ended since).
      const current = await queryClient.fetchQuery({ ...shopsQueryOptions(), staleTime: 0 });
      const before = startSyncRequest(current.items, Date.now());
      const result = await sync.mutateAsync();
      if (result.enqueued === 0) notify.error(startFailed);
      else setRequest(before);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : startFailed);
    }
  }

  const noShop = shops.isSuccess && summary.activeShops === 0;
  const busy = summary.running || status?.state === "waiting";

  return (
    <Stack gap={4} align="flex-end" maw={420}>
      <Button
        leftSection={<IconRefresh size={16} />}
        onClick={() => void start()}
        loading={sync.isPending}
        disabled={noShop || busy || !shops.isSuccess}
      >
        注文を同期
      </Button>
      <Stack gap={2} align="flex-end" aria-live="polite">
        {noShop ? (
          <Text size="xs" c="dimmed" ta="right">
            連携中のストアがありません。
            <Anchor component={Link} to="/settings/stores" size="xs">
              ストア管理
            </Anchor>
            から接続してください。
          </Text>
        ) : summary.running ? (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} />
            <Text size="xs" fw={600}>
              {`同期中… ${summary.imported}件を取り込みました`}
            </Text>
            <Text size="xs">{importProgressText(summary)}</Text>
          </Group>
        ) : status?.state === "waiting" ? (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} />
            <Text size="xs">同期の開始を待っています…</Text>
          </Group>
        ) : (
          summary.activeShops > 0 && (
            <Text size="xs" c="dimmed">
              {summary.lastSuccessAt
                ? `最終同期 ${formatDateTime(summary.lastSuccessAt)}`
                : "まだ同期していません"}
            </Text>
          )
        )}
        {!summary.running &&
          summary.errors.map((error) => (
            <Text key={error.shopId} size="xs" c="red" role="alert" ta="right">
              {summary.activeShops > 1 ? `${error.shopName}：${error.message}` : error.message}
            </Text>
          ))}
      </Stack>
    </Stack>
  );
}
