import { Alert, List, ScrollArea, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** Something an action could not do, named for the merchant, with its reasons in Japanese. */
export interface FailedEntry {
  key: string;
  title: string;
  reasons: readonly string[];
}

/** What a bulk action could not do (orders, shipments), each with its reasons, and a hint what to do next. */
export function FailedList({
  title,
  items,
  tone = "failure",
  children,
}: {
  title: string;
  items: readonly FailedEntry[];
  /** `notice`: done, with something the merchant should know (a reprint, a field left out), not a failure. */
  tone?: "failure" | "notice";
  children?: ReactNode;
}) {
  return (
    <Alert
      color={tone === "failure" ? "red" : "yellow"}
      icon={tone === "failure" ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
      title={`${title}（${items.length}件）`}
    >
      <Stack gap="xs">
        <ScrollArea.Autosize mah={240} type="auto">
          <List size="sm" spacing={6} aria-label={title}>
            {items.map((item) => (
              <List.Item key={item.key}>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {item.title}
                  </Text>
                  {item.reasons.map((reason) => (
                    <Text key={reason} size="sm">
                      {reason}
                    </Text>
                  ))}
                </Stack>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        {children}
      </Stack>
    </Alert>
  );
}
