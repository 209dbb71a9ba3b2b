import { createFileRoute } from "@tanstack/react-router";
import { StoresSettings } from "../components/StoresSettings/StoresSettings";
import { shopsQueryOptions } from "../queries/shops";

export const Route = createFileRoute("/_authed/_app/settings/stores")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(shopsQueryOptions()),
  component: StoresSettingsPage,
});

function StoresSettingsPage() {
  return <StoresSettings from="settings" />;
}
