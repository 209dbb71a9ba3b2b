import { Anchor, Divider, Group, PasswordInput, Stack } from "@mantine/core";
import { isNotEmpty, useForm } from "@mantine/form";
import { IconKey } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute, Link, useLocation, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import {
  AuthActionError,
  AuthCardHeader,
  AuthEmail,
  AuthError,
  AuthForm,
  AuthNotice,
} from "../components/AuthCard/AuthCard";
import { EmailInput, emailRule, NewPasswordFields } from "../components/AuthCard/AuthFields";
import { AuthSwitch } from "../components/forms/AuthSwitch";
import { UnsupportedSignInStepError } from "../lib/auth";
import { authErrorMessage, isSignInSessionLost, isUserNotConfirmed } from "../lib/auth-errors";
import { afterSignIn } from "../lib/first-login";
import { notify } from "../lib/notify";
import { rememberPendingSignIn } from "../lib/pending-sign-in";
import { hasShopifyReturnQuery } from "../lib/redirects";
import { searchParams, text } from "../lib/search-params";
import { newPasswordRules } from "../lib/validation";

export const Route = createFileRoute("/_public/login")({
  // Only the email is read here; other parameters (the shop-authorisation return) stay in the URL for the guard.
  validateSearch: searchParams({ email: text() }),
  component: LoginPage,
});

/**
 * Sign-in, and for an invited user (Cognito status FORCE_CHANGE_PASSWORD) the
 * new-password step that replaces the temporary password, in the same card.
 */
function LoginPage() {
  const { email = "" } = Route.useSearch();
  const [newPasswordFor, setNewPasswordFor] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState(email);
  const [notice, setNotice] = useState<string | null>(null);

  if (newPasswordFor) {
    return (
      <NewPasswordStep
        email={newPasswordFor}
        onBack={(message) => {
          setNotice(message);
          setNewPasswordFor(null);
        }}
      />
    );
  }
  return (
    <SignInStep
      initialEmail={lastEmail}
      notice={notice}
      onNewPasswordRequired={(address) => {
        setLastEmail(address);
        setNotice(null);
        setNewPasswordFor(address);
      }}
    />
  );
}

interface LoginValues {
  email: string;
  password: string;
}

function SignInStep({
  initialEmail,
  notice,
  onNewPasswordRequired,
}: {
  initialEmail: string;
  notice: string | null;
  onNewPasswordRequired: (email: string) => void;
}) {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const navigate = Route.useNavigate();
  const { searchStr } = useLocation();
  const form = useForm<LoginValues>({
    mode: "uncontrolled",
    initialValues: { email: initialEmail, password: "" },
    validate: {
      email: emailRule,
      password: isNotEmpty("パスワードを入力してください。"),
    },
  });

  const toEmailVerification = (email: string, password: string) => {
    // Confirming with the code then signs in at once, without asking for the password again.
    rememberPendingSignIn(email, password);
    return navigate({ to: "/email_verification", search: { email } });
  };

  const login = useMutation({
    mutationFn: async ({ email, password }: LoginValues) => {
      const outcome = await auth.signIn(email, password);
      if (outcome === "newPasswordRequired") return onNewPasswordRequired(email);
      if (outcome === "confirmSignUp") return toEmailVerification(email, password);
      if (outcome === "resetPassword") {
        return navigate({ to: "/password_reset", search: { email, required: true } });
      }
      await afterSignIn(auth);
      // The public layout's guard now sees the user and sends them on
      // (docs/requirements.md#redirect-rules).
      await router.invalidate();
    },
    onError: (error, { email, password }) => {
      if (isUserNotConfirmed(error)) void toEmailVerification(email, password);
    },
  });

  const errorMessage =
    login.error && !isUserNotConfirmed(login.error) ? authErrorMessage(login.error, "signIn") : null;

  return (
    <Stack gap="lg">
      <AuthCardHeader title="ログイン" description="メールアドレスとパスワードを入力してください。" />

      {hasShopifyReturnQuery(searchStr) && !errorMessage && (
        <AuthNotice>Shopifyストアとの連携を続けるには、Okuruにログインしてください。</AuthNotice>
      )}
      {notice && !errorMessage && <AuthError>{notice}</AuthError>}
      {errorMessage && <AuthError>{errorMessage}</AuthError>}

      <AuthForm
        onSubmit={form.onSubmit((values) =>
          login.mutate({ email: values.email.trim(), password: values.password }),
        )}
        submitLabel="ログイン"
        pending={login.isPending}
      >
        <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
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
      </AuthForm>

      <AuthSwitch question="アカウントをお持ちでない方は" to="/signup" label="新規登録" />
    </Stack>
  );
}

/** Cognito's NEW_PASSWORD_REQUIRED challenge: the invited user chooses their own password. */
function NewPasswordStep({ email, onBack }: { email: string; onBack: (notice: string | null) => void }) {
  const { auth } = Route.useRouteContext();
  const router = useRouter();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", passwordConfirmation: "" },
    validate: {
      ...newPasswordRules,
    },
  });

  const confirm = useMutation({
    mutationFn: async (newPassword: string) => {
      const outcome = await auth.confirmNewPassword(newPassword);
      if (outcome !== "signedIn") throw new UnsupportedSignInStepError(outcome);
      notify.success("パスワードを設定しました。");
      await afterSignIn(auth);
      await router.invalidate();
    },
    onError: (error) => {
      // The challenge cannot be answered any more: start again from the sign-in form.
      if (isSignInSessionLost(error)) onBack(authErrorMessage(error, "newPassword"));
    },
  });

  return (
    <Stack gap="lg">
      <AuthCardHeader
        icon={<IconKey size={24} stroke={1.7} />}
        title="新しいパスワードを設定"
        description={
          <>
            <AuthEmail email={email} />{" "}
            の初回ログインです。仮パスワードに代わる、新しいパスワードを設定してください。
          </>
        }
      />

      <AuthActionError error={confirm.error} action="newPassword" />

      <AuthForm
        onSubmit={form.onSubmit((values) => confirm.mutate(values.password))}
        submitLabel="パスワードを設定してログイン"
        pending={confirm.isPending}
      >
        <NewPasswordFields form={form} label="新しいパスワード" />
      </AuthForm>

      <Divider />

      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => onBack(null)}>
          ログイン画面へ戻る
        </Anchor>
      </Group>
    </Stack>
  );
}
