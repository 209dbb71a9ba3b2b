import { Anchor, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { AuthCardHeader, AuthError, AuthForm } from "../components/AuthCard/AuthCard";
import { EmailInput, emailRule, NewPasswordFields } from "../components/AuthCard/AuthFields";
import { AuthSwitch } from "../components/forms/AuthSwitch";
import { authErrorMessage } from "../lib/auth-errors";
import { notify } from "../lib/notify";
import { rememberPendingSignIn } from "../lib/pending-sign-in";
import { newPasswordRules } from "../lib/validation";

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
      email: emailRule,
      ...newPasswordRules,
    },
  });

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

      <AuthForm
        onSubmit={form.onSubmit((values) => signup.mutate({ ...values, email: values.email.trim() }))}
        submitLabel="登録する"
        pending={signup.isPending}
      >
        <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
        <NewPasswordFields form={form} label="パスワード" />
      </AuthForm>

      <AuthSwitch question="既にアカウントをお持ちの方は" to="/login" label="ログイン" />
    </Stack>
  );
}
