import { createFileRoute } from "@tanstack/react-router";

/** The history alone: /shipments (its filters are the parent's search). */
export const Route = createFileRoute("/_authed/_app/shipments/")({});
