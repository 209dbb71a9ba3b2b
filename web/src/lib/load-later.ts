import { type ComponentType, lazy } from "react";

/**
 * A component the first screen does not show (a drawer, a dialog), kept out of the
 * screen's first chunks: fetched when first drawn, or before that by `prefetch` (on
 * idle once the screen is up, or as soon as a route knows it will be drawn), so that
 * opening it does not wait for the network.
 */
export function loadLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const prefetch = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed fetch (a deploy replaced the chunk, the line dropped) is tried again when drawn.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => ({ default: await prefetch() }));
  return { Component, prefetch };
}

/**
 * Runs `fetches` once the browser has nothing else to do (drawing the screen comes first),
 * or after a second at the latest: a list that polls is seldom idle, and a merchant opens
 * an order within seconds.
 */
export function prefetchWhenIdle(...fetches: Array<() => Promise<unknown>>): () => void {
  const run = () => {
    for (const fetch of fetches) fetch().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 500);
  return () => window.clearTimeout(id);
}
