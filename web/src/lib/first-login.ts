import { createSignup, getSignup } from "./api";
import type { Auth } from "./auth";
import { notify } from "./notify";

export const signupMessages = {
  created: "アカウントを作成しました。",
  failed: "ユーザー作成に失敗しました",
} as const;

/**
 * docs/requirements.md#first-login: ask the API whether the user exists and create it when it
 * does not. A failure is reported, not thrown: the user stays signed in and the
 * next sign-in tries again.
 */
export async function ensureSignup(): Promise<void> {
  try {
    const { exist } = await getSignup();
    if (exist) return;
    await createSignup();
    notify.success(signupMessages.created);
  } catch {
    notify.error(signupMessages.failed);
  }
}

/**
 * What every completed sign-in does before the router's guard sends the user on:
 * the first-login signup, once the email is verified (the API refuses it before;
 * the guard sends an unverified user to /email_verification instead).
 */
export async function afterSignIn(auth: Auth): Promise<void> {
  if ((await auth.getUser())?.emailVerified) await ensureSignup();
}
