import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { hasLength, isEmail, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { LocalMailHint } from "../components/LocalMailHint/LocalMailHint";
import { useLogout } from "../hooks/use-logout";
import { authErrorMessage } from "../lib/auth-errors";
import { ensureSignup } from "../lib/first-login";
import { notify } from "../lib/notify";

export const Route = createFileRoute("/_public/email_verification")({
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  component: EmailVerificationPage,
});

const codeRule = hasLength({ min: 6, max: 6 }, "6桁の確認コードを入力してください。");

function EmailVerificationPage() {
  const { user } = Route.useRouteContext();
  return user ? <VerifySignedInEmail email={user.email} /> : <ConfirmSignUp />;
}

/** After signing up: the account is confirmed with the code Cognito sent. */
function ConfirmSignUp() {
  const { auth } = Route.useRouteContext();
  const { email = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email, code: "" },
    validate: { email: isEmail("メールアドレスの形式が正しくありません。"), code: codeRule },
  });

  const confirm = useMutation({
    mutationFn: (values: { email: string; code: string }) => auth.confirmSignUp(values.email, values.code),
    onSuccess: (_, values) => {
      notify.success("メールアドレスを確認しました。ログインしてください。");
      void navigate({ to: "/login", search: { email: values.email } });
    },
  });
  const resend = useMutation({
    mutationFn: (address: string) => auth.resendSignUpCode(address),
    onSuccess: () => notify.success("確認コードを再送信しました。"),
    onError: (error) => notify.error(authErrorMessage(error)),
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          メールアドレスの確認
        </Title>
        <Text size="sm" c="dimmed">
          登録したメールアドレスに届いた6桁の確認コードを入力してください。
        </Text>
      </Stack>

      <LocalMailHint />

      {confirm.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {authErrorMessage(confirm.error)}
        </Alert>
      )}

      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          confirm.mutate({ email: values.email.trim(), code: values.code.trim() }),
        )}
      >
        <Stack gap="md">
          <TextInput
            label="メールアドレス"
            type="email"
            autoComplete="username"
            size="md"
            withAsterisk
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <TextInput
            label="確認コード"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="md"
            withAsterisk
            key={form.key("code")}
            {...form.getInputProps("code")}
          />
          <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
            確認する
          </Button>
        </Stack>
      </form>

      <Divider />

      <Group justify="space-between">
        <Anchor
          component="button"
          type="button"
          size="sm"
          disabled={resend.isPending}
          onClick={() => {
            const address = form.getValues().email.trim();
            if (form.validateField("email").hasError) return;
            resend.mutate(address);
          }}
        >
          確認コードを再送信
        </Anchor>
        <Anchor component={Link} to="/login" size="sm">
          ログイン画面へ戻る
        </Anchor>
      </Group>
    </Stack>
  );
}

/** Signed in, but the email address is not verified yet (e.g. after it was changed). */
function VerifySignedInEmail({ email }: { email: string }) {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const logout = useLogout();
  const form = useForm({ mode: "uncontrolled", initialValues: { code: "" }, validate: { code: codeRule } });

  const send = useMutation({
    mutationFn: () => auth.sendEmailVerificationCode(),
    onSuccess: () => notify.success("確認コードを送信しました。"),
    onError: (error) => notify.error(authErrorMessage(error)),
  });
  const confirm = useMutation({
    mutationFn: (code: string) => auth.confirmEmail(code),
    onSuccess: async () => {
      notify.success("メールアドレスを確認しました。");
      // The first-login signup waited for a verified address (spec §4).
      await ensureSignup();
      // The guard sees the verified user and sends them on.
      await router.invalidate();
    },
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          メールアドレスの確認
        </Title>
        <Text size="sm" c="dimmed">
          {email} の確認が完了していません。確認コードを送信し、届いた6桁のコードを入力してください。
        </Text>
      </Stack>

      {confirm.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {authErrorMessage(confirm.error)}
        </Alert>
      )}

      <LocalMailHint />

      <Button variant="light" size="md" onClick={() => send.mutate()} loading={send.isPending}>
        確認コードを送信
      </Button>

      <form noValidate onSubmit={form.onSubmit((values) => confirm.mutate(values.code.trim()))}>
        <Stack gap="md">
          <TextInput
            label="確認コード"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            size="md"
            withAsterisk
            key={form.key("code")}
            {...form.getInputProps("code")}
          />
          <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
            確認する
          </Button>
        </Stack>
      </form>

      <Divider />

      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
          ログアウト
        </Anchor>
      </Group>
    </Stack>
  );
}
