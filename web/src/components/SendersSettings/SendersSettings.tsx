import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconAddressBook, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import type { Sender } from "../../lib/api";
import { brandQueryOptions } from "../../queries/brands";
import { sendersQueryOptions, useDeleteSender } from "../../queries/senders";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { EmptyState } from "../EmptyState/EmptyState";
import { formatAddress } from "../forms/AddressFields";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { SenderFormModal } from "./SenderFormModal";

/** 発送元管理: the ご依頼主 printed on labels. */
export function SendersSettings() {
  const { data: senders } = useSuspenseQuery(sendersQueryOptions());
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const [editing, setEditing] = useState<Sender | "new" | null>(null);
  const [deleting, setDeleting] = useState<Sender | null>(null);
  const editingShown = useRetained(editing);
  const deletingShown = useRetained(deleting);
  const remove = useDeleteSender();

  const addButton = (
    <Button leftSection={<IconPlus size={18} stroke={1.8} />} onClick={() => setEditing("new")}>
      発送元を追加
    </Button>
  );

  const columns: DataColumn<Sender>[] = [
    {
      key: "name",
      header: "発送元名",
      width: "30%",
      render: (sender) => (
        <Stack gap={2}>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" fw={600}>
              {sender.name}
            </Text>
            {sender.id === brand.defaultSenderId && (
              <Badge size="xs" variant="light" color="teal" radius="sm">
                デフォルト
              </Badge>
            )}
          </Group>
          {sender.companyName && (
            <Text size="xs" c="dimmed">
              {sender.companyName}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "address", header: "住所", render: (sender) => <Text size="sm">{formatAddress(sender)}</Text> },
    {
      key: "phone",
      header: "電話番号",
      width: 150,
      render: (sender) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {sender.phone}
        </Text>
      ),
    },
  ];

  return (
    <>
      <SettingsSection
        title="発送元一覧"
        description="送り状の「ご依頼主」欄に印字する発送元です。倉庫や店舗ごとに登録できます。"
        actions={senders.items.length > 0 && addButton}
        flush
      >
        {senders.items.length === 0 ? (
          <EmptyState
            icon={<IconAddressBook size={28} stroke={1.6} />}
            title="発送元が登録されていません"
            description="送り状のご依頼主として印字する名前・住所・電話番号を登録しましょう。"
            action={<Group mt="sm">{addButton}</Group>}
          />
        ) : (
          <DataTable
            label="発送元一覧"
            rows={senders.items}
            rowKey={(sender) => sender.id}
            columns={columns}
            actions={(sender) => (
              <>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPencil size={14} stroke={1.8} />}
                  aria-label={`${sender.name}を編集`}
                  onClick={() => setEditing(sender)}
                >
                  編集
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} stroke={1.8} />}
                  aria-label={`${sender.name}を削除`}
                  onClick={() => setDeleting(sender)}
                >
                  削除
                </Button>
              </>
            )}
          />
        )}
      </SettingsSection>

      <SenderFormModal
        opened={editing !== null}
        sender={editingShown === "new" ? null : editingShown}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="発送元を削除"
        successMessage="発送元を削除しました。"
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        「{deletingShown?.name}」を削除します。この操作は取り消せません。
      </ConfirmDeleteModal>
    </>
  );
}
