/**
 * A list's filters as they go into the URL: only what is set, so the URL shows no
 * empty params (an unset filter is undefined, a cleared text field is "").
 */
export function compactSearch<Filters extends Record<string, unknown>>(filters: Filters): Filters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as Filters;
}
