import { createFileRoute, Outlet } from "@tanstack/react-router";
import { AuthCheckOverlay } from "../components/LoadingOverlay/LoadingOverlay";
import { PublicLayout } from "../components/PublicLayout/PublicLayout";
import { guard } from "../lib/guard";

export const Route = createFileRoute("/_public")({
  beforeLoad: (args) => guard(args, "public"),
  pendingComponent: AuthCheckOverlay,
  component: () => (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  ),
});
