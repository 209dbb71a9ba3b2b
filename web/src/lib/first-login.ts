import { createSignup, getSignup } from "./api";
import { notify } from "./notify";

export const signupMessages = {
  created: "アカウントを作成しました。",
  failed: "ユーザー作成に失敗しました",
} as const;

/**
 * Spec §4, first login: ask the API whether the user exists and create it when it
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
