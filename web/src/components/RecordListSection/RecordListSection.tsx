import { Badge, Button, type ButtonProps, Group, Stack, Text } from "@mantine/core";
import { type Icon, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import { DrawnLater, loadLater } from "../../lib/load-later";
import { useCanManageSettings } from "../../lib/permissions";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { type DataColumn, DataTable } from "../DataTable/DataTable";
import { EmptyState } from "../EmptyState/EmptyState";
import type { FormModalProps, RecordFormModalProps } from "../forms/FormModal";
import { SettingsSection } from "../SettingsSection/SettingsSection";

/** The add/edit dialog, which only a click opens: the list draws without Mantine's Modal. */
const recordFormModal = loadLater(() =>
  import("../forms/FormModal").then(
    (module) => module.RecordFormModal as ComponentType<RecordFormModalProps<NamedRecord>>,
  ),
);

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
  /** The form of the add/edit dialog (「{noun}を追加」, 「{noun}を編集」); `record` is null for a new one. */
  renderForm: (record: T | null, onClose: () => void) => ReactNode;
  /** The dialog's width (FormModal's, "lg" unless said). */
  formSize?: FormModalProps["size"];
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
  renderForm,
  formSize,
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
                      <RowAction
                        icon={IconPencil}
                        label="編集"
                        of={record.name}
                        onClick={() => setEditing(record)}
                      />
                      <RowAction
                        icon={IconTrash}
                        label="削除"
                        of={record.name}
                        color="red"
                        onClick={() => setDeleting(record)}
                      />
                    </>
                  )
                : undefined
            }
          />
        )}
      </SettingsSection>

      <DrawnLater
        part={recordFormModal}
        needed={editing !== null}
        opened={editing !== null}
        record={editingShown === "new" ? null : editingShown}
        onClose={() => setEditing(null)}
        noun={noun}
        size={formSize}
      >
        {(record) => renderForm(record as T | null, () => setEditing(null))}
      </DrawnLater>
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

/**
 * A row's button in a settings table: 「編集」 labelled for assistive technology as
 * 「{of}を編集」 (「{of}の設定」 with `joiner` の), so each row's buttons can be told apart.
 */
export function RowAction({
  icon: ActionIcon,
  label,
  of,
  joiner = "を",
  ...props
}: Omit<ButtonProps, "children" | "leftSection" | "variant" | "size"> & {
  icon: Icon;
  label: string;
  /** The row's name. */
  of: string;
  joiner?: "を" | "の";
  onClick: () => void;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<ActionIcon size={14} stroke={1.8} />}
      aria-label={`${of}${joiner}${label}`}
      {...props}
    >
      {label}
    </Button>
  );
}

/**
 * The first column of a settings list: the record's name (RecordName), headed `header`.
 * `isDefault` tells the records the brand uses by default; `detail` is the grey line under the name.
 */
export function nameColumn<T extends NamedRecord>(
  header: string,
  options: { width?: string; isDefault: (record: T) => boolean; detail?: (record: T) => ReactNode },
): DataColumn<T> {
  return {
    key: "name",
    header,
    width: options.width,
    render: (record) => (
      <RecordName
        name={record.name}
        isDefault={options.isDefault(record)}
        detail={options.detail?.(record)}
      />
    ),
  };
}

/**
 * A record's name in bold, with the 「デフォルト」 badge when the brand uses it by default,
 * and a small grey line under it (`detail`) when there is one.
 */
export function RecordName({
  name,
  isDefault,
  detail,
}: {
  name: string;
  isDefault: boolean;
  detail?: ReactNode;
}) {
  const title = (
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
  if (detail === undefined) return title;
  return (
    <Stack gap={2}>
      {title}
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}
