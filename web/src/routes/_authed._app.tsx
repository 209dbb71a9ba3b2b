import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/AppLayout/AppLayout";

/** The app chrome (sidebar, header, service banner) for every logged-in page outside the setup wizard. */
export const Route = createFileRoute("/_authed/_app")({
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
});
