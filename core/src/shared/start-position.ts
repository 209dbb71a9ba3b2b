import { z } from "zod";
import type { CarrierPrintSetting } from "./brand";

import { slotsOfLayout } from "./sheet-layouts";

export { slotsOfLayout };

/** The most labels any layout puts on one sheet: the largest 印刷開始位置 there is. */
export const MAX_START_POSITION = 4;

/**
 * 印刷開始位置: the label of the first sheet to start at (1-based), for a sheet of which the
 * labels before it were used already. Checked against the brand's layouts where the batch is asked for.
 */
export const StartPosition = z
  .number({ error: "印刷開始位置を数値で指定してください" })
  .int({ error: "印刷開始位置を整数で指定してください" })
  .min(1, { error: `印刷開始位置は1〜${MAX_START_POSITION}で指定してください` })
  .max(MAX_START_POSITION, { error: `印刷開始位置は1〜${MAX_START_POSITION}で指定してください` });

/**
 * The slot a carrier's first sheet starts at: the position asked for where its layout has
 * that many labels a sheet, else the first (a 1面 label roll has nothing to skip).
 */
export function startSlotFor(
  setting: Pick<CarrierPrintSetting, "layout">,
  start: number | undefined,
): number {
  return start && start <= slotsOfLayout[setting.layout] ? start : 1;
}
