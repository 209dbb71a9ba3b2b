import "@mantine/core/styles.css";
import "@mantine/dates/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/nprogress/styles.css";
import "./global.css";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config } from "./config";
import { setIdTokenProvider } from "./lib/api";
import { createAmplifyAuth } from "./lib/auth";
import { createQueryClient } from "./lib/query-client";
import { AppProviders } from "./providers";
import { createAppRouter } from "./router";

/** Wires config → Amplify → API client → router, then renders. Importing this module validates the config. */
export function startApp(container: HTMLElement): void {
  const auth = createAmplifyAuth(config);
  setIdTokenProvider(() => auth.getIdToken());
  const queryClient = createQueryClient();
  const router = createAppRouter({ auth, queryClient });

  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
