import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { clearProductCookie } from "../lib/cookie";
import { notify } from "../lib/notify";

export const logoutMessages = {
  success: "ログアウトしました。",
  failure: "ログアウトに失敗しました。",
} as const;

/** docs/requirements.md#logout: sign out, clear the product cookie, go to /login, then say so. */
export function useLogout(): () => Promise<void> {
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await router.options.context.auth.signOut();
    } catch {
      notify.error(logoutMessages.failure);
      return;
    }
    clearProductCookie();
    await router.navigate({ to: "/login" });
    // After leaving the page, so its queries do not refetch signed out first.
    queryClient.clear();
    notify.success(logoutMessages.success);
  }, [router, queryClient]);
}
