import {
  Anchor,
  Checkbox,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from "@mantine/core";
import {
  BrandDefaultItemCategory,
  BrandDefaultSender,
  BrandPrintSettings,
  BrandUpdate,
  type Carrier,
  carrierLabels,
  carriers,
  fittingLayout,
  type Paper as LabelPaper,
  type Layout,
  layoutFits,
  layoutLabels,
  layouts as layoutValues,
  offsetRule,
  paperLabels,
  papers as paperValues,
  uploadSettingLabels,
} from "@okuru/core/shared/brand";
import { IconPrinter, IconTruckDelivery } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { z } from "zod";
import { type Brand, printSettingsKey } from "../../lib/api";
import { type SchemaForm, useFormSubmit, useSchemaForm } from "../../lib/form";
import {
  brandQueryOptions,
  useUpdateBrand,
  useUpdateBrandItemCategory,
  useUpdateBrandPrintSettings,
  useUpdateBrandSender,
} from "../../queries/brands";
import { companyQueryOptions } from "../../queries/companies";
import { itemCategoriesQueryOptions } from "../../queries/item-categories";
import { sendersQueryOptions } from "../../queries/senders";
import { SettingsFormSection } from "../forms/SettingsFormSection";
import classes from "./BrandSettings.module.css";

/** ブランド設定 and 印刷設定 on the 会社概要 tab. */
export function BrandSettings() {
  return (
    <>
      <BrandDefaultsSection />
      <UploadSettingsSection />
      <PrintSettingsSection />
    </>
  );
}

const BrandForm = z.object({
  name: BrandUpdate.shape.name.unwrap(),
  ...BrandDefaultSender.shape,
  ...BrandDefaultItemCategory.shape,
});

type BrandFormValues = { name: string; sender_id: string | null; item_category_id: string | null };

function BrandDefaultsSection() {
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const { data: senders } = useSuspenseQuery(sendersQueryOptions());
  const { data: itemCategories } = useSuspenseQuery(itemCategoriesQueryOptions());
  const updateBrand = useUpdateBrand();
  const updateSender = useUpdateBrandSender();
  const updateItemCategory = useUpdateBrandItemCategory();

  const form = useSchemaForm(BrandForm, {
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

/**
 * A brand card saved by one brand call: its form starts from the cached brand and,
 * once saved, from the brand the call answered.
 */
function useBrandSectionForm<Values extends Record<string, unknown>, S extends z.ZodType>(
  schema: S,
  options: {
    name: string;
    valuesOf: (brand: Brand) => Values;
    save: (values: z.output<S>) => Promise<Brand>;
    success: string;
  },
) {
  const { data: brand } = useSuspenseQuery(brandQueryOptions());
  const form = useSchemaForm(schema, { name: options.name, initialValues: options.valuesOf(brand) });
  const { onSubmit, error } = useFormSubmit(form, options.save, {
    success: options.success,
    onSuccess: (saved) => form.resetDirty(options.valuesOf(saved)),
  });
  return { form, section: { onSubmit, submitting: form.submitting, error } };
}

const UploadSettingsForm = z.object({
  notify_customer: BrandUpdate.shape.notify_customer.unwrap(),
  auto_upload_tracking: BrandUpdate.shape.auto_upload_tracking.unwrap(),
});
type UploadSettingsValues = z.output<typeof UploadSettingsForm>;

const uploadSettingsOf = (brand: Brand): UploadSettingsValues => ({
  notify_customer: brand.notifyCustomer,
  auto_upload_tracking: brand.autoUploadTracking,
});

/** 追跡番号のアップロード: Shopify's shipping confirmation, and the upload right after the labels. */
function UploadSettingsSection() {
  const update = useUpdateBrand();
  const { form, section } = useBrandSectionForm(UploadSettingsForm, {
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
    <Select
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

type PrintFormValues = Record<
  Carrier,
  { paper: LabelPaper; layout: Layout; offset_x_mm: number | string; offset_y_mm: number | string }
>;

function printFormValues(brand: Brand): PrintFormValues {
  return Object.fromEntries(
    carriers.map((carrier) => {
      const setting = brand.printSettings[printSettingsKey[carrier]];
      return [
        carrier,
        {
          paper: setting.paper,
          layout: setting.layout,
          offset_x_mm: setting.offsetXMm,
          offset_y_mm: setting.offsetYMm,
        },
      ];
    }),
  ) as PrintFormValues;
}

const offsetHint = `補正は${offsetRule.step}mm単位・±${offsetRule.max}mmの範囲で指定します。横方向はプラスで右へ、縦方向はプラスで下へ印字位置が移動します。`;

function PrintSettingsSection() {
  const update = useUpdateBrandPrintSettings();
  const { form, section } = useBrandSectionForm(BrandPrintSettings, {
    name: "print",
    valuesOf: printFormValues,
    save: (values) => update.mutateAsync(values),
    success: "印刷設定を保存しました。",
  });

  return (
    <SettingsFormSection
      title="印刷設定"
      description="配送会社ごとに、送り状を印刷する用紙・面付けと、印字位置の補正を設定します。"
      {...section}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" verticalSpacing="md">
        {carriers.map((carrier) => (
          <CarrierPrintCard key={carrier} carrier={carrier} form={form} />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {offsetHint}
      </Text>
    </SettingsFormSection>
  );
}

const offsetFields = [
  { field: "offset_x_mm", label: "横方向の補正" },
  { field: "offset_y_mm", label: "縦方向の補正" },
] as const;

function CarrierPrintCard({
  carrier,
  form,
}: {
  carrier: Carrier;
  form: SchemaForm<PrintFormValues, z.output<typeof BrandPrintSettings>>;
}) {
  const values = form.getValues()[carrier];
  const label = carrierLabels[carrier];
  const layoutError = form.errors[`${carrier}.layout`];
  const paperProps = form.getInputProps(`${carrier}.paper`);

  return (
    <Paper withBorder p="md" className={classes.carrier} role="group" aria-label={`${label}の印刷設定`}>
      <Stack gap="md">
        <div className={classes.carrierHeader}>
          <ThemeIcon variant="light" size={32} radius="md">
            <IconTruckDelivery size={18} stroke={1.7} />
          </ThemeIcon>
          <Text fw={700}>{label}</Text>
        </div>
        <Select
          label="用紙"
          leftSection={<IconPrinter size={16} stroke={1.6} />}
          data={paperValues.map((paper) => ({ value: paper, label: paperLabels[paper] }))}
          allowDeselect={false}
          {...paperProps}
          onChange={(value) => {
            const paper = (value ?? "a4") as LabelPaper;
            form.setFieldValue(`${carrier}.paper`, paper);
            // Keep the pair valid instead of reporting an error the merchant did not cause.
            if (!layoutFits(paper, values.layout)) {
              form.setFieldValue(`${carrier}.layout`, fittingLayout(paper));
            }
          }}
        />
        <Input.Wrapper label="面付け" error={layoutError} description="1枚の用紙に印刷する送り状の数">
          <SegmentedControl
            fullWidth
            aria-label={`${label}の面付け`}
            value={values.layout}
            onChange={(value) => form.setFieldValue(`${carrier}.layout`, value as Layout)}
            data={layoutValues.map((layout) => ({
              value: layout,
              label: layoutLabels[layout],
              disabled: !layoutFits(values.paper, layout),
            }))}
          />
        </Input.Wrapper>
        <SimpleGrid cols={2} spacing="sm">
          {offsetFields.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              suffix=" mm"
              step={offsetRule.step}
              min={offsetRule.min}
              max={offsetRule.max}
              decimalScale={1}
              {...form.getInputProps(`${carrier}.${field}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
