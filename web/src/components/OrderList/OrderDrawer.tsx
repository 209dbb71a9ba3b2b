import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  List,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { timeSlotLabels, timeSlots } from "@okuru/core/shared/delivery";
import { labelledText } from "@okuru/core/shared/label-badge";
import { OrderCustomerUpdate, orderTabLabels } from "@okuru/core/shared/order";
import { IconAlertTriangle, IconCloudUpload, IconPrinter } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDialogOpening } from "../../hooks/use-focus-back";
import { usePhone } from "../../hooks/use-screen-width";
import { ApiError, type Order } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { shipmentStatusColors } from "../../lib/shipment-status-colors";
import { orderShipmentsQueryOptions } from "../../queries/labels";
import {
  orderQueryOptions,
  useApplyOrderReplacement,
  useUpdateOrderCustomer,
  useUpdateOrderSender,
} from "../../queries/orders";
import { sendersQueryOptions } from "../../queries/senders";
import { useUploadTrackingNumber } from "../../queries/uploads";
import { AddressFields, addressValues } from "../forms/AddressFields";
import { FieldGroup } from "../forms/FieldGroup";
import { ModalForm } from "../forms/FormBody";
import { PhoneInput } from "../forms/PhoneInput";
import { ShipmentActions } from "../ShipmentHistory/ShipmentActions";
import { shipmentStatusText } from "../ShipmentHistory/shipment-history";
import { BrandDefaultLine } from "./BrandDefaultLine";
import { DeliveryEditor } from "./DeliveryEditor";
import {
  firstSection,
  issueCounts,
  type OrderSection,
  orderSectionLabels,
  orderSections,
} from "./delivery-form";
import classes from "./OrderList.module.css";
import { DEFAULT_SENDER, senderChoices, senderIdOfChoice, shipmentRows } from "./order-bulk";
import { recipientFieldErrors, replacementRequest } from "./order-fixes";

// The drawer's chunk holds its schema already: nothing to fetch.
const orderCustomerSchema = laterSchema(async () => OrderCustomerUpdate);

const yen = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });

export interface OrderDrawerProps {
  /** The order of the URL (/orders/{id}), or null for the list alone. */
  orderId: string | null;
  onClose: () => void;
  /** The page was opened at /orders/{id}: the order is shown as the page is, without sliding in. */
  openedWithPage?: boolean;
}

/**
 * One order: why it cannot ship yet (at the top, whichever section is open), then
 * its sections: what was bought, the recipient to correct, and how it ships. The
 * route's loader has read it; each save's answer replaces it in the cache, so the
 * issues at the top are always the order's current ones. Focus stays inside while it
 * is open, Escape closes it, and focus goes back to the row it was opened from.
 */
export function OrderDrawer({ orderId, onClose, openedWithPage = false }: OrderDrawerProps) {
  const phone = usePhone();
  // Opened from the list before this code had come, it gives the focus back to the row on closing.
  const dialog = useDialogOpening(orderId !== null, openedWithPage);
  const { data: order, error } = useQuery({ ...orderQueryOptions(orderId ?? ""), enabled: orderId !== null });
  const shown = orderId !== null && order?.id === orderId ? order : undefined;
  return (
    <Drawer
      {...dialog}
      onClose={onClose}
      position="right"
      size={phone ? "100%" : "xl"}
      title={shown ? `注文 ${shown.orderNumber}` : "注文"}
      closeButtonProps={{ "aria-label": "閉じる" }}
    >
      {shown ? (
        <OrderDetail key={shown.id} order={shown} onClose={onClose} />
      ) : orderId !== null && error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="注文を表示できません">
          <Text size="sm">
            {error instanceof ApiError && error.status === 404
              ? "この注文は見つかりませんでした。削除されたか、URLが正しくない可能性があります。"
              : "注文を読み込めませんでした。時間をおいて再度お試しください。"}
          </Text>
        </Alert>
      ) : orderId !== null ? (
        <Loader size="sm" aria-label="読み込み中" />
      ) : null}
    </Drawer>
  );
}

function OrderDetail({ order, onClose }: { order: Order; onClose: () => void }) {
  const [section, setSection] = useState<OrderSection>(() => firstSection(order.errors));
  const counts = issueCounts(order.errors);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">{orderTabLabels[order.shipmentStatus]}</Badge>
        {order.labels && (
          <Badge variant="light" color="teal" leftSection={<IconPrinter size={12} />}>
            {labelledText(order.labels)}
          </Badge>
        )}
        {order.isGift && (
          <Badge variant="light" color="grape">
            ギフト
          </Badge>
        )}
        {order.codAmount !== null && (
          <Badge variant="light" color="orange">
            代引 {yen.format(order.codAmount)}
          </Badge>
        )}
      </Group>

      {order.errors.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="このままでは送り状を発行できません">
          <List size="sm" spacing={4}>
            {order.errors.map((issue) => (
              <List.Item key={`${issue.field}:${issue.message}`}>
                {issue.message}
                {issue.suggestion && (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    （候補: {issue.suggestion}）
                  </Text>
                )}
                <ReplacementButton order={order} issue={issue} />
              </List.Item>
            ))}
          </List>
        </Alert>
      )}

      {order.shopChanges && (
        <Alert color="yellow" title="ストア側でも変更されています">
          <Text size="sm">
            この注文のお届け先はこちらで修正済みのため、ストア側の変更は反映していません。内容をご確認ください。
          </Text>
        </Alert>
      )}

      <Tabs value={section} onChange={(next) => next && setSection(next as OrderSection)}>
        <Tabs.List grow className={classes.drawerTabs}>
          {orderSections.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {/* The count sits by its label, not at the far edge of a grown tab. */}
              <Group gap={6} wrap="nowrap" justify="center">
                {orderSectionLabels[key]}
                {counts[key] > 0 && (
                  <Badge size="sm" color="red" variant="filled" circle aria-label={`エラー ${counts[key]}件`}>
                    {counts[key]}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="order" pt="lg">
          <OrderContents order={order} />
        </Tabs.Panel>
        <Tabs.Panel value="recipient" pt="lg">
          {/* Filled again when the stored recipient changes (a replacement applied with one click). */}
          <RecipientForm key={JSON.stringify(order.customer)} order={order} onClose={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="delivery" pt="lg">
          <Stack gap="lg">
            <BrandDefaultLine order={order} />
            <OrderSenderSelect order={order} />
            <DeliveryEditor order={order} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const requestedSlotLabel = (slot: string | null) =>
  timeSlots.find((known) => known === slot) ? timeSlotLabels[slot as (typeof timeSlots)[number]] : "";

/** What was bought, what the buyer asked for, and who bought it. */
function OrderContents({ order }: { order: Order }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        ご注文内容
      </Title>
      {order.lineItems.map((line) => (
        <Group key={`${line.sku}:${line.name}`} justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            {line.name}
            {line.sku && (
              <Text span size="xs" c="dimmed">
                {" "}
                {line.sku}
              </Text>
            )}
          </Text>
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {line.quantity}点 × {yen.format(line.unitPrice)}
          </Text>
        </Group>
      ))}
      <Divider />
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          合計
        </Text>
        <Text size="sm" fw={600}>
          {yen.format(order.totalAmount)}
        </Text>
      </Group>
      {(order.requestedDeliveryDate || order.requestedTimeSlot) && (
        <Text size="sm">
          配達希望: {order.requestedDeliveryDate ?? "日付指定なし"}{" "}
          {requestedSlotLabel(order.requestedTimeSlot)}
        </Text>
      )}
      {order.note && (
        <Text size="sm" c="dimmed">
          備考: {order.note}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        ご注文者: {order.purchaser.name}（{order.purchaser.prefecture}
        {order.purchaser.city}）
      </Text>
      <OrderShipments orderId={order.id} />
    </Stack>
  );
}

/**
 * 送り状: the order's labels, newest first, so the merchant sees one exists before issuing
 * again, with the numbers typed for another carrier (手入力) under the carrier's typed name.
 * A live one the shop has not been told of can be uploaded from here.
 */
function OrderShipments({ orderId }: { orderId: string }) {
  const { data, isError } = useQuery(orderShipmentsQueryOptions(orderId));
  const upload = useUploadTrackingNumber();
  const items = data?.items ?? [];
  const rows = shipmentRows(items);
  const byId = new Map(items.map((s) => [s.id, s]));
  const send = (shipmentId: string) =>
    upload.mutate(shipmentId, {
      onSuccess: (result) =>
        notifications.show(
          result.status === "uploaded"
            ? { color: "teal", message: "追跡番号をストアにアップロードしました。" }
            : { color: "red", message: result.error ?? "アップロードに失敗しました。" },
        ),
      onError: (error) => notifications.show({ color: "red", message: error.message }),
    });
  return (
    <Stack gap={6} mt="md" role="region" aria-label="送り状">
      <Title order={3} fz="md">
        送り状
      </Title>
      {isError ? (
        <Text size="sm" c="red">
          送り状を読み込めませんでした。
        </Text>
      ) : !data ? null : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          まだ発行していません。
        </Text>
      ) : (
        rows.map((row) => (
          <Group key={row.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0}>
              <Text
                size="sm"
                fw={600}
                className={classes.number}
                td={row.status === "cancelled" ? "line-through" : undefined}
              >
                {row.trackingNumber}
              </Text>
              <Text size="xs" c="dimmed">
                {[
                  row.carrier,
                  row.parcel,
                  `${row.printedAt} ${byId.get(row.id)?.source === "manual" ? "手入力" : "発行"}`,
                ]
                  .filter(Boolean)
                  .join("・")}
              </Text>
              {byId.get(row.id)?.isError &&
                byId.get(row.id)?.errors.map((e) => (
                  <Text key={e.field + e.message} size="xs" c="red">
                    {e.message}
                  </Text>
                ))}
            </Stack>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              {byId.get(row.id) && <ShipmentActions shipment={byId.get(row.id)!} />}
              {row.status === "issued" && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconCloudUpload size={14} />}
                  loading={upload.isPending && upload.variables === row.id}
                  disabled={upload.isPending}
                  onClick={() => send(row.id)}
                >
                  ストアにアップロード
                </Button>
              )}
              <Badge variant="light" color={shipmentStatusColors[row.status]}>
                {byId.has(row.id) ? shipmentStatusText(byId.get(row.id)!) : row.statusLabel}
              </Badge>
            </Group>
          </Group>
        ))
      )}
    </Stack>
  );
}

/**
 * The one click that applies a carrier's character replacement (髙 → 高) to the recipient:
 * saved as the merchant's correction, so the order shows it and a later shop change of the
 * recipient is kept aside as for any correction.
 */
function ReplacementButton({ order, issue }: { order: Order; issue: Order["errors"][number] }) {
  const apply = useApplyOrderReplacement();
  const body = replacementRequest(issue);
  if (!body) return null;
  const click = () =>
    apply.mutate(
      { id: order.id, body },
      {
        onSuccess: () =>
          notifications.show({ color: "teal", message: `「${issue.replacement}」に置き換えました。` }),
        onError: (error) => notifications.show({ color: "red", message: error.message }),
      },
    );
  return (
    <Button size="compact-xs" variant="light" ml="xs" loading={apply.isPending} onClick={click}>
      「{issue.replacement}」に置き換える
    </Button>
  );
}

/** お届け先 as the merchant corrects it; a correction wins over later changes in the shop. */
function RecipientForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const update = useUpdateOrderCustomer();
  const form = useSchemaForm(orderCustomerSchema, {
    name: "order-customer",
    initialValues: {
      name: order.customer.name,
      name_kana: order.customer.nameKana,
      company: order.customer.company,
      ...addressValues(order.customer),
      phone: order.customer.phone,
    },
    // What keeps the order from shipping, on the field to correct (it clears as the field is fixed).
    initialErrors: recipientFieldErrors(order.errors),
  });
  const submit = useFormSubmit(form, (values) => update.mutateAsync({ id: order.id, body: values }), {
    success: "お届け先を保存しました。",
    onSuccess: onClose,
  });

  return (
    <ModalForm form={form} submit={submit} gap="lg" onCancel={onClose} submitLabel="お届け先を保存">
      <FieldGroup title="お届け先">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="お届け先名" withAsterisk {...form.getInputProps("name")} />
          <TextInput label="お届け先名（カナ）" {...form.getInputProps("name_kana")} />
          <TextInput label="会社名・部署名" {...form.getInputProps("company")} />
          <PhoneInput {...form.getInputProps("phone")} />
        </SimpleGrid>
        <AddressFields form={form} />
      </FieldGroup>
    </ModalForm>
  );
}

/** 発送元 of this order: one of the company's senders, or the brand's default. */
function OrderSenderSelect({ order }: { order: Order }) {
  const senders = useQuery(sendersQueryOptions());
  const update = useUpdateOrderSender();
  const choose = (value: string | null) =>
    value &&
    update.mutate(
      { id: order.id, body: { sender_id: senderIdOfChoice(value) } },
      {
        onSuccess: () => notifications.show({ color: "teal", message: "発送元を変更しました。" }),
        onError: (error) => notifications.show({ color: "red", message: error.message }),
      },
    );
  return (
    <Select
      label="発送元"
      description="送り状のご依頼主欄に印字します"
      data={senderChoices(senders.data?.items ?? [])}
      value={order.senderId ?? DEFAULT_SENDER}
      onChange={choose}
      allowDeselect={false}
      disabled={update.isPending || senders.isPending}
    />
  );
}
