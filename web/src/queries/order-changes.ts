import { queryOptions } from "@tanstack/react-query";
import { answer, api } from "../lib/api/client";
import type { ResponseOf } from "../lib/api/wire";

/** The company's order-change marker and tab counts: a few reads by key, cheap to poll. */
export type OrderChanges = ResponseOf<"/api/orders/changes", "get">;

export const getOrderChanges = () => answer(api.GET("/api/orders/changes"));

/**
 * How often the open list asks whether orders changed. A webhook order is stored within
 * about a second of the shop sending it, so a new order shows within this plus that: a
 * merchant who makes an order in the shop's admin and turns to the list sees it at once.
 * The marker is two reads by key, so asking this often while the tab is visible costs
 * little; a hidden tab does not ask.
 */
export const ORDER_CHANGES_POLL_MS = 3_000;

export const orderChangesKey = ["order-changes"] as const;

/**
 * Polled while the tab is visible, and asked again when the window regains focus (a
 * merchant back from the shop's admin expects the order just made there).
 */
export const orderChangesQueryOptions = () =>
  queryOptions({
    queryKey: orderChangesKey,
    queryFn: getOrderChanges,
    refetchInterval: ORDER_CHANGES_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: "always",
    staleTime: 0,
  });
