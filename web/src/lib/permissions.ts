import { useSuspenseQuery } from "@tanstack/react-query";
import { meQueryOptions } from "../queries/users";

/**
 * The one role rule of the screens, mirroring the API's (core/src/actor.ts
 * assertAdmin): administrators change the company's settings; members see them
 * read-only. The server refuses a member's write regardless.
 */
export function useCanManageSettings(): boolean {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return me.role === "admin";
}
