import { startTransition, useEffect, useState } from "react";

/** Rows in a list's first paint: more than the tallest screen shows above the fold. */
export const FIRST_PAINT_ROWS = 15;

/**
 * The rows to draw: a list that opens with a full page (the order list's 50) draws its
 * first FIRST_PAINT_ROWS, paints, and draws the rest right after in a render the browser
 * may interrupt. Drawing all 50 before the first paint held that paint up by about a
 * quarter of a second on a slow laptop, for rows below the fold. Once the whole page has
 * been drawn, every later page is drawn whole at once.
 */
export function useRowsInFirstPaint<Row>(rows: readonly Row[]): readonly Row[] {
  const [whole, setWhole] = useState(rows.length <= FIRST_PAINT_ROWS);
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true));
  }, [whole]);
  return whole ? rows : rows.slice(0, FIRST_PAINT_ROWS);
}
