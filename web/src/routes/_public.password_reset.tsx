import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { hasLength, isEmail, matchesField, useForm } from "@mantine/form";
import { IconLockOpen } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { AuthCardHeader, AuthError, AuthNotice } from "../components/AuthCard/AuthCard";
import { LocalMailHint } from "../components/LocalMailHint/LocalMailHint";
import { PasswordRequirements } from "../components/PasswordRequirements/PasswordRequirements";
import { authErrorMessage } from "../lib/auth-errors";
import { notify } from "../lib/notify";
import { passwordHint, passwordMismatch, passwordProblem } from "../lib/validation";

export const Route = createFileRoute("/_public/password_reset")({
  validateSearch: z.object({
    email: z.string().optional().catch(undefined),
    // Set when Cognito refused a sign-in until the password is reset.
    required: z.boolean().optional().catch(undefined),
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
              <Text span size="sm" fw={600} c="dark">
                {sentTo}
              </Text>{" "}
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
    validate: { email: isEmail("メールアドレスの形式が正しくありません。") },
  });
  const request = useMutation({
    mutationFn: (email: string) => auth.resetPassword(email),
    onSuccess: (_, email) => {
      notify.success(passwordResetMessages.codeSent);
      onSent(email);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()))}>
      <Stack gap="md">
        {request.error && <AuthError>{authErrorMessage(request.error, "resetPassword")}</AuthError>}
        <TextInput
          label="メールアドレス"
          placeholder="example@okuru.jp"
          type="email"
          autoComplete="username"
          size="md"
          withAsterisk
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          確認コードを送信
        </Button>
      </Stack>
    </form>
  );
}

function ConfirmStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const { auth } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const [password, setPassword] = useState("");
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { code: "", password: "", passwordConfirmation: "" },
    validate: {
      code: hasLength({ min: 6, max: 6 }, "6桁の確認コードを入力してください。"),
      password: passwordProblem,
      passwordConfirmation: matchesField("password", passwordMismatch),
    },
  });
  form.watch("password", ({ value }) => setPassword(value));

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
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        confirm.mutate({ code: values.code.trim(), password: values.password }),
      )}
    >
      <Stack gap="md">
        {confirm.error && <AuthError>{authErrorMessage(confirm.error, "confirmResetPassword")}</AuthError>}
        {resend.error && <AuthError>{authErrorMessage(resend.error, "resetPassword")}</AuthError>}
        <TextInput
          label="確認コード"
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          size="md"
          withAsterisk
          styles={{ input: { letterSpacing: "0.35em", fontWeight: 600 } }}
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <Stack gap={8}>
          <PasswordInput
            label="新しいパスワード"
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
          label="新しいパスワード（確認）"
          autoComplete="new-password"
          size="md"
          withAsterisk
          key={form.key("passwordConfirmation")}
          {...form.getInputProps("passwordConfirmation")}
        />
        <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
          パスワードを再設定
        </Button>
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
      </Stack>
    </form>
  );
}
