import { Checkbox, Group, NumberInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { ShopSettingsUpdate } from "@okuru/core/shared/shop";
import type { z } from "zod";
import type { Shop } from "../../lib/api";
import { useFormSubmit, useSchemaForm } from "../../lib/form";
import { useUpdateShopSettings } from "../../queries/shops";
import { FormAlert } from "../forms/FormAlert";
import { FormModal } from "../forms/FormModal";
import { ModalActions } from "../forms/ModalActions";

/** The API's own rules and messages, every field required in the dialog. */
const ShopSettingsInput = ShopSettingsUpdate.required();

type ShopSettingsValues = z.input<typeof ShopSettingsInput>;

export interface ShopSettingsModalProps {
  opened: boolean;
  /** The shop being edited (kept while the dialog closes). */
  shop: Shop | null;
  onClose: () => void;
}

export function ShopSettingsModal({ opened, shop, onClose }: ShopSettingsModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="ストアの設定" size="md">
      {shop && <ShopSettingsForm key={shop.id} shop={shop} onClose={onClose} />}
    </FormModal>
  );
}

function ShopSettingsForm({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const update = useUpdateShopSettings();
  const form = useSchemaForm(ShopSettingsInput, {
    name: "shop-settings",
    initialValues: {
      name: shop.name,
      import_days: shop.settings.importDays,
      include_fulfilled: shop.settings.includeFulfilled,
      tracking_upload: shop.settings.trackingUpload,
    } satisfies ShopSettingsValues,
  });
  const { onSubmit, error } = useFormSubmit(
    form,
    (values) => update.mutateAsync({ shop, body: { shop_id: shop.id, ...values } }),
    { success: "ストアの設定を保存しました。", onSuccess: onClose },
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <FormAlert error={error} />
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
        <ModalActions onCancel={onClose} submitting={form.submitting} submitLabel="保存する" />
      </Stack>
    </form>
  );
}
