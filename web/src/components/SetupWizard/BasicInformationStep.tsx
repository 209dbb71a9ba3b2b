import { Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { companyQueryOptions } from "../../queries/companies";
import { CompanyProfileFields, useCompanyProfileForm } from "../CompanyProfileForm/CompanyProfileForm";
import { FormAlert } from "../forms/FormAlert";
import { SubmitButton } from "../forms/SubmitButton";
import { StepFooter } from "./StepFooter";
import { StepHeader } from "./StepHeader";
import { useAdvanceSetup } from "./use-advance-setup";

/** 基本情報: the 会社概要 form; saving it moves on to ストア連携 (the API checks the profile is complete). */
export function BasicInformationStep() {
  const { data: company } = useSuspenseQuery(companyQueryOptions());
  const { advance } = useAdvanceSetup();
  const { form, onSubmit, error } = useCompanyProfileForm(company, {
    success: "基本情報を保存しました。",
    afterSave: () => advance("stores"),
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="xl">
        <StepHeader step="basic_information" />
        <FormAlert error={error} />
        <CompanyProfileFields form={form} />
        <StepFooter note="入力した内容は、あとから「設定」の会社概要で変更できます。">
          <SubmitButton
            loading={form.submitting}
            size="md"
            rightSection={<IconArrowRight size={18} stroke={1.8} />}
          >
            保存して次へ
          </SubmitButton>
        </StepFooter>
      </Stack>
    </form>
  );
}
