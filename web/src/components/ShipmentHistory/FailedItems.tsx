import { Alert, List, ScrollArea, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { FailedItem } from "./shipment-history";

/** What an action could not do: each shipment (or order) by name, with its reasons in Japanese. */
export function FailedItems({ title, items }: { title: string; items: readonly FailedItem[] }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`${title}（${items.length}件）`}>
      <ScrollArea.Autosize mah={240} type="auto">
        <List size="sm" spacing={6} aria-label={title}>
          {items.map((item) => (
            <List.Item key={item.id}>
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
    </Alert>
  );
}
