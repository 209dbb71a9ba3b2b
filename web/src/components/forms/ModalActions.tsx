import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { SubmitButton } from "./SubmitButton";

/** キャンセル and the submit button at the foot of a form dialog. */
export function ModalActions({
  onCancel,
  submitting,
  submitLabel,
  submitColor,
}: {
  onCancel: () => void;
  submitting: boolean;
  submitLabel: ReactNode;
  submitColor?: string;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        キャンセル
      </Button>
      <SubmitButton loading={submitting} color={submitColor}>
        {submitLabel}
      </SubmitButton>
    </Group>
  );
}
