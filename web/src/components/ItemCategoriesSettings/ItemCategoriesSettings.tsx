import { Badge, Button, Group, Text } from "@mantine/core";
import { IconNotes, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import type { ItemCategory } from "../../lib/api";
import { brandQueryOptions } from "../../queries/brands";
import { itemCategoriesQueryOptions, useDeleteItemCategory } from "../../queries/item-categories";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { EmptyState } from "../EmptyState/EmptyState";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { ItemCategoryFormModal } from "./ItemCategoryFormModal";

function Handling({ value }: { value: string }) {
  return value ? (
    <Text size="sm">{value}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** 備考欄設定: the 品名 and 荷扱い printed on labels. */
export function ItemCategoriesSettings() {
  const { data: itemCategories } = useSuspenseQuery(itemCategoriesQueryOptions());
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const [editing, setEditing] = useState<ItemCategory | "new" | null>(null);
  const [deleting, setDeleting] = useState<ItemCategory | null>(null);
  const editingShown = useRetained(editing);
  const deletingShown = useRetained(deleting);
  const remove = useDeleteItemCategory();

  const addButton = (
    <Button leftSection={<IconPlus size={18} stroke={1.8} />} onClick={() => setEditing("new")}>
      備考欄設定を追加
    </Button>
  );

  const columns: DataColumn<ItemCategory>[] = [
    {
      key: "name",
      header: "品名",
      render: (category) => (
        <Group gap={8} wrap="nowrap">
          <Text size="sm" fw={600}>
            {category.name}
          </Text>
          {category.id === brand.defaultItemCategoryId && (
            <Badge size="xs" variant="light" color="teal" radius="sm">
              デフォルト
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "handling1", header: "荷扱い1", width: "25%", render: (c) => <Handling value={c.handling1} /> },
    { key: "handling2", header: "荷扱い2", width: "25%", render: (c) => <Handling value={c.handling2} /> },
  ];

  return (
    <>
      <SettingsSection
        title="備考欄設定一覧"
        description="送り状の品名と「ワレモノ注意」などの荷扱いの組み合わせです。送り状の作成時に選ぶだけで入力できます。"
        actions={itemCategories.items.length > 0 && addButton}
        flush
      >
        {itemCategories.items.length === 0 ? (
          <EmptyState
            icon={<IconNotes size={28} stroke={1.6} />}
            title="備考欄設定が登録されていません"
            description="よく使う品名と荷扱いを登録しておくと、送り状の作成がすばやくなります。"
            action={<Group mt="sm">{addButton}</Group>}
          />
        ) : (
          <DataTable
            label="備考欄設定一覧"
            rows={itemCategories.items}
            rowKey={(category) => category.id}
            columns={columns}
            actions={(category) => (
              <>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPencil size={14} stroke={1.8} />}
                  aria-label={`${category.name}を編集`}
                  onClick={() => setEditing(category)}
                >
                  編集
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} stroke={1.8} />}
                  aria-label={`${category.name}を削除`}
                  onClick={() => setDeleting(category)}
                >
                  削除
                </Button>
              </>
            )}
          />
        )}
      </SettingsSection>

      <ItemCategoryFormModal
        opened={editing !== null}
        itemCategory={editingShown === "new" ? null : editingShown}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="備考欄設定を削除"
        successMessage="備考欄設定を削除しました。"
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        「{deletingShown?.name}」を削除します。この操作は取り消せません。
      </ConfirmDeleteModal>
    </>
  );
}
