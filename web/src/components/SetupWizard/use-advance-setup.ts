import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ordersHome } from "../../lib/redirects";
import { useUpdateCompanySetupStatus } from "../../queries/companies";

/**
 * Moves the company's setup one step forward, then shows that step (or the order
 * list when done). The mutation writes the answer into the cached company first,
 * so the router's guard already sees the new status when the navigation runs.
 */
export function useAdvanceSetup() {
  const navigate = useNavigate();
  const update = useUpdateCompanySetupStatus();
  const { mutateAsync } = update;
  const advance = useCallback(
    async (next: SetupStatus) => {
      await mutateAsync(next);
      if (next === "done") await navigate({ href: ordersHome });
      else await navigate({ to: "/setup/$step", params: { step: next } });
    },
    [mutateAsync, navigate],
  );
  return { advance, pending: update.isPending, error: update.error };
}
