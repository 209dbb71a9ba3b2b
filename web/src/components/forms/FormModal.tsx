import { Modal } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { usePhone } from "../../hooks/use-screen-width";

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: "sm" | "md" | "lg" | "xl";
  children: ReactNode;
}

/**
 * A dialog holding one form; full screen on phones, where a centred box would be cramped.
 * Most come after the first screen (loadLater): one opened before its code had come mounts
 * already open, so it shows open from its second commit, with its transition and the focus
 * given back to its button on closing (useDialogOpening).
 */
export function FormModal({ opened, onClose, title, size = "lg", children }: FormModalProps) {
  const phone = usePhone();
  const dialog = useDialogOpening(opened);
  return (
    <Modal
      {...dialog}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      centered={!phone}
      padding="lg"
      closeButtonProps={{ "aria-label": "閉じる" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {children}
    </Modal>
  );
}

export interface RecordFormModalProps<T extends { id: string }> {
  opened: boolean;
  /** The record to edit (kept while the dialog closes); null adds a new one. */
  record: T | null;
  onClose: () => void;
  /** What one record is called: 「発送元を追加」, 「発送元を編集」. */
  noun: string;
  size?: FormModalProps["size"];
  /** The form for `record`; it starts afresh for each record. */
  children: (record: T | null) => ReactNode;
}

/** The add/edit dialog of a settings list: 「{noun}を追加」 for a new record, 「{noun}を編集」 otherwise. */
export function RecordFormModal<T extends { id: string }>({
  opened,
  record,
  onClose,
  noun,
  size,
  children,
}: RecordFormModalProps<T>) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={record ? `${noun}を編集` : `${noun}を追加`}
      size={size}
    >
      <Fragment key={record?.id ?? "new"}>{children(record)}</Fragment>
    </FormModal>
  );
}
