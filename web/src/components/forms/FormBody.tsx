import { type MantineSize, Stack } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { FormAlert } from "./FormAlert";
import { ModalActions } from "./ModalActions";

/** What useFormSubmit gives a form to show: its submit handler and its form-wide error. */
export interface FormSubmission {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null | undefined;
}

export interface FormBodyProps {
  submit: FormSubmission;
  gap?: MantineSize;
  /** A note above the error and the fields. */
  intro?: ReactNode;
  /** The buttons below the fields. */
  footer: ReactNode;
  children: ReactNode;
}

/**
 * One form, laid out: the browser's own validation off (the shared schemas speak
 * Japanese), its form-wide error above the fields, its buttons below them.
 */
export function FormBody({ submit, gap = "md", intro, footer, children }: FormBodyProps) {
  return (
    <form noValidate onSubmit={submit.onSubmit}>
      <Stack gap={gap}>
        {intro}
        <FormAlert error={submit.error} />
        {children}
        {footer}
      </Stack>
    </form>
  );
}

export interface ModalFormProps extends Omit<FormBodyProps, "footer"> {
  /** The schema form; its `submitting` spins the submit button. */
  form: { submitting: boolean };
  onCancel: () => void;
  /** Whether the form adds a new record: its button says 追加する, not 保存する. */
  adding?: boolean;
  /** The submit button's own label, instead of 追加する or 保存する. */
  submitLabel?: ReactNode;
}

/** The form of a dialog (FormModal): キャンセル and the submit button at its foot. */
export function ModalForm({ form, onCancel, adding = false, submitLabel, ...body }: ModalFormProps) {
  return (
    <FormBody
      {...body}
      footer={
        <ModalActions
          onCancel={onCancel}
          submitting={form.submitting}
          submitLabel={submitLabel ?? (adding ? "追加する" : "保存する")}
        />
      }
    />
  );
}
