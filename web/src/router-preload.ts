import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import type { Auth } from "./lib/auth";

/**
 * What a route reads, started as the app opens on it. The router reads a route's data in
 * its loader, after the guards' beforeLoad (the session, then the company): on a slow line
 * one more round trip before the screen. `search` is the URL's, already validated by the
 * route's validateSearch.
 */
export type OpeningData = (search: Record<string, unknown>, queryClient: QueryClient) => void;

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    openingData?: OpeningData;
  }
}

/**
 * Starts fetching the code of every route the opening URL matches, at once. The router
 * would fetch a route's chunk only after the guards' beforeLoad (the session, then the
 * company) have answered: on a slow line that was one more round trip after them,
 * before anything of the page could be drawn. Chunks already fetched are not fetched again.
 */
export function loadOpeningRouteChunks(router: AnyRouter): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) {
    // A chunk that fails here fails again, and is reported, when the router loads the route.
    router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/**
 * Starts the opening URL's `openingData` beside the guard's read of the company, for a
 * signed-in, verified user (anyone else is sent elsewhere by the guard). Should the guard
 * send them elsewhere after all (setup not finished), the read is only wasted; it reveals
 * nothing, since the API answers the token's own company.
 */
export async function startOpeningRouteData(
  router: AnyRouter,
  { auth, queryClient }: { auth: Auth; queryClient: QueryClient },
): Promise<void> {
  try {
    const user = await auth.getUser();
    if (!user?.emailVerified) return;
    for (const match of router.matchRoutes(router.latestLocation))
      match.staticData?.openingData?.(match.search as Record<string, unknown>, queryClient);
  } catch {
    // Only a head start: the guard and the loader read the same, and report what fails.
  }
}
