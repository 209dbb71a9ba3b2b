import "dayjs/locale/ja";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { Notifications } from "@mantine/notifications";
import { NavigationProgress } from "@mantine/nprogress";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { theme } from "./theme";

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
      <DatesProvider settings={{ locale: "ja" }}>
        <NavigationProgress size={3} />
        {/* Toasts close after 1.5 s and have no progress bar
            (docs/requirements.md#loading-toasts-and-error-page). */}
        <Notifications autoClose={1500} position="top-right" zIndex={2000} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
