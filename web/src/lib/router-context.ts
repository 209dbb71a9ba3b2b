import type { QueryClient } from "@tanstack/react-query";
import type { Auth } from "./auth";

/** What every route receives in its context (auth and the query client travel through the router, never through module globals). */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}
