import "dayjs/locale/ja";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { Notifications } from "@mantine/notifications";
import { NavigationProgress } from "@mantine/nprogress";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { CSSProperties, ReactNode } from "react";
import { HEADER_HEIGHT, theme } from "./theme";

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
        <Notifications
          autoClose={1500}
          position="top-center"
          zIndex={2000}
          // Read by global.css for the top-centre container only (every position has its own).
          style={{ "--app-header-height": `${HEADER_HEIGHT}px` } as CSSProperties}
        />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
