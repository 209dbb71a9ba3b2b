import { QueryClient } from "@tanstack/react-query";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { vi } from "vitest";
import type { Auth, AuthUser } from "../../web/src/lib/auth";
import { AppProviders } from "../../web/src/providers";
import { createAppRouter } from "../../web/src/router";

/**
 * A fake auth object for the router context: signed out unless a user is given.
 * Every method is a vi.fn, so tests can change answers and assert calls.
 */
export function createFakeAuth(user: AuthUser | null = null) {
  let current = user;
  const auth = {
    getUser: vi.fn(async () => current),
    getIdToken: vi.fn(async () => (current ? "test-id-token" : "")),
    signIn: vi.fn<Auth["signIn"]>(async () => "signedIn"),
    confirmNewPassword: vi.fn<Auth["confirmNewPassword"]>(async () => "signedIn"),
    signOut: vi.fn(async () => {
      current = null;
    }),
    signUp: vi.fn<Auth["signUp"]>(async () => {}),
    confirmSignUp: vi.fn<Auth["confirmSignUp"]>(async () => {}),
    resendSignUpCode: vi.fn<Auth["resendSignUpCode"]>(async () => {}),
    resetPassword: vi.fn<Auth["resetPassword"]>(async () => {}),
    confirmResetPassword: vi.fn<Auth["confirmResetPassword"]>(async () => {}),
    sendEmailVerificationCode: vi.fn<Auth["sendEmailVerificationCode"]>(async () => {}),
    confirmEmail: vi.fn<Auth["confirmEmail"]>(async () => {}),
    /** Changes who is signed in, as a real sign-in or sign-out would. */
    setUser(next: AuthUser | null) {
      current = next;
    },
  } satisfies Auth & { setUser(next: AuthUser | null): void };
  return auth;
}

export type FakeAuth = ReturnType<typeof createFakeAuth>;

export const verifiedUser: AuthUser = { userId: "sub-1", email: "tanaka@example.jp", emailVerified: true };

/** A QueryClient as the app's, without retries. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders the real route tree at `path` in a memory history, wrapped in the app's
 * providers (Mantine in test mode, a fresh QueryClient per render).
 */
export function renderRoute(path: string, options: { auth?: FakeAuth; queryClient?: QueryClient } = {}) {
  const auth = options.auth ?? createFakeAuth();
  const queryClient = options.queryClient ?? testQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ auth, queryClient, history });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient, auth, history };
}
