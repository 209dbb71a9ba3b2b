import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { isEmail, matchesField, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { authErrorMessage } from "../lib/auth-errors";
import { notify } from "../lib/notify";
import { passwordHint, passwordProblem } from "../lib/validation";

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
  const form = useForm<SignupValues>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "", passwordConfirmation: "" },
    validate: {
      email: isEmail("メールアドレスの形式が正しくありません。"),
      password: passwordProblem,
      passwordConfirmation: matchesField("password", "パスワードが一致しません。"),
    },
  });

  const signup = useMutation({
    mutationFn: ({ email, password }: SignupValues) => auth.signUp(email, password),
    onSuccess: (_, { email }) => {
      notify.success("確認コードをメールで送信しました。");
      void navigate({ to: "/email_verification", search: { email } });
    },
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          新規登録
        </Title>
        <Text size="sm" c="dimmed">
          メールアドレスとパスワードを登録してください。確認コードをメールでお送りします。
        </Text>
      </Stack>

      {signup.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {authErrorMessage(signup.error)}
        </Alert>
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
          <PasswordInput
            label="パスワード"
            description={passwordHint}
            autoComplete="new-password"
            size="md"
            withAsterisk
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
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
