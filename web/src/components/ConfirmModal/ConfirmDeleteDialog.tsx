import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { ApiError } from "../../lib/api";
import { notify } from "../../lib/notify";
import { unexpectedErrorMessage } from "../../lib/unexpected-error";
import { FormAlert } from "../forms/FormAlert";

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will be deleted and what follows from it. */
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  /** The toast after the deletion. */
  successMessage: string;
  confirmLabel?: string;
}

/**
 * Asks before deleting. A refusal by the API (the sender is the brand's default,
 * the last administrator…) is shown in the dialog, which stays open. It comes after the
 * list it deletes from (ConfirmDeleteModal), and shows open from its second commit, as
 * FormModal does.
 */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  title,
  children,
  onConfirm,
  successMessage,
  confirmLabel = "削除する",
}: ConfirmDeleteDialogProps) {
  const dialog = useDialogOpening(opened);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (opened) setError(null);
  }, [opened]);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : unexpectedErrorMessage);
      return;
    } finally {
      setPending(false);
    }
    notify.success(successMessage);
    onClose();
  }

  return (
    <Modal
      {...dialog}
      onClose={onClose}
      title={title}
      size="md"
      centered
      padding="lg"
      closeButtonProps={{ "aria-label": "閉じる" }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <FormAlert error={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            キャンセル
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
