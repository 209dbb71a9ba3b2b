import type { OrderTab } from "@okuru/core/shared/order-tabs";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { orderChangesQueryOptions } from "../../queries/order-changes";
import { orderKeys } from "../../queries/orders";

export interface LiveOrdersOptions {
  tab: OrderTab;
  /** The tab counts the page on screen came with. */
  listCounts: Partial<Record<OrderTab, number>> | undefined;
  /** When the page on screen was read (react-query's dataUpdatedAt). */
  listUpdatedAt: number;
  /**
   * Whether the list may change under the merchant: on its first page with nothing
   * selected. Otherwise rows would move under a cursor or a half-made selection, so the
   * list only offers to refresh.
   */
  calm: boolean;
}

export interface LiveOrders {
  /** Orders changed since the page on screen was read, and the list was left as it is. */
  pending: boolean;
  /** How many more orders the tab holds than the page on screen counted (0 when only changed). */
  newOrders: number;
  /** Reads the list and its counts again now. */
  refresh: () => void;
}

const listsKey = [...orderKeys.all, "list"] as const;

/**
 * Keeps the open order list current without reloading it on a timer: a light change
 * feed is polled, and only when its marker moved is the list's page read again (rows
 * keyed by id, so nothing jumps; the selection lives outside the query and stays).
 */
export function useLiveOrders({ tab, listCounts, listUpdatedAt, calm }: LiveOrdersOptions): LiveOrders {
  const queryClient = useQueryClient();
  const { data: feed, dataUpdatedAt: feedUpdatedAt, refetch } = useQuery(orderChangesQueryOptions());
  /** The marker the page on screen is current with. */
  const [seen, setSeen] = useState<number | null>(null);
  // After the list was read (a page turn, a filter, the merchant's own edit), the next
  // answer of the feed is what that page already shows, not news.
  const resync = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: ask again whenever the page on screen is read
  useEffect(() => {
    resync.current = true;
    void refetch();
  }, [listUpdatedAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer of the feed counts, even an unchanged body
  useEffect(() => {
    if (!feed) return;
    if (resync.current || seen === null) {
      resync.current = false;
      setSeen(feed.version);
      return;
    }
    if (feed.version !== seen && calm) {
      setSeen(feed.version);
      void queryClient.invalidateQueries({ queryKey: listsKey });
    }
  }, [feed, feedUpdatedAt, calm]);

  const pending = Boolean(feed && seen !== null && feed.version !== seen);
  const newOrders = feed && listCounts ? Math.max(0, (feed.counts[tab] ?? 0) - (listCounts[tab] ?? 0)) : 0;
  return {
    pending,
    newOrders,
    refresh: () => {
      if (feed) setSeen(feed.version);
      void queryClient.invalidateQueries({ queryKey: listsKey });
    },
  };
}

/** The note the list shows while it waits for the merchant's click. */
export function liveOrdersNote(live: Pick<LiveOrders, "newOrders">): string {
  return live.newOrders > 0 ? `新しい注文が${live.newOrders}件あります` : "注文が更新されました";
}
