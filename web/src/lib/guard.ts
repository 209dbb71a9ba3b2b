import type { SetupStatus } from "@okuru/core/shared/setup-status";
import type { QueryClient } from "@tanstack/react-query";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { companyQueryOptions } from "../queries/companies";
import type { AuthUser } from "./auth";
import { notify } from "./notify";
import { decideRedirect } from "./redirects";
import type { RouterContext } from "./router-context";

export interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  /** True while the router preloads on hover: no toasts then. */
  preload: boolean;
}

/**
 * The auth check of docs/requirements.md#redirect-rules, run in the beforeLoad of the public and the
 * authenticated layouts: it asks Cognito for the user and, for a verified user,
 * the API for the company, then applies decideRedirect.
 */
export async function guard({ context, location, preload }: GuardArgs, area: "public" | "authed") {
  const user: AuthUser | null = await context.auth.getUser();
  let setupStatus: SetupStatus | undefined;
  try {
    setupStatus = user?.emailVerified ? await loadSetupStatus(context.queryClient) : undefined;
  } catch (error) {
    // A public page must stay usable when the company cannot be read (e.g. the
    // signup after the first login failed): signing in again retries the signup.
    if (area === "authed") throw error;
    setupStatus = undefined;
  }
  const target = decideRedirect({
    signedIn: user !== null,
    emailVerified: user?.emailVerified ?? false,
    setupStatus,
    pathname: location.pathname,
    search: location.searchStr,
  });
  if (target) {
    if (target.warning && !preload) notify.warning(target.warning);
    throw redirect({ href: target.href });
  }
  return { user };
}

async function loadSetupStatus(queryClient: QueryClient): Promise<SetupStatus> {
  const company = await queryClient.ensureQueryData(companyQueryOptions());
  return company.setupStatus;
}
