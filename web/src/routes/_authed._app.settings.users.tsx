import { createFileRoute } from "@tanstack/react-router";
import { UsersSettings } from "../components/UsersSettings/UsersSettings";
import { meQueryOptions, usersQueryOptions } from "../queries/users";

export const Route = createFileRoute("/_authed/_app/settings/users")({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(usersQueryOptions()),
      queryClient.ensureQueryData(meQueryOptions()),
    ]),
  component: UsersSettings,
});
