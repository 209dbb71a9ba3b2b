import { createFileRoute, redirect } from "@tanstack/react-router";

// /settings has no page of its own: the first tab is the settings home (spec §2).
export const Route = createFileRoute("/_authed/_app/settings/")({
  beforeLoad: () => {
    throw redirect({ to: "/settings/companies" });
  },
});
