import { Alert, List, ScrollArea, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FailedOrder } from "./order-bulk";

/** Orders a bulk action could not do: each by its number, with its reasons in Japanese. */
export function FailedOrders({
  title,
  orders,
  children,
}: {
  title: string;
  orders: readonly FailedOrder[];
  /** A hint under the list: what the merchant can do next. */
  children?: ReactNode;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`${title}（${orders.length}件）`}>
      <Stack gap="xs">
        <ScrollArea.Autosize mah={240} type="auto">
          <List size="sm" spacing={6}>
            {orders.map((order) => (
              <List.Item key={order.orderId}>
                <Text size="sm" fw={600}>
                  {order.orderNumber}
                </Text>
                {order.reasons.map((reason) => (
                  <Text key={reason} size="sm">
                    {reason}
                  </Text>
                ))}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        {children}
      </Stack>
    </Alert>
  );
}
