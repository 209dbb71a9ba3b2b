import { Anchor, Button, Divider, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconMailCheck } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AuthActionError, AuthCardHeader, AuthEmail, AuthForm } from "../components/AuthCard/AuthCard";
import { CodeInput, codeRule, EmailInput, emailRule } from "../components/AuthCard/AuthFields";
import { LocalMailHint } from "../components/LocalMailHint/LocalMailHint";
import { useLogout } from "../hooks/use-logout";
import type { Auth } from "../lib/auth";
import { afterSignIn } from "../lib/first-login";
import { notify } from "../lib/notify";
import { takePendingSignIn } from "../lib/pending-sign-in";
import { searchParams, text } from "../lib/search-params";

export const Route = createFileRoute("/_public/email_verification")({
  validateSearch: searchParams({ email: text() }),
  component: EmailVerificationPage,
});

function EmailVerificationPage() {
  const { user } = Route.useRouteContext();
  return user ? <VerifySignedInEmail email={user.email} /> : <ConfirmSignUp />;
}

/** The header both variants share, and where a local run reads the mailed code. */
function EmailVerificationHeader({ description }: { description: ReactNode }) {
  return (
    <>
      <AuthCardHeader
        icon={<IconMailCheck size={24} stroke={1.7} />}
        title="メールアドレスの確認"
        description={description}
      />

      <LocalMailHint />
    </>
  );
}

/** Signs in with the password remembered from the sign-up; false when that is not possible. */
async function signInAfterConfirmation(auth: Auth, email: string): Promise<boolean> {
  const password = takePendingSignIn(email);
  if (!password) return false;
  try {
    return (await auth.signIn(email, password)) === "signedIn";
  } catch {
    return false;
  }
}

/**
 * After signing up: the account is confirmed with the one code Cognito sent, which
 * also verifies the email. With the password from the sign-up still in memory the
 * user is signed in at once and the first login runs; otherwise they sign in on /login.
 */
function ConfirmSignUp() {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const { email = "" } = Route.useSearch();
  const navigate = Route.useNavigate();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email, code: "" },
    validate: { email: emailRule, code: codeRule },
  });

  const confirm = useMutation({
    mutationFn: async (values: { email: string; code: string }) => {
      await auth.confirmSignUp(values.email, values.code);
      if (await signInAfterConfirmation(auth, values.email)) {
        await afterSignIn(auth);
        // The guard sends the new user on to their first setup step (docs/requirements.md#setup-redirects).
        await router.invalidate();
        return;
      }
      notify.success("メールアドレスを確認しました。ログインしてください。");
      await navigate({ to: "/login", search: { email: values.email } });
    },
  });
  const resend = useMutation({
    mutationFn: (address: string) => auth.resendSignUpCode(address),
    onSuccess: () => notify.success("確認コードを再送信しました。"),
  });

  return (
    <Stack gap="lg">
      <EmailVerificationHeader
        description={
          email ? (
            <>
              <AuthEmail email={email} />{" "}
              宛に6桁の確認コードをお送りしました。メールに記載のコードを入力してください。
            </>
          ) : (
            "登録したメールアドレスと、メールに記載の6桁の確認コードを入力してください。"
          )
        }
      />

      <AuthActionError error={confirm.error} action="confirmSignUp" />
      <AuthActionError error={resend.error} action="resendCode" />

      <AuthForm
        onSubmit={form.onSubmit((values) =>
          confirm.mutate({ email: values.email.trim(), code: values.code.trim() }),
        )}
        submitLabel="確認する"
        pending={confirm.isPending}
      >
        <EmailInput placeholder={undefined} key={form.key("email")} {...form.getInputProps("email")} />
        <CodeInput key={form.key("code")} {...form.getInputProps("code")} />
      </AuthForm>

      <Divider />

      <Stack gap={6} align="center">
        <Text size="sm" c="dimmed">
          コードが届かない場合は{" "}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            disabled={resend.isPending}
            onClick={() => {
              if (form.validateField("email").hasError) return;
              resend.mutate(form.getValues().email.trim());
            }}
          >
            確認コードを再送信
          </Anchor>
        </Text>
        <Anchor component={Link} to="/login" size="sm">
          ログイン画面へ戻る
        </Anchor>
      </Stack>
    </Stack>
  );
}

/**
 * Signed in, but the email address is not verified (docs/requirements.md#authentication-redirects sends
 * such a user here). A sign-up never ends here: confirming it verifies the email. It is for accounts whose
 * address Cognito holds unverified, e.g. one created by an administrator.
 */
function VerifySignedInEmail({ email }: { email: string }) {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const logout = useLogout();
  const form = useForm({ mode: "uncontrolled", initialValues: { code: "" }, validate: { code: codeRule } });

  const send = useMutation({
    mutationFn: () => auth.sendEmailVerificationCode(),
    onSuccess: () => notify.success("確認コードを送信しました。"),
  });
  const confirm = useMutation({
    mutationFn: async (code: string) => {
      await auth.confirmEmail(code);
      notify.success("メールアドレスを確認しました。");
      // The first-login signup waited for a verified address (docs/requirements.md#first-login).
      await afterSignIn(auth);
      // The guard sees the verified user and sends them on.
      await router.invalidate();
    },
  });

  return (
    <Stack gap="lg">
      <EmailVerificationHeader
        description={
          <>
            <AuthEmail email={email} />{" "}
            の確認が完了していません。確認コードを送信し、届いた6桁のコードを入力してください。
          </>
        }
      />

      <AuthActionError error={send.error} action="resendCode" />
      <AuthActionError error={confirm.error} action="confirmSignUp" />

      <Button variant="light" size="md" onClick={() => send.mutate()} loading={send.isPending}>
        確認コードを送信
      </Button>

      <AuthForm
        onSubmit={form.onSubmit((values) => confirm.mutate(values.code.trim()))}
        submitLabel="確認する"
        pending={confirm.isPending}
      >
        <CodeInput key={form.key("code")} {...form.getInputProps("code")} />
      </AuthForm>

      <Divider />

      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
          ログアウト
        </Anchor>
      </Group>
    </Stack>
  );
}
