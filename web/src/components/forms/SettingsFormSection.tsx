import { type MantineSize, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useCanManageSettings } from "../../lib/permissions";
import { SettingsSection } from "../SettingsSection/SettingsSection";
import { FormAlert } from "./FormAlert";
import { SubmitButton } from "./SubmitButton";

/**
 * A settings card that is one form: its form-wide error above the fields and 保存する in
 * the footer. Members see it read-only (no footer): administrators manage settings.
 */
export function SettingsFormSection({
  title,
  description,
  onSubmit,
  submitting,
  error,
  gap = "md",
  maw,
  children,
}: {
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  error: string | null | undefined;
  gap?: MantineSize;
  /** The fields' maximum width, where they would stretch too far on a wide screen. */
  maw?: number;
  children: ReactNode;
}) {
  const canManage = useCanManageSettings();
  return (
    <SettingsSection
      title={title}
      description={description}
      onSubmit={onSubmit}
      footer={<SubmitButton loading={submitting}>保存する</SubmitButton>}
      readOnly={!canManage}
    >
      <Stack gap={gap} maw={maw}>
        <FormAlert error={error} />
        {children}
      </Stack>
    </SettingsSection>
  );
}
