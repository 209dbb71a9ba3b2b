import { nprogress } from "@mantine/nprogress";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { AuthCheckOverlay } from "./LoadingOverlay";

/** A check that answers within this time does not flash the overlay. */
const overlayDelayMs = 150;

/**
 * Rendered around the routes (the router's InnerWrap), so it also runs while the
 * first match is still in its beforeLoad, when no route component is on screen yet:
 * the overlay covers the first auth check (docs/requirements.md#authentication-redirects: ローティング中...), the
 * top progress bar every navigation.
 */
export function RouterLoading() {
  const pending = useRouterState({ select: (state) => state.status === "pending" });
  const firstLoad = useRouterState({ select: (state) => !state.resolvedLocation });
  const [overlay, setOverlay] = useState(false);

  useEffect(() => {
    if (pending) nprogress.start();
    else nprogress.complete();
  }, [pending]);

  useEffect(() => {
    if (!(pending && firstLoad)) {
      setOverlay(false);
      return;
    }
    const timer = window.setTimeout(() => setOverlay(true), overlayDelayMs);
    return () => window.clearTimeout(timer);
  }, [pending, firstLoad]);

  return overlay ? <AuthCheckOverlay /> : null;
}
