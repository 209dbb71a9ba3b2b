import { Alert, Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import type { FormEventHandler, ReactNode } from "react";
import { type AuthAction, authErrorMessage } from "../../lib/auth-errors";
import { TitleBlock } from "../TitleBlock/TitleBlock";

export interface AuthCardHeaderProps {
  title: string;
  description?: ReactNode;
  /** A step screen (code entry, new password) shows an icon above its title. */
  icon?: ReactNode;
}

/** The title block every public page's card starts with. */
export function AuthCardHeader({ title, description, icon }: AuthCardHeaderProps) {
  return (
    <TitleBlock title={title} description={description} order={1} fz={22}>
      {icon && (
        <ThemeIcon size={44} radius="xl" variant="light" mb={8} aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
    </TitleBlock>
  );
}

/** The card's messages: a light alert with its icon, announced by its role. */
const cardAlerts = {
  error: { color: "red", icon: <IconAlertCircle size={18} />, role: "alert" },
  notice: { color: "ai", icon: <IconInfoCircle size={18} />, role: "note" },
} as const;

function CardAlert({ kind, children }: { kind: keyof typeof cardAlerts; children: ReactNode }) {
  const { color, icon, role } = cardAlerts[kind];
  return (
    <Alert color={color} variant="light" icon={icon} role={role}>
      {children}
    </Alert>
  );
}

/** A failure the user can act on, shown in the card (a toast would close before it is read). */
export function AuthError({ children }: { children: ReactNode }) {
  return <CardAlert kind="error">{children}</CardAlert>;
}

/** The failure of one Cognito call, if any, in the words of `authErrorMessage`. */
export function AuthActionError({ error, action }: { error: unknown; action: AuthAction }) {
  return error ? <AuthError>{authErrorMessage(error, action)}</AuthError> : null;
}

/** The address a step is about, in bold inside the header's description. */
export function AuthEmail({ email }: { email: string }) {
  return (
    <Text span size="sm" fw={600} c="dark">
      {email}
    </Text>
  );
}

/** Context for the form below it, e.g. why the user was sent here. */
export function AuthNotice({ children }: { children: ReactNode }) {
  return <CardAlert kind="notice">{children}</CardAlert>;
}

/**
 * A public page's form: its fields (and any message above them), then the one
 * full-width submit button, busy while the call runs, and an optional footer under
 * it. The fields show their own messages, so the browser's validation is off.
 */
export function AuthForm({
  onSubmit,
  submitLabel,
  pending,
  footer,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {children}
        <Button type="submit" size="md" fullWidth loading={pending}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
