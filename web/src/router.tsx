import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { ErrorPage } from "./components/ErrorPage/ErrorPage";
import { AuthCheckOverlay } from "./components/LoadingOverlay/LoadingOverlay";
import { RouterLoading } from "./components/LoadingOverlay/RouterLoading";
import type { Auth } from "./lib/auth";
import { markFirstScreenDrawn } from "./lib/load-later";
import { loadOpeningRouteChunks, startOpeningRouteData } from "./router-preload";
import { routeTree } from "./routeTree.gen";

function RoutesWithLoading({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <RouterLoading />
    </>
  );
}

export interface CreateAppRouterOptions {
  auth: Auth;
  queryClient: QueryClient;
  /** A memory history in tests; the browser history otherwise. */
  history?: RouterHistory;
}

export function createAppRouter({ auth, queryClient, history }: CreateAppRouterOptions) {
  const router = createRouter({
    routeTree,
    context: { auth, queryClient },
    ...(history ? { history } : {}),
    defaultPreload: "intent",
    // Since we're using React Query, we don't want loader calls to ever be stale
    // This will ensure that the loader is always called when the route is preloaded or visited
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: AuthCheckOverlay,
    InnerWrap: RoutesWithLoading,
    defaultNotFoundComponent: () => <ErrorPage errorCode={404} />,
    scrollRestoration: true,
  });
  if (!history) {
    loadOpeningRouteChunks(router);
    void startOpeningRouteData(router, { auth, queryClient });
  }
  // Sign-in and sign-out code (in the browser), and the toasts' container, are fetched once
  // the first screen is drawn, not before it.
  const stop = router.subscribe("onResolved", () => {
    stop();
    // After the frame that draws it: the fetch must not hold up that paint.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (!history) auth.warmUp?.();
        markFirstScreenDrawn();
      }, 0),
    );
  });
  return router;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
