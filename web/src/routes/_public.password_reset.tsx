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
import { hasLength, isEmail, matchesField, useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { LocalMailHint } from "../components/LocalMailHint/LocalMailHint";
import { authErrorMessage } from "../lib/auth-errors";
import { notify } from "../lib/notify";
import { passwordHint, passwordProblem } from "../lib/validation";

export const Route = createFileRoute("/_public/password_reset")({
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const { email = "" } = Route.useSearch();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={22}>
          パスワードの再設定
        </Title>
        <Text size="sm" c="dimmed">
          {sentTo
            ? `${sentTo} に確認コードを送信しました。コードと新しいパスワードを入力してください。`
            : "登録済みのメールアドレスを入力してください。再設定用の確認コードをお送りします。"}
        </Text>
      </Stack>

      {sentTo && <LocalMailHint />}

      {sentTo ? <ConfirmStep email={sentTo} /> : <RequestStep initialEmail={email} onSent={setSentTo} />}

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
    onSuccess: (_, email) => onSent(email),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()))}>
      <Stack gap="md">
        {request.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {authErrorMessage(request.error)}
          </Alert>
        )}
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

function ConfirmStep({ email }: { email: string }) {
  const { auth } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { code: "", password: "", passwordConfirmation: "" },
    validate: {
      code: hasLength({ min: 6, max: 6 }, "6桁の確認コードを入力してください。"),
      password: passwordProblem,
      passwordConfirmation: matchesField("password", "パスワードが一致しません。"),
    },
  });
  const confirm = useMutation({
    mutationFn: (values: { code: string; password: string }) =>
      auth.confirmResetPassword(email, values.code, values.password),
    onSuccess: () => {
      notify.success("パスワードを再設定しました。新しいパスワードでログインしてください。");
      void navigate({ to: "/login", search: { email } });
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
        {confirm.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {authErrorMessage(confirm.error)}
          </Alert>
        )}
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
        <PasswordInput
          label="新しいパスワード"
          description={passwordHint}
          autoComplete="new-password"
          size="md"
          withAsterisk
          key={form.key("password")}
          {...form.getInputProps("password")}
        />
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
      </Stack>
    </form>
  );
}
