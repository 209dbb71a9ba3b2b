import type { AnyRouter } from "@tanstack/react-router";

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
