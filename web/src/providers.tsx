import "dayjs/locale/ja";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { NavigationProgress } from "@mantine/nprogress";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type CSSProperties, type ReactNode, Suspense } from "react";
import { loadLater } from "./lib/load-later";
import { HEADER_HEIGHT, theme } from "./theme";

/**
 * The toasts' container (its transitions, its swipe to close) comes after the app's first
 * chunk: every URL loads that chunk first, and no screen opens with a toast. One shown before
 * the container is here waits in Mantine's store and appears as it arrives.
 */
const toasts = loadLater(() => import("@mantine/notifications").then((module) => module.Notifications));

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
        <Suspense fallback={null}>
          <toasts.Component
            autoClose={1500}
            position="top-center"
            zIndex={2000}
            // Read by global.css for the top-centre container only (every position has its own).
            style={{ "--app-header-height": `${HEADER_HEIGHT}px` } as CSSProperties}
          />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
