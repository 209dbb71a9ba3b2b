import { PasswordInput, Stack, TextInput, type TextInputProps } from "@mantine/core";
import { hasLength, type UseFormReturnType } from "@mantine/form";
import { emailProblem } from "@okuru/core/shared/email-address";
import { useState } from "react";
import { passwordHint } from "../../lib/validation";
import { PasswordRequirements } from "../PasswordRequirements/PasswordRequirements";

/** The shared schema's e-mail rule and messages, as a Mantine rule, without the schema module's zod. */
export const emailRule = (value: string) => emailProblem(value) ?? null;
export const codeRule = hasLength({ min: 6, max: 6 }, "6桁の確認コードを入力してください。");

/** The sign-in address field of the public pages. */
export function EmailInput(props: TextInputProps) {
  return (
    <TextInput
      label="メールアドレス"
      placeholder="example@okuru.jp"
      type="email"
      autoComplete="username"
      size="md"
      withAsterisk
      {...props}
    />
  );
}

const codeInputStyles = { input: { letterSpacing: "0.35em", fontWeight: 600 } } as const;

/** The six-digit code Cognito mails. */
export function CodeInput(props: TextInputProps) {
  return (
    <TextInput
      label="確認コード"
      placeholder="123456"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      size="md"
      withAsterisk
      styles={codeInputStyles}
      {...props}
    />
  );
}

export interface NewPasswordValues {
  password: string;
  passwordConfirmation: string;
}

export interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  // biome-ignore lint/suspicious/noExplicitAny: any form whose values include the two passwords, however it validates.
  form: UseFormReturnType<Values, any, any>;
  /** 「パスワード」 or 「新しいパスワード」; the second field adds 「（確認）」. */
  label: string;
}

/** A new password with the policy's checklist under it, and the field that repeats it. */
export function NewPasswordFields<Values extends NewPasswordValues>(props: NewPasswordFieldsProps<Values>) {
  const form = props.form as unknown as UseFormReturnType<NewPasswordValues>;
  const [password, setPassword] = useState("");
  form.watch("password", ({ value }) => setPassword(value));

  return (
    <>
      <Stack gap={8}>
        <PasswordInput
          label={props.label}
          description={passwordHint}
          autoComplete="new-password"
          size="md"
          withAsterisk
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
        <PasswordRequirements value={password} />
      </Stack>
      <PasswordInput
        label={`${props.label}（確認）`}
        autoComplete="new-password"
        size="md"
        withAsterisk
        key={form.key("passwordConfirmation")}
        {...form.getInputProps("passwordConfirmation")}
      />
    </>
  );
}
