import { Badge, Button, Group, Stack, Switch, Table, Text } from "@mantine/core";
import { webhookEventLabels } from "@okuru/core/shared/webhook-event-names";
import { IconKey, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import type { Credential, WebhookEndpoint, WebhookEndpointWithSecret } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { DrawnLater } from "../../lib/load-later";
import { notify } from "../../lib/notify";
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  webhookDeliveriesQueryOptions,
  webhookEndpointsQueryOptions,
} from "../../queries/credentials";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { webhookEndpointModal } from "./api-settings-later";

const deliveryStatus = {
  pending: { label: "再送待ち", color: "yellow" },
  succeeded: { label: "成功", color: "teal" },
  failed: { label: "失敗", color: "red" },
} as const;

/**
 * A credential's webhook endpoints: where its events are posted, each with its recent
 * deliveries; added, changed, paused, given a new secret or removed here.
 */
export function WebhookEndpoints({
  credential,
  onSecret,
}: {
  credential: Credential;
  onSecret: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { data, isPending, isError } = useQuery(webhookEndpointsQueryOptions(credential.id));
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const removingShown = useRetained(removing);
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const endpoints = data?.items ?? [];

  const setEnabled = (endpoint: WebhookEndpoint, enabled: boolean) =>
    update.mutate(
      {
        credentialId: credential.id,
        webhookId: endpoint.id,
        body: { url: endpoint.url, events: endpoint.events, enabled },
      },
      {
        onSuccess: () => notify.success(enabled ? "送信を再開しました。" : "送信を停止しました。"),
        onError: (error) => notify.error(error.message),
      },
    );
  const rotateSecret = (endpoint: WebhookEndpoint) =>
    rotate.mutate(
      { credentialId: credential.id, webhookId: endpoint.id },
      { onSuccess: onSecret, onError: (error) => notify.error(error.message) },
    );

  return (
    <Stack gap="sm" role="region" aria-label={`${credential.name}のWebhook`}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Webhook（イベントの通知先）
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setEditing("new")}
        >
          送信先を追加
        </Button>
      </Group>
      {isError ? (
        <Text size="sm" c="red">
          Webhook の送信先を読み込めませんでした。
        </Text>
      ) : isPending ? null : endpoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          送信先はまだありません。送り状の発行完了・取り消し、追跡番号の登録、注文のエラーを、登録したURLにお知らせします。
        </Text>
      ) : (
        endpoints.map((endpoint) => (
          <Stack
            key={endpoint.id}
            gap={6}
            p="sm"
            style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ wordBreak: "break-all" }}>
                  {endpoint.url}
                </Text>
                <Group gap={4}>
                  {endpoint.events.map((event) => (
                    <Badge key={event} size="xs" variant="light">
                      {webhookEventLabels[event]}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Switch
                label="送信"
                checked={endpoint.enabled}
                onChange={(event) => setEnabled(endpoint, event.currentTarget.checked)}
                aria-label={`${endpoint.url} への送信`}
              />
            </Group>
            <Group gap="xs">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(endpoint)}>
                編集
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconKey size={12} />}
                loading={rotate.isPending && rotate.variables?.webhookId === endpoint.id}
                onClick={() => rotateSecret(endpoint)}
              >
                署名シークレットを再発行
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={12} />}
                onClick={() => setRemoving(endpoint)}
              >
                削除
              </Button>
            </Group>
            <Deliveries credentialId={credential.id} webhookId={endpoint.id} />
          </Stack>
        ))
      )}

      {/* In a portal: drawn once its code has come (or at once when opened before that). */}
      <DrawnLater
        part={webhookEndpointModal}
        needed={editing !== null}
        opened={editing !== null}
        credentialId={credential.id}
        endpoint={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={onSecret}
      />
      <ConfirmDeleteModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Webhook の送信先を削除"
        successMessage="送信先を削除しました。"
        onConfirm={async () => {
          if (removing) await remove.mutateAsync({ credentialId: credential.id, webhookId: removing.id });
        }}
      >
        「{removingShown?.url ?? ""}」への送信をやめ、送信記録も表示されなくなります。
      </ConfirmDeleteModal>
    </Stack>
  );
}

/** The endpoint's last deliveries: when, which event, how it went. */
function Deliveries({ credentialId, webhookId }: { credentialId: string; webhookId: string }) {
  const { data } = useQuery(webhookDeliveriesQueryOptions(credentialId, webhookId));
  const items = (data?.items ?? []).slice(0, 10);
  if (items.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        送信記録はまだありません。
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table fz="xs" verticalSpacing={4} aria-label="最近の送信記録">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>日時</Table.Th>
            <Table.Th>イベント</Table.Th>
            <Table.Th>結果</Table.Th>
            <Table.Th>試行</Table.Th>
            <Table.Th>応答</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(delivery.createdAt)}</Table.Td>
              <Table.Td>{webhookEventLabels[delivery.event]}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={deliveryStatus[delivery.status].color}>
                  {deliveryStatus[delivery.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.attempts}回</Table.Td>
              <Table.Td>
                {delivery.lastError ?? (delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : "")}
                {delivery.status === "pending" && delivery.nextAttemptAt && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    次回 {formatDateTime(delivery.nextAttemptAt)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
