import { createFileRoute, redirect } from "@tanstack/react-router";
import { ordersHome } from "../lib/redirects";

// "/" has no page of its own: the _authed guard sends every user on, and a user
// whose setup is done lands on the order list (docs/requirements.md#setup-redirects).
export const Route = createFileRoute("/_authed/")({
  beforeLoad: () => {
    throw redirect({ href: ordersHome });
  },
});
