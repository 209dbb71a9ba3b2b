import { Anchor, Badge, Button, Code, Group, Stack, Text } from "@mantine/core";
import { apiScopeLabels } from "@okuru/core/shared/api-scope-names";
import { IconExternalLink, IconKey, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import type { Credential } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/dates";
import { DrawnLater } from "../../lib/load-later";
import { notify } from "../../lib/notify";
import { credentialsQueryOptions, useDeleteCredential, useRotateCredential } from "../../queries/credentials";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { credentialFormModal, secretModal } from "./api-settings-later";
import { CopyableValue } from "./CopyableValue";
import type { ShownSecret } from "./SecretModal";
import { WebhookEndpoints } from "./WebhookEndpoints";

/**
 * API連携: the credentials other systems use to call the API (a client id and a secret
 * shown once), what each may do, when it was last used, and its webhook endpoints.
 * Administrators only: the API refuses anyone else, and the tab shows only when the
 * company's API連携 is switched on.
 */
export function ApiSettings() {
  const { data } = useSuspenseQuery(credentialsQueryOptions());
  const [editing, setEditing] = useState<Credential | "new" | null>(null);
  const [revoking, setRevoking] = useState<Credential | null>(null);
  const revokingShown = useRetained(revoking);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const rotate = useRotateCredential();
  const revoke = useDeleteCredential();
  const credentials = data.items;

  const showCredentialSecret = (title: string, created: { clientId: string; clientSecret: string }) =>
    setSecret({
      title,
      rows: [
        { label: "クライアントID", value: created.clientId },
        { label: "クライアントシークレット", value: created.clientSecret },
      ],
    });
  const rotateSecret = (credential: Credential) =>
    rotate.mutate(credential.id, {
      onSuccess: (rotated) => showCredentialSecret("新しいクライアントシークレット", rotated),
      onError: (error) => notify.error(error.message),
    });

  return (
    <Stack gap="lg">
      <SettingsSection
        title="API連携"
        description={
          <>
            外部のシステム（倉庫管理・基幹システムなど）から、注文の取得・送り状の発行・追跡番号の登録を行うための認証情報です。
            使い方は{" "}
            <Anchor href="/api/docs" target="_blank" rel="noreferrer">
              APIリファレンス <IconExternalLink size={12} />
            </Anchor>{" "}
            をご覧ください。
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={18} stroke={1.7} />} onClick={() => setEditing("new")}>
            認証情報を作成
          </Button>
        }
      >
        {credentials.length === 0 ? (
          <Text size="sm" c="dimmed">
            認証情報はまだありません。「認証情報を作成」から、連携するシステムごとに作成してください。
          </Text>
        ) : (
          <Stack gap="lg">
            {credentials.map((credential) => (
              <Stack
                key={credential.id}
                gap="sm"
                p="md"
                role="group"
                aria-label={credential.name}
                style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
              >
                <Group justify="space-between" align="flex-start">
                  <Stack gap={4}>
                    <Text fw={700}>{credential.name}</Text>
                    <Group gap={4}>
                      {credential.scopes.map((scope) => (
                        <Badge key={scope} size="sm" variant="light">
                          {apiScopeLabels[scope]}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPencil size={14} />}
                      aria-label={`${credential.name}を編集`}
                      onClick={() => setEditing(credential)}
                    >
                      編集
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconKey size={14} />}
                      loading={rotate.isPending && rotate.variables === credential.id}
                      onClick={() => rotateSecret(credential)}
                    >
                      シークレットを再発行
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`${credential.name}を失効`}
                      onClick={() => setRevoking(credential)}
                    >
                      失効
                    </Button>
                  </Group>
                </Group>
                <CopyableValue label="クライアントID" value={credential.clientId} />
                <Text size="xs" c="dimmed">
                  作成 {formatDateTime(credential.createdAt)}・最終利用{" "}
                  {credential.lastUsedAt ? formatDateTime(credential.lastUsedAt) : "なし"}・有効期限{" "}
                  {credential.expiresAt ? formatDate(credential.expiresAt) : "無期限"}
                </Text>
                <WebhookEndpoints
                  credential={credential}
                  onSecret={(endpoint) =>
                    setSecret({
                      title: "Webhook の署名用シークレット",
                      rows: [
                        { label: "送信先URL", value: endpoint.url },
                        { label: "署名用シークレット", value: endpoint.secret },
                      ],
                    })
                  }
                />
              </Stack>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" mt="md">
          トークンの取得: <Code>POST /api/oauth_token</Code>（クライアントIDとシークレットで Basic 認証、
          <Code>grant_type=client_credentials</Code>）。
        </Text>
      </SettingsSection>

      {/* In a portal: drawn once its code has come (or at once when opened before that). */}
      <DrawnLater
        part={credentialFormModal}
        needed={editing !== null}
        opened={editing !== null}
        credential={editing === "new" ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => showCredentialSecret("作成した認証情報", created)}
      />
      <ConfirmDeleteModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="認証情報を失効"
        confirmLabel="失効する"
        successMessage="認証情報を失効しました。"
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.id);
        }}
      >
        「{revokingShown?.name ?? ""}
        」を失効します。このクライアントIDとシークレット、発行済みのトークンはすぐに使えなくなり、Webhook
        の送信も止まります。この操作は取り消せません。
      </ConfirmDeleteModal>
      <DrawnLater
        part={secretModal}
        needed={secret !== null}
        shown={secret}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
