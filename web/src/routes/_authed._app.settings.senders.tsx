import { createFileRoute } from "@tanstack/react-router";
import { SendersSettings } from "../components/SendersSettings/SendersSettings";
import { brandQueryOptions } from "../queries/brands";
import { loadQueries } from "../queries/preload";
import { sendersQueryOptions } from "../queries/senders";

export const Route = createFileRoute("/_authed/_app/settings/senders")({
  loader: loadQueries(sendersQueryOptions, brandQueryOptions),
  component: SendersSettings,
});
