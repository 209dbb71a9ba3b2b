import type { QueryClient } from "@tanstack/react-query";
import type { Auth } from "./auth";

/** What every route receives in its context (style §8.1: auth and the query client travel through the router). */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}
