import { createFileRoute } from "@tanstack/react-router";
import { UsersSettings } from "../components/UsersSettings/UsersSettings";
import { usersQueryOptions } from "../queries/users";

// The settings layout loads the signed-in user (who may change what).
export const Route = createFileRoute("/_authed/_app/settings/users")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(usersQueryOptions()),
  component: UsersSettings,
});
