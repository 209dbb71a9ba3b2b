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
      // Each step is a route of its own (/setup/stores), as the guard's redirects name them.
      await navigate({ href: next === "done" ? ordersHome : `/setup/${next}` });
    },
    [mutateAsync, navigate],
  );
  return { advance, pending: update.isPending, error: update.error };
}
