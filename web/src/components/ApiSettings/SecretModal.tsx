import { Alert, Button, Group, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { FormModal } from "../forms/FormModal";
import { CopyableValue } from "./CopyableValue";

export interface ShownSecret {
  title: string;
  /** What the secret belongs to, e.g. the client id. */
  rows: { label: string; value: string }[];
}

/** A secret shown the one time it is readable (creation, rotation), with copy buttons. */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  // Drawn later (api-settings-later.ts), perhaps already opened: shown open from the next commit.
  return (
    <FormModal opened={shown !== null} onClose={onClose} title={shown?.title ?? ""}>
      {shown && (
        <Stack gap="md">
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title="シークレットは今だけ表示されます"
          >
            この画面を閉じると、シークレットは二度と表示できません。コピーして安全な場所に保管してください。
            失くした場合は再発行してください（古いシークレットは使えなくなります）。
          </Alert>
          {shown.rows.map((row) => (
            <CopyableValue key={row.label} label={row.label} value={row.value} />
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>保管しました</Button>
          </Group>
        </Stack>
      )}
    </FormModal>
  );
}
