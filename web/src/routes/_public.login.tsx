import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { isEmail, isNotEmpty, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { authErrorMessage, isUserNotConfirmed } from "../lib/auth-errors";
import { ensureSignup } from "../lib/first-login";

export const Route = createFileRoute("/_public/login")({
  // Only the email is read here; other parameters (the shop-authorisation return) stay in the URL for the guard.
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  component: LoginPage,
});

interface LoginValues {
  email: string;
  password: string;
}

function LoginPage() {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const navigate = Route.useNavigate();
  const { email = "" } = Route.useSearch();
  const form = useForm<LoginValues>({
    mode: "uncontrolled",
    initialValues: { email, password: "" },
    validate: {
      email: isEmail("メールアドレスの形式が正しくありません。"),
      password: isNotEmpty("パスワードを入力してください。"),
    },
  });

  const login = useMutation({
    mutationFn: async ({ email, password }: LoginValues) => {
      const outcome = await auth.signIn(email, password);
      if (outcome === "confirmSignUp") return navigate({ to: "/email_verification", search: { email } });
      if (outcome === "resetPassword") return navigate({ to: "/password_reset", search: { email } });
      // An unverified user cannot be signed up yet; the guard sends them to /email_verification.
      if ((await auth.getUser())?.emailVerified) await ensureSignup();
      // The public layout's guard now sees the user and sends them on (spec §4).
      await router.invalidate();
    },
    onError: (error, { email }) => {
      if (isUserNotConfirmed(error)) void navigate({ to: "/email_verification", search: { email } });
    },
  });

  const errorMessage =
    login.error && !isUserNotConfirmed(login.error) ? authErrorMessage(login.error, "signIn") : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          ログイン
        </Title>
        <Text size="sm" c="dimmed">
          メールアドレスとパスワードを入力してください。
        </Text>
      </Stack>

      {errorMessage && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage}
        </Alert>
      )}

      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          login.mutate({ email: values.email.trim(), password: values.password }),
        )}
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
          <Stack gap={6}>
            <PasswordInput
              label="パスワード"
              placeholder="パスワード"
              autoComplete="current-password"
              size="md"
              withAsterisk
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/password_reset" size="sm">
                パスワードをお忘れの方
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            ログイン
          </Button>
        </Stack>
      </form>

      <Divider />

      <Text size="sm" ta="center" c="dimmed">
        アカウントをお持ちでない方は{" "}
        <Anchor component={Link} to="/signup" fw={600}>
          新規登録
        </Anchor>
      </Text>
    </Stack>
  );
}
