import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** A form's error that belongs to no single field (a rule of the API, a network failure). */
export function FormAlert({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {error}
    </Alert>
  );
}
