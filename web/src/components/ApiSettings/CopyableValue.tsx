import { ActionIcon, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { LaterTooltip } from "../LaterTooltip/LaterTooltip";

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
            <LaterTooltip label={copied ? "コピーしました" : "コピー"} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? "teal" : "blue"}
                onClick={copy}
                aria-label={`${label}をコピー`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </LaterTooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
