import { createFileRoute } from "@tanstack/react-router";

/** The list alone: /orders (its filters are the parent's search). */
export const Route = createFileRoute("/_authed/_app/orders/")({});
