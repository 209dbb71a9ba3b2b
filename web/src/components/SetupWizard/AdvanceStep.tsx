import { Button, Stack } from "@mantine/core";
import type { SetupStatus } from "@okuru/core/shared/setup-status";
import type { ReactNode } from "react";
import { ApiError } from "../../lib/api";
import { unexpectedErrorMessage } from "../../lib/form";
import { notify } from "../../lib/notify";
import { FormAlert } from "../forms/FormAlert";
import { StepFooter } from "./StepFooter";
import { useAdvanceSetup } from "./use-advance-setup";

export interface AdvanceStepProps {
  next: SetupStatus;
  label: string;
  icon: ReactNode;
  note?: ReactNode;
  success?: string;
  /** The step's own prerequisite is not met yet (the note says what is missing). */
  disabled?: boolean;
}

/** The step's way forward; the API checks the step's prerequisites and its refusal is shown here. */
export function AdvanceStep({ next, label, icon, note, success, disabled }: AdvanceStepProps) {
  const { advance, pending, error } = useAdvanceSetup();
  const message = error ? (error instanceof ApiError ? error.message : unexpectedErrorMessage) : null;
  return (
    <Stack gap="md">
      <FormAlert error={message} />
      <StepFooter note={note}>
        <Button
          size="md"
          rightSection={icon}
          loading={pending}
          disabled={disabled}
          onClick={() =>
            void advance(next).then(
              () => success && notify.success(success),
              () => undefined,
            )
          }
        >
          {label}
        </Button>
      </StepFooter>
    </Stack>
  );
}
