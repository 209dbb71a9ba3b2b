import "../../lib/calendar-locale";
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import {
  type DeliveryCarrier,
  japanPostCoolTypes,
  japanPostPaymentTypes,
  sagawaCoolTypes,
  sagawaServiceTypes,
  type TimeSlot,
  timeSlotLabels,
  yamatoCoolTypes,
  yamatoServiceTypes,
} from "@okuru/core/shared/delivery";
import { IconTruckDelivery } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRetained } from "../../hooks/use-retained";
import type { Order } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { shipmentKeys } from "../../queries/labels";
import { useResetOrderDelivery, useUpdateOrderDelivery } from "../../queries/orders";
import { ConfirmDeleteModal } from "../ConfirmModal/ConfirmDeleteModal";
import { FieldGroup } from "../forms/FieldGroup";
import { FormBody } from "../forms/FormBody";
import { SubmitButton } from "../forms/SubmitButton";
import {
  codAccepted,
  DeliveryFormSchema,
  deliveryCarrierChoices,
  deliveryCarrierLabels,
  deliveryFormValues,
  refusedTimeSlots,
  storedCarrier,
  switchCarrier,
  withService,
} from "./delivery-form";
import { slotChoices, withTimeServiceRefusal } from "./time-slot-choices";

// The drawer's chunk holds its schema already: nothing to fetch.
const deliveryFormSchema = laterSchema(async () => DeliveryFormSchema);

const options = (table: Record<string, string>) =>
  Object.entries(table).map(([value, label]) => ({ value, label }));

/** Each carrier's service (送り状種類・便種・支払方法) and cool codes, from the shared tables. */
const carrierFields: Record<
  Exclude<DeliveryCarrier, "sss">,
  {
    service: { field: "service_type" | "payment_type"; label: string; table: Record<string, string> };
    cool: { label: string; table: Record<string, string> };
  }
> = {
  yamato: {
    service: { field: "service_type", label: "送り状種類", table: yamatoServiceTypes },
    cool: { label: "クール区分", table: yamatoCoolTypes },
  },
  sagawa: {
    service: { field: "service_type", label: "便種", table: sagawaServiceTypes },
    cool: { label: "クール区分", table: sagawaCoolTypes },
  },
  japan_post: {
    service: { field: "payment_type", label: "支払方法", table: japanPostPaymentTypes },
    cool: { label: "保冷種別", table: japanPostCoolTypes },
  },
};

/** 荷扱い, printed on the label next to the item name. */
const handlingFields = [
  { field: "handling1", label: "荷扱い1", placeholder: "例: ワレモノ注意" },
  { field: "handling2", label: "荷扱い2", placeholder: "例: 下積厳禁" },
] as const;

/**
 * 配送設定 of one order: the carrier and its codes in place of the brand's defaults,
 * checked in the browser by the schema the API uses, or back to the defaults.
 */
export function DeliveryEditor({ order }: { order: Order }) {
  const update = useUpdateOrderDelivery();
  const reset = useResetOrderDelivery();
  // A typed number (その他の配送会社) is the order's manual shipment: the 送り状 list changes with the delivery.
  const queryClient = useQueryClient();
  const refreshShipments = () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
  const [confirming, setConfirming] = useState(false);
  const form = useSchemaForm(deliveryFormSchema, {
    name: "order-delivery",
    initialValues: deliveryFormValues(order),
  });
  const { onSubmit, error, clearError } = useFormSubmit(
    form,
    (request) => update.mutateAsync({ id: order.id, ...request }),
    {
      success: (saved) => `${deliveryCarrierLabels[storedCarrier(saved) ?? "sss"]}の配送設定を保存しました。`,
      onSuccess: () => {
        form.resetDirty();
        void refreshShipments();
      },
    },
  );

  const values = form.getValues();
  const carrier = values.carrier;
  const saved = storedCarrier(order);
  // The confirmation names the setting it removes while it fades out after the reset.
  const removing = useRetained(saved);
  const refused = withTimeServiceRefusal(values, refusedTimeSlots(values));
  const choose = (next: DeliveryCarrier) => {
    clearError();
    form.clearErrors();
    form.setValues(switchCarrier(order, values, next));
  };

  return (
    <Stack gap="lg">
      <Alert variant="light" color={saved ? "blue" : "gray"} icon={<IconTruckDelivery size={18} />}>
        <Text size="sm">
          {saved
            ? `この注文は${deliveryCarrierLabels[saved]}で発送します（この注文だけの設定）。`
            : "この注文はブランドの既定の設定で発送します。配送会社を変えるときは下で選んで保存してください。"}
        </Text>
      </Alert>

      <FormBody
        submit={{ onSubmit, error }}
        gap="lg"
        footer={
          <Group justify={saved ? "space-between" : "flex-end"} gap="sm">
            {saved && (
              <Button
                variant="subtle"
                color="red"
                disabled={form.submitting}
                onClick={() => setConfirming(true)}
              >
                ブランドの既定に戻す
              </Button>
            )}
            <SubmitButton loading={form.submitting} disabled={!carrier}>
              配送設定を保存
            </SubmitButton>
          </Group>
        }
      >
        <Radio.Group
          label="配送会社"
          withAsterisk
          value={carrier ?? ""}
          onChange={(next) => choose(next as DeliveryCarrier)}
          error={form.errors.carrier}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt={8}>
            {deliveryCarrierChoices.map((choice) => (
              <Radio key={choice} value={choice} label={deliveryCarrierLabels[choice]} />
            ))}
          </SimpleGrid>
        </Radio.Group>

        {carrier === "sss" && (
          <FieldGroup title="発送内容">
            <Text size="sm" c="dimmed">
              送り状は発行しません。ご自身で発送した配送会社と追跡番号を保存すると「送り状」に手入力の出荷として登録され、ストアにアップロードできます。ストアに報告した後は変更できません。
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="配送会社名" withAsterisk {...form.getInputProps("carrier_name")} />
              <TextInput
                label="追跡番号"
                withAsterisk
                description="英数字とハイフン"
                {...form.getInputProps("tracking_number")}
              />
            </SimpleGrid>
          </FieldGroup>
        )}

        {carrier && carrier !== "sss" && (
          <>
            <FieldGroup title="送り状">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NativeSelect
                  label={carrierFields[carrier].service.label}
                  withAsterisk
                  data={options(carrierFields[carrier].service.table)}
                  {...form.getInputProps(carrierFields[carrier].service.field)}
                  onChange={(event) =>
                    form.setValues(
                      withService(
                        order,
                        values,
                        carrierFields[carrier].service.field,
                        event.currentTarget.value,
                      ),
                    )
                  }
                />
                <NativeSelect
                  label={carrierFields[carrier].cool.label}
                  data={options(carrierFields[carrier].cool.table)}
                  {...form.getInputProps("cool_type")}
                />
                <NumberInput
                  label="個数"
                  min={1}
                  max={99}
                  allowDecimal={false}
                  allowNegative={false}
                  withAsterisk
                  {...form.getInputProps("parcels")}
                />
                {codAccepted(values) && (
                  <NumberInput
                    label="代引金額（円）"
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=","
                    {...form.getInputProps("cod_amount")}
                    value={values.cod_amount ?? ""}
                    onChange={(amount) =>
                      form.setFieldValue("cod_amount", typeof amount === "number" ? amount : null)
                    }
                  />
                )}
              </SimpleGrid>
            </FieldGroup>

            <FieldGroup title="日時">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DatePickerInput
                  label="発送予定日"
                  placeholder="指定なし"
                  valueFormat="YYYY/MM/DD"
                  clearable
                  {...form.getInputProps("ship_date")}
                />
                <DatePickerInput
                  label="お届け希望日"
                  placeholder="指定なし"
                  valueFormat="YYYY/MM/DD"
                  clearable
                  {...form.getInputProps("delivery_date")}
                />
                <NativeSelect
                  label="配達時間帯"
                  data={slotChoices(values).map((slot: TimeSlot) => ({
                    value: slot,
                    label: refused[slot] ? `${timeSlotLabels[slot]}（指定できません）` : timeSlotLabels[slot],
                  }))}
                  {...form.getInputProps("time_slot")}
                />
              </SimpleGrid>
            </FieldGroup>

            <FieldGroup title="品名・荷扱い">
              <TextInput
                label="品名"
                withAsterisk
                description="送り状の品名欄に印字します"
                {...form.getInputProps("item_name")}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {handlingFields.map(({ field, label, placeholder }) => (
                  <TextInput
                    key={field}
                    label={label}
                    placeholder={placeholder}
                    {...form.getInputProps(field)}
                  />
                ))}
              </SimpleGrid>
            </FieldGroup>
          </>
        )}
      </FormBody>

      <ConfirmDeleteModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="ブランドの既定に戻す"
        confirmLabel="既定に戻す"
        successMessage="配送設定をブランドの既定に戻しました。"
        onConfirm={async () => {
          const restored = await reset.mutateAsync(order.id);
          void refreshShipments();
          form.setValues(deliveryFormValues(restored));
          form.resetDirty();
          form.clearErrors();
          clearError();
        }}
      >
        この注文だけの配送設定（{removing ? deliveryCarrierLabels[removing] : ""}
        ）を削除し、ブランドの既定の設定で発送します。よろしいですか？
      </ConfirmDeleteModal>
    </Stack>
  );
}
