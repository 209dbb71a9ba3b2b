import { Anchor, Divider, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconLockOpen } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  AuthActionError,
  AuthCardHeader,
  AuthEmail,
  AuthForm,
  AuthNotice,
} from "../components/AuthCard/AuthCard";
import {
  CodeInput,
  codeRule,
  EmailInput,
  emailRule,
  NewPasswordFields,
} from "../components/AuthCard/AuthFields";
import { LocalMailHint } from "../components/LocalMailHint/LocalMailHint";
import { notify } from "../lib/notify";
import { flag, searchParams, text } from "../lib/search-params";
import { newPasswordRules } from "../lib/validation";

export const Route = createFileRoute("/_public/password_reset")({
  validateSearch: searchParams({
    email: text(),
    // Set when Cognito refused a sign-in until the password is reset.
    required: flag,
  }),
  component: PasswordResetPage,
});

const passwordResetMessages = {
  codeSent: "確認コードを送信しました。",
  codeResent: "確認コードを再送信しました。",
  done: "パスワードを再設定しました。新しいパスワードでログインしてください。",
} as const;

/** Two steps in one card: request a code by email, then the code and the new password. */
function PasswordResetPage() {
  const { email = "", required } = Route.useSearch();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <AuthCardHeader
        icon={<IconLockOpen size={24} stroke={1.7} />}
        title="パスワードの再設定"
        description={
          sentTo ? (
            <>
              <AuthEmail email={sentTo} />{" "}
              宛に確認コードをお送りしました。メールに記載の6桁のコードと、新しいパスワードを入力してください。
            </>
          ) : (
            "登録済みのメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。"
          )
        }
      />

      {required && !sentTo && (
        <AuthNotice>このアカウントはパスワードの再設定が必要です。確認コードを送信してください。</AuthNotice>
      )}
      {sentTo && <LocalMailHint />}

      {sentTo ? (
        <ConfirmStep email={sentTo} onChangeEmail={() => setSentTo(null)} />
      ) : (
        <RequestStep initialEmail={email} onSent={setSentTo} />
      )}

      <Divider />

      <Group justify="center">
        <Anchor component={Link} to="/login" size="sm">
          ログイン画面へ戻る
        </Anchor>
      </Group>
    </Stack>
  );
}

function RequestStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { auth } = Route.useRouteContext();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: initialEmail },
    validate: { email: emailRule },
  });
  const request = useMutation({
    mutationFn: (email: string) => auth.resetPassword(email),
    onSuccess: (_, email) => {
      notify.success(passwordResetMessages.codeSent);
      onSent(email);
    },
  });

  return (
    <AuthForm
      onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()))}
      submitLabel="確認コードを送信"
      pending={request.isPending}
    >
      <AuthActionError error={request.error} action="resetPassword" />
      <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
    </AuthForm>
  );
}

function ConfirmStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const { auth } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { code: "", password: "", passwordConfirmation: "" },
    validate: {
      code: codeRule,
      ...newPasswordRules,
    },
  });

  const confirm = useMutation({
    mutationFn: (values: { code: string; password: string }) =>
      auth.confirmResetPassword(email, values.code, values.password),
    onSuccess: () => {
      notify.success(passwordResetMessages.done);
      void navigate({ to: "/login", search: { email } });
    },
  });
  // Cognito sends a new code on a second request; the previous one stops working.
  const resend = useMutation({
    mutationFn: () => auth.resetPassword(email),
    onSuccess: () => {
      confirm.reset();
      notify.success(passwordResetMessages.codeResent);
    },
  });

  return (
    <AuthForm
      onSubmit={form.onSubmit((values) =>
        confirm.mutate({ code: values.code.trim(), password: values.password }),
      )}
      submitLabel="パスワードを再設定"
      pending={confirm.isPending}
      footer={
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            確認コードを再送信
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            メールアドレスを変更
          </Anchor>
        </Group>
      }
    >
      <AuthActionError error={confirm.error} action="confirmResetPassword" />
      <AuthActionError error={resend.error} action="resetPassword" />
      <CodeInput key={form.key("code")} {...form.getInputProps("code")} />
      <NewPasswordFields form={form} label="新しいパスワード" />
    </AuthForm>
  );
}
