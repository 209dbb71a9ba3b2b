import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy } from "@tabler/icons-react";
import { FormModal } from "../forms/FormModal";

export interface ShownSecret {
  title: string;
  /** What the secret belongs to, e.g. the client id. */
  rows: { label: string; value: string }[];
}

/** A value with its copy button, as a merchant pastes it into another system. */
export function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, wordBreak: "break-all" }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? "コピーしました" : "コピー"} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? "teal" : "blue"}
                onClick={copy}
                aria-label={`${label}をコピー`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A secret shown the one time it is readable (creation, rotation), with copy buttons. */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
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
