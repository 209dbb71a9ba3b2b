import { Alert, Text, ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
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

/** A failure the user can act on, shown in the card (a toast would close before it is read). */
export function AuthError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  );
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
  return (
    <Alert color="ai" variant="light" icon={<IconInfoCircle size={18} />} role="note">
      {children}
    </Alert>
  );
}
