import {
  Alert,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type Carrier, carrierLabels, carriers } from "@okuru/core/shared/carrier-names";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { ApiError, type Shop } from "../../lib/api";
import { toCamelCase } from "../../lib/case";
import { laterSchema, type SchemaForm, useFormSubmit, useSchemaForm } from "../../lib/form";
import { ecforceCarriersQueryOptions, useUpdateShopSettings } from "../../queries/shops";
import { ModalForm } from "../forms/FormBody";
import { FormModal } from "../forms/FormModal";
import type { ShopSettingsInput as ShopSettingsSchema } from "./shop-settings-schema";

/** The dialog's schema (shop-settings-schema.ts), fetched after the dialog is drawn. */
const ShopSettingsInput = laterSchema(() =>
  import("./shop-settings-schema").then((module) => module.ShopSettingsInput),
);

type ShopSettingsValues = z.input<typeof ShopSettingsSchema>;

export interface ShopSettingsModalProps {
  opened: boolean;
  /** The shop being edited (kept while the dialog closes). */
  shop: Shop | null;
  onClose: () => void;
}

export function ShopSettingsModal({ opened, shop, onClose }: ShopSettingsModalProps) {
  // Drawn later (stores-settings-later.ts), perhaps already opened: shown open from the next commit.
  return (
    <FormModal opened={opened} onClose={onClose} title="ストアの設定" size="md">
      {shop && <ShopSettingsForm key={shop.id} shop={shop} onClose={onClose} />}
    </FormModal>
  );
}

function ShopSettingsForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const update = useUpdateShopSettings();
  const form = useSchemaForm<ShopSettingsValues, typeof ShopSettingsSchema>(ShopSettingsInput, {
    name: "shop-settings",
    initialValues: {
      name: shop.name,
      import_days: shop.settings.importDays,
      include_fulfilled: shop.settings.includeFulfilled,
      tracking_upload: shop.settings.trackingUpload,
    } satisfies ShopSettingsValues,
  });
  const submit = useFormSubmit(
    form,
    (values) => update.mutateAsync({ shop, body: { shop_id: shop.id, ...values } }),
    { success: "ストアの設定を保存しました。", onSuccess: onClose },
  );

  return (
    <ModalForm form={form} submit={submit} gap="lg" onCancel={onClose}>
      <Text size="sm" c="dimmed">
        {shop.domain}
      </Text>
      <TextInput label="表示名" withAsterisk data-autofocus {...form.getInputProps("name")} />
      <NumberInput
        label="取り込み期間（日）"
        description="何日前までの注文を取り込むか（1〜60日）"
        min={1}
        max={60}
        allowDecimal={false}
        allowNegative={false}
        withAsterisk
        {...form.getInputProps("import_days")}
      />
      <Checkbox
        label="発送済みの注文も取り込む"
        description="オフの場合は未発送・一部発送の注文だけを取り込みます"
        {...form.getInputProps("include_fulfilled", { type: "checkbox" })}
      />
      <Radio.Group label="追跡番号をストアに送る" {...form.getInputProps("tracking_upload")}>
        <Group gap="lg" mt={6}>
          <Radio value="none" label="送らない" />
          <Radio value="shipping" label="送る" />
        </Group>
      </Radio.Group>
      {shop.platform === "ecforce" && <CarrierMappingFields shop={shop} form={form} />}
    </ModalForm>
  );
}

/** A shop's saved company (wire keys arrive camelCased: japan_post → japanPost). */
const mappedOf = (mapping: Record<string, string | null> | null | undefined, carrier: Carrier) =>
  mapping?.[toCamelCase(carrier)] ?? null;

/**
 * 配送業者の対応: which of the ecforce shop's delivery companies stands for each of our
 * carriers in the shipping update. Filled from the shop's live list; what is saved is
 * preselected, otherwise the company whose name matches (the API's suggestion).
 */
function CarrierMappingFields({
  shop,
  form,
}: {
  shop: Shop;
  form: SchemaForm<ShopSettingsValues, z.output<typeof ShopSettingsSchema>>;
}) {
  const list = useQuery(ecforceCarriersQueryOptions(shop.id));
  const filled = useRef(false);
  const data = list.data;
  useEffect(() => {
    if (!data || filled.current) return;
    filled.current = true;
    const saved = shop.carrierMapping as Record<string, string | null> | undefined;
    const suggested = data.suggested as Record<string, string | null>;
    form.setFieldValue(
      "carrier_mapping",
      Object.fromEntries(carriers.map((c) => [c, mappedOf(saved, c) ?? mappedOf(suggested, c)])),
    );
  }, [data, form, shop.carrierMapping]);

  return (
    <Stack gap="xs" role="group" aria-label="配送業者の対応">
      <Text size="sm" fw={500}>
        配送業者の対応
      </Text>
      <Text size="xs" c="dimmed">
        追跡番号をアップロードするとき、ecforce の発送登録に使う配送業者です。
      </Text>
      {list.isPending && <Loader size="sm" aria-label="配送業者を読み込み中" />}
      {list.error && (
        <Alert color="red" role="alert">
          {list.error instanceof ApiError
            ? list.error.message
            : "ecforce の配送業者を読み込めませんでした。時間をおいて再度お試しください。"}
        </Alert>
      )}
      {data &&
        carriers.map((carrier) => (
          <Select
            key={carrier}
            label={carrierLabels[carrier]}
            placeholder="未設定（配送業者名で照合）"
            data={data.items.map((c) => ({ value: c.id, label: c.name }))}
            clearable
            allowDeselect
            {...form.getInputProps(`carrier_mapping.${carrier}`)}
          />
        ))}
    </Stack>
  );
}
