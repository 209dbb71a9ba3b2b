import {
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from "@mantine/core";
import type { BrandPrintSettings } from "@okuru/core/shared/brand";
import {
  fittingLayout,
  type Paper as LabelPaper,
  type Layout,
  layoutFits,
  layoutLabels,
  layouts as layoutValues,
  offsetRule,
  paperLabels,
  papers as paperValues,
} from "@okuru/core/shared/brand-settings";
import { type Carrier, carrierLabels, carriers } from "@okuru/core/shared/carrier-names";
import { IconPrinter, IconTruckDelivery } from "@tabler/icons-react";
import { type Brand, printSettingsKey } from "../../lib/api";
import { laterSchema, type SchemaForm } from "../../lib/form";
import { useUpdateBrandPrintSettings } from "../../queries/brands";
import { SettingsFormSection } from "../forms/SettingsFormSection";
import classes from "./BrandSettings.module.css";
import { printSettingsDescription, printSettingsTitle } from "./brand-settings-later";
import { useBrandSectionForm } from "./use-brand-section-form";

const printSettingsSchema = laterSchema(() =>
  import("@okuru/core/shared/brand").then((module) => module.BrandPrintSettings),
);

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

/** 印刷設定: each carrier's paper, layout and print offsets (brand-settings-later). */
export function PrintSettingsSection() {
  const update = useUpdateBrandPrintSettings();
  const { form, section } = useBrandSectionForm(printSettingsSchema, {
    name: "print",
    valuesOf: printFormValues,
    save: (values) => update.mutateAsync(values),
    success: "印刷設定を保存しました。",
  });

  return (
    <SettingsFormSection title={printSettingsTitle} description={printSettingsDescription} {...section}>
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
  form: SchemaForm<PrintFormValues, BrandPrintSettings>;
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
