import { sjisByteLength } from "../../shared/text";

/**
 * Merchants open carrier files in Excel before (or instead of) the carrier software, and
 * a spreadsheet runs a cell starting with = + - @ as a formula: a shop customer's
 * `=HYPERLINK(…)` or `+cmd|…` would run on the merchant's machine (CSV injection). The
 * full-width sign prints the same on a Japanese label and is plain text to a spreadsheet,
 * so it takes the place of the half-width one; a leading tab or line break, which
 * spreadsheets skip before looking for the sign, is dropped. Nothing else changes: a
 * sign inside the text (1-2-3, 1+1) starts no formula.
 */

const fullWidthSigns: Readonly<Record<string, string>> = { "=": "＝", "+": "＋", "-": "－", "@": "＠" };
const LEADING_BREAKS = /^[\t\r\n]+/;
const FORMULA_SIGN = /^[=+\-@]/;

/** The cell as written: never read as a formula, whatever it held. */
export function asPlainCell(value: string): string {
  return value.replace(LEADING_BREAKS, "").replace(FORMULA_SIGN, (sign) => fullWidthSigns[sign] ?? sign);
}

/** Shift_JIS bytes of the cell as written, which is what a column's limit is about. */
export function writtenByteLength(value: string): number {
  return sjisByteLength(asPlainCell(value));
}

/**
 * The sentence to add to a "too long" reason when the text fits `maxBytes` as typed and
 * only the full-width sign takes it over, since the merchant counts what they typed.
 */
export function formulaSignNote(value: string, maxBytes: number): string {
  const sign = FORMULA_SIGN.exec(value.replace(LEADING_BREAKS, ""))?.[0];
  if (sign === undefined || sjisByteLength(value) > maxBytes) return "";
  return `先頭の「${sign}」は表計算ソフトで数式として扱われないよう全角の「${fullWidthSigns[sign]}」で書き出すため、1文字分長くなります。`;
}
