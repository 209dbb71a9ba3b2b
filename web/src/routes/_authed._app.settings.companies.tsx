import { Stack } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { BrandSettings } from "../components/BrandSettings/BrandSettings";
import {
  CompanyProfileFields,
  useCompanyProfileForm,
} from "../components/CompanyProfileForm/CompanyProfileForm";
import { UnsavedChangesGuard } from "../components/CompanyProfileForm/UnsavedChanges";
import { SettingsFormSection } from "../components/forms/SettingsFormSection";
import { brandQueryOptions } from "../queries/brands";
import { companyQueryOptions } from "../queries/companies";
import { itemCategoriesQueryOptions } from "../queries/item-categories";
import { loadQueries } from "../queries/preload";
import { sendersQueryOptions } from "../queries/senders";
import { meQueryOptions } from "../queries/users";

export const Route = createFileRoute("/_authed/_app/settings/companies")({
  loader: loadQueries(
    companyQueryOptions,
    brandQueryOptions,
    sendersQueryOptions,
    itemCategoriesQueryOptions,
    meQueryOptions,
  ),
  component: CompanyPage,
});

function CompanyPage() {
  return (
    <UnsavedChangesGuard>
      <Stack gap="lg">
        <CompanyProfileSection />
        <BrandSettings />
      </Stack>
    </UnsavedChangesGuard>
  );
}

function CompanyProfileSection() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const { form, onSubmit, error } = useCompanyProfileForm(company, { success: "会社概要を保存しました。" });
  return (
    <SettingsFormSection
      title="会社概要"
      description="会社名・所在地・連絡先を登録します。送り状の発送元やお問い合わせ先として使われます。"
      onSubmit={onSubmit}
      submitting={form.submitting}
      error={error}
      gap="lg"
    >
      <CompanyProfileFields form={form} />
    </SettingsFormSection>
  );
}
