import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { CompanyUpdate } from "@okuru/core/shared/company";
import type { Company, CompanyUpdateReq } from "../../lib/api";
import {
  type FormSubmitOptions,
  laterSchema,
  type SchemaForm,
  useFormSubmit,
  useSchemaForm,
} from "../../lib/form";
import { useUpdateCompany } from "../../queries/companies";
import { AddressFields, type AddressValues, addressValues } from "../forms/AddressFields";
import { FieldGroup } from "../forms/FieldGroup";
import { PhoneInput } from "../forms/PhoneInput";

/** The API's own schema, fetched after the first screen (laterSchema). */
const companySchema = laterSchema(() =>
  import("@okuru/core/shared/company").then((module) => module.CompanyUpdate),
);

export type CompanyFormValues = AddressValues & {
  name: string;
  name_kana: string;
  phone: string;
  contact_name: string;
  contact_email: string;
};

export function companyFormValues(company: Company): CompanyFormValues {
  return {
    name: company.name,
    name_kana: company.nameKana,
    ...addressValues(company),
    phone: company.phone,
    contact_name: company.contactName,
    contact_email: company.contactEmail,
  };
}

export type CompanyForm = SchemaForm<CompanyFormValues, CompanyUpdate>;

/**
 * The 会社概要 form, validated by the API's own schema. `afterSave` runs after a
 * successful save while the button still spins (the wizard moves on there).
 */
export function useCompanyProfileForm(
  company: Company,
  options: FormSubmitOptions<Company> & { afterSave?: (company: Company) => Promise<unknown> } = {},
) {
  const form = useSchemaForm(companySchema, { name: "company", initialValues: companyFormValues(company) });
  const update = useUpdateCompany();
  const submit = useFormSubmit(
    form,
    async (values: CompanyUpdateReq) => {
      const saved = await update.mutateAsync(values);
      await options.afterSave?.(saved);
      return saved;
    },
    {
      ...options,
      onSuccess: async (saved) => {
        // Show what was stored: 100-0001, 03-1234-5678, trimmed text.
        form.setValues(companyFormValues(saved));
        form.resetDirty(companyFormValues(saved));
        await options.onSuccess?.(saved);
      },
    },
  );
  return { form, ...submit };
}

/** 会社情報 · 所在地 · 連絡先. */
export function CompanyProfileFields({ form }: { form: CompanyForm }) {
  return (
    <Stack gap="xl" maw={760}>
      <FieldGroup title="会社情報">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="会社名"
            placeholder="例: 株式会社送る商店"
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps("name")}
          />
          <TextInput
            label="会社名（カナ）"
            placeholder="例: カブシキガイシャオクルショウテン"
            {...form.getInputProps("name_kana")}
          />
        </SimpleGrid>
      </FieldGroup>

      <FieldGroup title="所在地">
        <AddressFields form={form} />
      </FieldGroup>

      <FieldGroup title="連絡先">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <PhoneInput {...form.getInputProps("phone")} />
          <div />
          <TextInput
            label="担当者名"
            placeholder="例: 山田 太郎"
            autoComplete="name"
            {...form.getInputProps("contact_name")}
          />
          <TextInput
            label="担当者メールアドレス"
            placeholder="例: info@example.jp"
            type="email"
            autoComplete="email"
            {...form.getInputProps("contact_email")}
          />
        </SimpleGrid>
      </FieldGroup>
    </Stack>
  );
}
