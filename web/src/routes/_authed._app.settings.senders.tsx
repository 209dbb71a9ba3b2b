import { createFileRoute } from "@tanstack/react-router";
import { SendersSettings } from "../components/SendersSettings/SendersSettings";
import { brandQueryOptions } from "../queries/brands";
import { sendersQueryOptions } from "../queries/senders";

export const Route = createFileRoute("/_authed/_app/settings/senders")({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(sendersQueryOptions()),
      queryClient.ensureQueryData(brandQueryOptions()),
    ]),
  component: SendersSettings,
});
