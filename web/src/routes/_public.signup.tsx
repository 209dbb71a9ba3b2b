import { Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { isEmail, matchesField, useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { AuthCardHeader, AuthError } from "../components/AuthCard/AuthCard";
import { PasswordRequirements } from "../components/PasswordRequirements/PasswordRequirements";
import { authErrorMessage } from "../lib/auth-errors";
import { notify } from "../lib/notify";
import { rememberPendingSignIn } from "../lib/pending-sign-in";
import { passwordHint, passwordMismatch, passwordProblem } from "../lib/validation";

export const Route = createFileRoute("/_public/signup")({
  component: SignupPage,
});

interface SignupValues {
  email: string;
  password: string;
  passwordConfirmation: string;
}

function SignupPage() {
  const { auth } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const [password, setPassword] = useState("");
  const form = useForm<SignupValues>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "", passwordConfirmation: "" },
    validate: {
      email: isEmail("メールアドレスの形式が正しくありません。"),
      password: passwordProblem,
      passwordConfirmation: matchesField("password", passwordMismatch),
    },
  });
  form.watch("password", ({ value }) => setPassword(value));

  const signup = useMutation({
    mutationFn: ({ email, password }: SignupValues) => auth.signUp(email, password),
    onSuccess: (_, { email, password }) => {
      // Confirming the code on the next screen signs the new user in with it.
      rememberPendingSignIn(email, password);
      notify.success("確認コードをメールで送信しました。");
      void navigate({ to: "/email_verification", search: { email } });
    },
  });
  const existingEmail =
    signup.error && (signup.error as { name?: string }).name === "UsernameExistsException"
      ? signup.variables?.email
      : undefined;

  return (
    <Stack gap="lg">
      <AuthCardHeader
        title="新規登録"
        description="メールアドレスとパスワードを登録してください。メールアドレスの確認用に、6桁のコードをお送りします。"
      />

      {signup.error && (
        <AuthError>
          {authErrorMessage(signup.error, "signUp")}
          {existingEmail && (
            <>
              {" "}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => void navigate({ to: "/login", search: { email: existingEmail } })}
              >
                ログインはこちら
              </Anchor>
            </>
          )}
        </AuthError>
      )}

      <form
        noValidate
        onSubmit={form.onSubmit((values) => signup.mutate({ ...values, email: values.email.trim() }))}
      >
        <Stack gap="md">
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
          <Stack gap={8}>
            <PasswordInput
              label="パスワード"
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
            label="パスワード（確認）"
            autoComplete="new-password"
            size="md"
            withAsterisk
            key={form.key("passwordConfirmation")}
            {...form.getInputProps("passwordConfirmation")}
          />
          <Button type="submit" size="md" fullWidth loading={signup.isPending}>
            登録する
          </Button>
        </Stack>
      </form>

      <Divider />

      <Text size="sm" ta="center" c="dimmed">
        既にアカウントをお持ちの方は{" "}
        <Anchor component={Link} to="/login" fw={600}>
          ログイン
        </Anchor>
      </Text>
    </Stack>
  );
}
