import { Button } from "@mantine/core";
import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ErrorPage, errorPageProps } from "../components/ErrorPage/ErrorPage";
import { AuthCheckOverlay } from "../components/LoadingOverlay/LoadingOverlay";
import { useLogout } from "../hooks/use-logout";
import { guard } from "../lib/guard";

/**
 * Every page behind sign-in: the auth check and the setup redirects of docs/requirements.md#redirect-rules
 * run here.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: (args) => guard(args, "authed"),
  pendingComponent: AuthCheckOverlay,
  errorComponent: AuthedError,
  component: Outlet,
});

/** Reading the company failed; signing out is the way back to a fresh first login. */
function AuthedError({ error }: { error: unknown }) {
  const logout = useLogout();
  return (
    <ErrorPage
      {...errorPageProps(error)}
      actions={
        <Button variant="filled" onClick={() => void logout()}>
          ログアウト
        </Button>
      }
    />
  );
}
