import { useMediaQuery } from "@mantine/hooks";

/**
 * Below Mantine's sm breakpoint (48em), where the sidebar becomes a drawer: the lists and
 * 設定 draw cards instead of tables, dialogs and drawers fill the screen.
 */
export const phoneQuery = "(max-width: 47.99em)";

/** Below Mantine's xs breakpoint (36em): the setup wizard's steps are listed downwards. */
export const narrowPhoneQuery = "(max-width: 35.99em)";

/**
 * Whether the window matches `query`, read as the component is first drawn. Mantine's hook
 * answers false on the first draw and reads the window only after it (for pages drawn on a
 * server, which this app has not): a phone's list was drawn as the desktop's table, then
 * drawn again as cards.
 */
export function useScreenMatches(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

export const usePhone = () => useScreenMatches(phoneQuery);
