import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled group of fields inside a long form (会社情報, 所在地, 連絡先). */
export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} size="sm" p={0} mb="md">
        {title}
      </Text>
      {children}
    </Stack>
  );
}
