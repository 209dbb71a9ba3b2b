import { Badge, Box, Checkbox, Group, Stack, Text } from "@mantine/core";
import { labelledText } from "@okuru/core/shared/label-badge";
import { orderTabLabels } from "@okuru/core/shared/order-tabs";
import { IconAlertTriangle, IconPrinter } from "@tabler/icons-react";
import type { Order, OrderListItem } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { SelectableCards } from "../SelectionList/SelectableCards";
import { carrierFilterLabels } from "./list-filters";
import classes from "./OrderList.module.css";

export interface OrderCardsProps {
  orders: readonly OrderListItem[];
  selected: ReadonlyMap<string, string>;
  busy: boolean;
  onToggle: (order: Order) => void;
  onTogglePage: () => void;
  onOpen: (order: Order) => void;
}

/**
 * The order list on a phone: one card per order with what picking the next batch needs
 * (who, where, which carrier, whether it is labelled, why it is held), so nothing scrolls
 * sideways. A card opens the order as a row does (a tap, or Enter once focused); its box
 * selects.
 */
export function OrderCards({ orders, selected, busy, onToggle, onTogglePage, onOpen }: OrderCardsProps) {
  return (
    <SelectableCards
      label="注文"
      pageLabel="このページの注文をすべて選択"
      rows={orders}
      selected={selected}
      busy={busy}
      onTogglePage={onTogglePage}
      onOpen={onOpen}
      rowMarker="data-order-row"
    >
      {(order) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {/* A tap on the box selects the order without opening it. */}
          <Box onClick={(event) => event.stopPropagation()} className={classes.cardCheck}>
            <Checkbox
              aria-label={`${order.orderNumber} を選択`}
              checked={selected.has(order.id)}
              onChange={() => onToggle(order)}
            />
          </Box>
          <Stack gap={2} className={classes.cardMain}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={700} className={classes.number}>
                {order.orderNumber}
              </Text>
              <StatusBadge order={order} />
            </Group>
            <Text size="xs" c="dimmed" className={classes.number}>
              {formatDateTime(order.purchasedAt)}
            </Text>
            <Text size="sm">
              {order.customer.name}
              <Text span size="xs" c="dimmed" ml={6}>
                {order.customer.prefecture}
              </Text>
              {order.isGift && (
                <Badge size="xs" variant="light" color="grape" ml={6}>
                  ギフト
                </Badge>
              )}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="xs">{carrierFilterLabels[order.shippingCarrier]}</Text>
              {order.trackingNumbers.map((number) => (
                <Text key={number} size="xs" className={classes.number}>
                  {number}
                </Text>
              ))}
              {order.labels && (
                <Badge size="xs" color="teal" variant="light" leftSection={<IconPrinter size={10} />}>
                  {labelledText(order.labels)}
                </Badge>
              )}
            </Group>
            {order.errors[0] && (
              <Text size="xs" c="red.8" lineClamp={2}>
                {order.errors[0].message}
                {order.errors.length > 1 && `（ほか${order.errors.length - 1}件）`}
              </Text>
            )}
          </Stack>
        </Group>
      )}
    </SelectableCards>
  );
}

/** エラー with its count, else the order's shipment status, as the table's 状態 column shows. */
function StatusBadge({ order }: { order: OrderListItem }) {
  if (order.isError)
    return (
      <Badge
        size="sm"
        color="red"
        variant="light"
        leftSection={<IconAlertTriangle size={12} />}
        className={classes.cardBadge}
      >
        エラー {order.errors.length}件
      </Badge>
    );
  return (
    <Badge size="sm" color="gray" variant="light" className={classes.cardBadge}>
      {orderTabLabels[order.shipmentStatus]}
    </Badge>
  );
}
