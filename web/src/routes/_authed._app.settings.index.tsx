import { createFileRoute, redirect } from "@tanstack/react-router";

// /settings has no page of its own: the first tab is the settings home
// (docs/requirements.md#settings-tabs).
export const Route = createFileRoute("/_authed/_app/settings/")({
  beforeLoad: () => {
    throw redirect({ to: "/settings/companies" });
  },
});
