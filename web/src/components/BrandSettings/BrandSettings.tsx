import { Anchor, Checkbox, type SelectProps, SimpleGrid, Skeleton, TextInput } from "@mantine/core";
import { uploadSettingLabels } from "@okuru/core/shared/brand-settings";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Suspense } from "react";
import type { z } from "zod";
import type { Brand } from "../../lib/api";
import { laterSchema, useFormSubmit, useSchemaForm } from "../../lib/form";
import {
  brandQueryOptions,
  useUpdateBrand,
  useUpdateBrandItemCategory,
  useUpdateBrandSender,
} from "../../queries/brands";
import { companyQueryOptions } from "../../queries/companies";
import { itemCategoriesQueryOptions } from "../../queries/item-categories";
import { sendersQueryOptions } from "../../queries/senders";
import { LaterSelect } from "../forms/LaterSelect";
import { SettingsFormSection } from "../forms/SettingsFormSection";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { printSettingsDescription, printSettingsSection, printSettingsTitle } from "./brand-settings-later";
import type { UploadSettingsForm } from "./brand-settings-schemas";
import { useBrandSectionForm } from "./use-brand-section-form";

// The cards' schemas come after the first screen (laterSchema): zod is no part of it.
const brandSchema = laterSchema(() => import("./brand-settings-schemas").then((module) => module.BrandForm));
const uploadSettingsSchema = laterSchema(() =>
  import("./brand-settings-schemas").then((module) => module.UploadSettingsForm),
);

/** ブランド設定 and 印刷設定 on the 会社概要 tab. */
export function BrandSettings() {
  return (
    <>
      <BrandDefaultsSection />
      <UploadSettingsSection />
      <Suspense fallback={<PrintSettingsFallback />}>
        <printSettingsSection.Component />
      </Suspense>
    </>
  );
}

type BrandFormValues = { name: string; sender_id: string | null; item_category_id: string | null };

function BrandDefaultsSection() {
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const { data: senders } = useSuspenseQuery(sendersQueryOptions());
  const { data: itemCategories } = useSuspenseQuery(itemCategoriesQueryOptions());
  const updateBrand = useUpdateBrand();
  const updateSender = useUpdateBrandSender();
  const updateItemCategory = useUpdateBrandItemCategory();

  const form = useSchemaForm(brandSchema, {
    name: "brand",
    initialValues: {
      // A brand never saved is most often named like the shop's company.
      name: brand.name || company.name,
      sender_id: brand.defaultSenderId,
      item_category_id: brand.defaultItemCategoryId,
    } satisfies BrandFormValues as BrandFormValues,
  });

  // Three calls, each only when its value changed.
  const { onSubmit, error } = useFormSubmit(
    form,
    async (values) => {
      let saved: Brand = brand;
      if (values.name !== brand.name) saved = await updateBrand.mutateAsync({ name: values.name });
      if (values.sender_id !== brand.defaultSenderId) {
        saved = await updateSender.mutateAsync({ sender_id: values.sender_id });
      }
      if (values.item_category_id !== brand.defaultItemCategoryId) {
        saved = await updateItemCategory.mutateAsync({ item_category_id: values.item_category_id });
      }
      return saved;
    },
    { success: "ブランド設定を保存しました。" },
  );

  return (
    <SettingsFormSection
      title="ブランド設定"
      description="ブランド名と、送り状を作成するときに最初から選ばれる発送元・備考欄を設定します。"
      onSubmit={onSubmit}
      submitting={form.submitting}
      error={error}
      maw={760}
    >
      <TextInput label="ブランド名" placeholder="例: 送る商店" withAsterisk {...form.getInputProps("name")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DefaultRecordSelect
          label="デフォルトの発送元"
          records={senders.items}
          noun="発送元"
          hint="送り状のご依頼主として最初に選ばれます。"
          listLink={{ to: "/settings/senders", label: "発送元管理" }}
          {...form.getInputProps("sender_id")}
        />
        <DefaultRecordSelect
          label="デフォルトの備考欄"
          records={itemCategories.items}
          noun="備考欄設定"
          hint="送り状の品名・荷扱いとして最初に選ばれます。"
          listLink={{ to: "/settings/item_categories", label: "備考欄設定" }}
          {...form.getInputProps("item_category_id")}
        />
      </SimpleGrid>
    </SettingsFormSection>
  );
}

type UploadSettingsValues = z.output<typeof UploadSettingsForm>;

const uploadSettingsOf = (brand: Brand): UploadSettingsValues => ({
  notify_customer: brand.notifyCustomer,
  auto_upload_tracking: brand.autoUploadTracking,
});

/** 追跡番号のアップロード: Shopify's shipping confirmation, and the upload right after the labels. */
function UploadSettingsSection() {
  const update = useUpdateBrand();
  const { form, section } = useBrandSectionForm(uploadSettingsSchema, {
    name: "upload",
    valuesOf: uploadSettingsOf,
    save: (values) => update.mutateAsync(values),
    success: "追跡番号のアップロード設定を保存しました。",
  });

  return (
    <SettingsFormSection
      title="追跡番号のアップロード"
      description="送り状の追跡番号をストアへ送るときの動作を設定します。"
      {...section}
      maw={760}
    >
      <Checkbox
        label={uploadSettingLabels.notify_customer}
        description="Shopify のストアへのアップロードに適用されます。"
        {...form.getInputProps("notify_customer", { type: "checkbox" })}
      />
      <Checkbox
        label={uploadSettingLabels.auto_upload_tracking}
        description="オフの場合は、注文リストや出荷履歴から「追跡番号をアップロード」で送ります。"
        {...form.getInputProps("auto_upload_tracking", { type: "checkbox" })}
      />
    </SettingsFormSection>
  );
}

interface DefaultRecordSelectProps extends Omit<SelectProps, "data" | "placeholder" | "description"> {
  label: string;
  records: readonly { id: string; name: string }[];
  /** What one record is called, e.g. 「発送元」. */
  noun: string;
  /** What the default does, shown once there is something to choose. */
  hint: string;
  /** The settings tab where the records are added, offered while there are none. */
  listLink: { to: "/settings/senders" | "/settings/item_categories"; label: string };
}

/** A brand default chosen among the senders or item categories; disabled with a link while there are none. */
function DefaultRecordSelect({ records, noun, hint, listLink, ...props }: DefaultRecordSelectProps) {
  const options = records.map((record) => ({ value: record.id, label: record.name }));
  return (
    <LaterSelect
      placeholder={options.length ? "未設定" : `${noun}が登録されていません`}
      data={options}
      clearable
      disabled={options.length === 0}
      description={
        options.length ? (
          hint
        ) : (
          <>
            先に
            <Anchor component={Link} to={listLink.to} size="xs">
              {listLink.label}
            </Anchor>
            で登録してください。
          </>
        )
      }
      {...props}
    />
  );
}

/**
 * 印刷設定's frame while its card's code comes (brand-settings-later): its title and
 * description in place, the carriers' cards shown as loading.
 */
function PrintSettingsFallback() {
  return (
    <SettingsSection title={printSettingsTitle} description={printSettingsDescription}>
      <Skeleton height={330} radius="md" />
    </SettingsSection>
  );
}
