import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { useNotifications } from "@mantine/notifications";
import { NavigationProgress } from "@mantine/nprogress";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, Suspense, useEffect, useState } from "react";
import { afterFirstScreen, loadLater } from "./lib/load-later";
import { HEADER_HEIGHT, theme } from "./theme";

/**
 * The toasts' container (its transitions, its swipe to close, and the Mantine parts they
 * share with the signed-in shell: about 35 KB gzip) comes after the first screen, which
 * never opens with a toast: fetched once that screen is drawn, or at once when a toast is
 * shown before then. Such a toast waits in Mantine's store and appears as the container comes.
 */
const toasts = loadLater(() => import("@mantine/notifications").then((module) => module.Notifications));

function ToastsAfterFirstScreen() {
  const { notifications, queue } = useNotifications();
  const [drawn, setDrawn] = useState(toasts.isLoaded);
  if (!drawn && notifications.length + queue.length > 0) setDrawn(true);
  useEffect(() => {
    let mounted = true;
    afterFirstScreen(() =>
      toasts.prefetch().then(
        () => mounted && setDrawn(true),
        () => undefined,
      ),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (!drawn) return null;
  return (
    <Suspense fallback={null}>
      <toasts.Component
        autoClose={1500}
        position="top-center"
        zIndex={2000}
        // Read by global.css for the top-centre container only (every position has its own).
        style={{ "--app-header-height": `${HEADER_HEIGHT}px` } as CSSProperties}
      />
    </Suspense>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off transitions and portals' delays in unit tests. */
  env?: "default" | "test";
}

/** Theme, dates in Japanese, toasts, the top progress bar and React Query, around the router. */
export function AppProviders({ queryClient, children, env = "default" }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      {/* Japanese calendars start the week on Sunday. */}
      <DatesProvider settings={{ locale: "ja", firstDayOfWeek: 0 }}>
        <NavigationProgress size={3} />
        {/* Toasts close after 1.5 s and have no progress bar
            (docs/requirements.md#loading-toasts-and-error-page). They open at the top centre,
            below the header: in a corner they covered the header's ログアウト and a drawer's ×. */}
        <ToastsAfterFirstScreen />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
