import type { EnsureQueryDataOptions, QueryClient } from "@tanstack/react-query";

// biome-ignore lint/suspicious/noExplicitAny: any query's options, whatever its data and key.
type AnyQueryOptions = EnsureQueryDataOptions<any, any, any, any>;

/**
 * A route loader that puts every given query in the cache before the screen renders, so that its
 * components can read them with useSuspenseQuery.
 */
export const loadQueries =
  (...options: Array<() => AnyQueryOptions>) =>
  ({ context: { queryClient } }: { context: { queryClient: QueryClient } }) =>
    Promise.all(options.map((o) => queryClient.ensureQueryData(o())));
