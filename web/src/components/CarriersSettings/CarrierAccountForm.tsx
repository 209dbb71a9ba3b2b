import { Autocomplete, Checkbox, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import {
  issuingModeLabels,
  issuingModes,
  japanPostFormCodes,
} from "@okuru/core/shared/carrier-account-names";
import { type Carrier, carrierLabels, carriers } from "@okuru/core/shared/carrier-names";
import { useMemo } from "react";
import type { CarrierAccount } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import { useCreateCarrierAccount, useUpdateCarrierAccount } from "../../queries/carriers";
import { FieldGroup } from "../forms/FieldGroup";
import { ModalForm } from "../forms/FormBody";
import {
  accountFormValues,
  carrierSoftware,
  customerCodeFields,
  emptyRange,
  formatCount,
  formCodeName,
  matchesFormCode,
} from "./carrier-account-form";
import { TrackingRangesEditor } from "./TrackingRangesEditor";

const formCodes = Object.keys(japanPostFormCodes);

/**
 * Each carrier's schema, with and without a required code, fetched after the form is drawn
 * (carrier-account-schema.ts holds zod and the API's schemas).
 */
const accountSchemaOf = (carrier: Carrier, codeRequired: boolean) =>
  laterSchema(() =>
    import("./carrier-account-schema").then((module) => module.accountFormSchema(carrier, { codeRequired })),
  );
const accountSchemas = Object.fromEntries(
  carriers.map((carrier) => [
    carrier,
    { required: accountSchemaOf(carrier, true), optional: accountSchemaOf(carrier, false) },
  ]),
) as Record<Carrier, Record<"required" | "optional", ReturnType<typeof accountSchemaOf>>>;

export interface CarrierAccountFormProps {
  carrier: Carrier;
  /** The account to edit; null adds a new one. */
  account: CarrierAccount | null;
  /** Whether the carrier has no account yet (the new one becomes its default). */
  firstOfCarrier: boolean;
  onClose: () => void;
}

/** The form of a carrier's 契約情報 dialog. */
export function CarrierAccountForm({ carrier, account, firstOfCarrier, onClose }: CarrierAccountFormProps) {
  const create = useCreateCarrierAccount(carrier);
  const update = useUpdateCarrierAccount(carrier);
  const code = customerCodeFields[carrier];
  // An account with a stored code keeps it when the field is left empty.
  const codeRequired = code.required && !account?.customerCodeHint;
  const form = useSchemaForm(accountSchemas[carrier][codeRequired ? "required" : "optional"], {
    name: `carrier-account-${carrier.replace("_", "-")}`,
    initialValues: accountFormValues(account, { firstOfCarrier }),
  });
  const submit = useFormSubmit(
    form,
    (body) => (account ? update.mutateAsync({ id: account.id, body }) : create.mutateAsync(body)),
    {
      success: account ? "契約情報を保存しました。" : "契約情報を追加しました。",
      onSuccess: onClose,
    },
  );
  const registered = useMemo(
    () => new Map((account?.trackingRanges ?? []).map((range) => [range.id, range])),
    [account],
  );
  const values = form.getValues();
  const modeProps = form.getInputProps("mode");
  const keptRanges = values.tracking_ranges.filter((row) => row.id).length;

  return (
    <ModalForm form={form} submit={submit} gap="lg" onCancel={onClose} adding={account === null}>
      <FieldGroup title="契約情報">
        <TextInput
          label="表示名"
          placeholder={`例: ${carrierLabels[carrier]} 東京営業所`}
          description="一覧や送り状の発行画面に表示する名前です。"
          withAsterisk
          data-autofocus
          {...form.getInputProps("name")}
        />
        <TextInput
          label={code.label}
          placeholder={account?.customerCodeHint ?? code.placeholder}
          description={
            account?.customerCodeHint
              ? `登録済み：${account.customerCodeHint}。変更するときだけ入力してください。`
              : code.description
          }
          withAsterisk={codeRequired}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps("customer_code")}
        />
        {carrier === "yamato" && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="ご請求先分類コード"
              placeholder="例: 001"
              description="3文字以内の英数字（任意）"
              autoComplete="off"
              {...form.getInputProps("classification_code")}
            />
            <TextInput
              label="運賃管理番号"
              placeholder="01"
              description="2桁の数字（通常は 01）"
              inputMode="numeric"
              autoComplete="off"
              {...form.getInputProps("freight_code")}
            />
          </SimpleGrid>
        )}
        {carrier === "japan_post" && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <Autocomplete
              label="送り状種別"
              description={
                formCodeName(values.form_code) ?? "一覧にない種別は、送り状種別のコードを直接入力できます。"
              }
              data={formCodes}
              filter={({ options, search }) =>
                options.filter((option) => "value" in option && matchesFormCode(option.value, search))
              }
              renderOption={({ option }) => (
                <Stack gap={0}>
                  <Text size="sm">{option.value}</Text>
                  <Text size="xs" c="dimmed">
                    {formCodeName(option.value)}
                  </Text>
                </Stack>
              )}
              autoComplete="off"
              {...form.getInputProps("form_code")}
            />
            <TextInput
              label="差出事業所"
              placeholder="例: 東京中央郵便局"
              description="集荷・持ち込みをする郵便局（任意）"
              {...form.getInputProps("posting_office")}
            />
          </SimpleGrid>
        )}
        <Checkbox
          label={`${carrierLabels[carrier]}のデフォルトにする`}
          description="注文に契約情報の指定がないとき、この契約情報で送り状を発行します。"
          {...form.getInputProps("is_default", { type: "checkbox" })}
        />
      </FieldGroup>

      <FieldGroup title="発行方法">
        <Radio.Group
          aria-label="発行方法"
          {...modeProps}
          onChange={(mode) => {
            modeProps.onChange(mode);
            // Printing needs a range: offer the first row instead of an empty list.
            if (mode === "self_printed" && form.getValues().tracking_ranges.length === 0)
              form.insertListItem("tracking_ranges", emptyRange());
          }}
        >
          <Stack gap="sm">
            {issuingModes.map((mode) => (
              <Radio key={mode} value={mode} label={issuingModeLabels[mode]} />
            ))}
          </Stack>
        </Radio.Group>
        {values.mode === "self_printed" ? (
          <TrackingRangesEditor form={form} registered={registered} />
        ) : (
          <Text size="sm" c="dimmed">
            {`注文データを${carrierSoftware[carrier]}で取り込めるCSVで出力し、送り状は${carrierSoftware[carrier]}で発行します。`}
            {keptRanges > 0 &&
              account?.remainingNumbers != null &&
              `登録済みの番号帯（残り ${formatCount(account.remainingNumbers)}）はそのまま残ります。`}
          </Text>
        )}
      </FieldGroup>
    </ModalForm>
  );
}
