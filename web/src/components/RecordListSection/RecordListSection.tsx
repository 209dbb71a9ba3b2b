import { Badge, Button, Group, Text } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import { useCanManageSettings } from "../../lib/permissions";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { EmptyState } from "../EmptyState/EmptyState";
import { SettingsSection } from "../SettingsSection/SettingsSection";

/** A record listed by a settings tab: the API's senders, item categories… */
export interface NamedRecord {
  id: string;
  name: string;
}

export interface RecordListSectionProps<T extends NamedRecord> {
  /** The section's title, also the table's accessible name. */
  title: string;
  description: ReactNode;
  /** What one record is called, e.g. 「発送元」: 「発送元を追加」, 「発送元を削除」… */
  noun: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  /** Shown instead of the table while there are no records. */
  empty: { icon: ReactNode; title: string; description: string };
  /** The add/edit dialog; `record` is null for a new one (and kept while the dialog closes). */
  renderFormModal: (props: { opened: boolean; record: T | null; onClose: () => void }) => ReactNode;
  /** Deletes one record; a refusal by the API is shown in the confirmation dialog. */
  onDelete: (record: T) => Promise<unknown>;
}

/**
 * One list tab of the settings: the titled card with its add button, the empty
 * state or the table, the edit dialog and the delete confirmation.
 */
export function RecordListSection<T extends NamedRecord>({
  title,
  description,
  noun,
  rows,
  columns,
  empty,
  renderFormModal,
  onDelete,
}: RecordListSectionProps<T>) {
  const canManage = useCanManageSettings();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const editingShown = useRetained(editing);
  const deletingShown = useRetained(deleting);

  const addButton = (
    <Button leftSection={<IconPlus size={18} stroke={1.8} />} onClick={() => setEditing("new")}>
      {`${noun}を追加`}
    </Button>
  );

  return (
    <>
      <SettingsSection
        title={title}
        description={description}
        actions={rows.length > 0 && addButton}
        readOnly={!canManage}
        flush
      >
        {rows.length === 0 ? (
          <EmptyState
            icon={empty.icon}
            title={empty.title}
            description={empty.description}
            action={canManage ? <Group mt="sm">{addButton}</Group> : undefined}
          />
        ) : (
          <DataTable
            label={title}
            rows={rows}
            rowKey={(record) => record.id}
            columns={columns}
            actions={
              canManage
                ? (record) => (
                    <>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconPencil size={14} stroke={1.8} />}
                        aria-label={`${record.name}を編集`}
                        onClick={() => setEditing(record)}
                      >
                        編集
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        leftSection={<IconTrash size={14} stroke={1.8} />}
                        aria-label={`${record.name}を削除`}
                        onClick={() => setDeleting(record)}
                      >
                        削除
                      </Button>
                    </>
                  )
                : undefined
            }
          />
        )}
      </SettingsSection>

      {renderFormModal({
        opened: editing !== null,
        record: editingShown === "new" ? null : editingShown,
        onClose: () => setEditing(null),
      })}
      <ConfirmDeleteModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`${noun}を削除`}
        successMessage={`${noun}を削除しました。`}
        onConfirm={async () => {
          if (deleting) await onDelete(deleting);
        }}
      >
        「{deletingShown?.name}」を削除します。この操作は取り消せません。
      </ConfirmDeleteModal>
    </>
  );
}

/** A record's name in bold, with the 「デフォルト」 badge when the brand uses it by default. */
export function RecordName({ name, isDefault }: { name: string; isDefault: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {isDefault && (
        <Badge size="xs" variant="light" color="teal" radius="sm">
          デフォルト
        </Badge>
      )}
    </Group>
  );
}
