import { prefectures } from "@okuru/core/shared/text";

/**
 * Shopify's `provinceCode` for Japan is ISO 3166-2 (`JP-13`), which numbers the
 * prefectures in the order core lists them.
 */
const stem = (name: string) => (name === "北海道" ? name : name.replace(/[都府県]$/, ""));

/** `東京都` (or `東京`) → `JP-13`; null for anything that is not a prefecture. */
export function prefectureCode(name: string): string | null {
  const wanted = stem(name.trim());
  const index = prefectures.findIndex((n) => stem(n) === wanted);
  return index >= 0 ? `JP-${String(index + 1).padStart(2, "0")}` : null;
}

/** `JP-13` (or `13`) → `東京都`. */
export function prefectureName(code: string): string | null {
  const number = code
    .trim()
    .toUpperCase()
    .match(/^(?:JP-)?(\d{1,2})$/)?.[1];
  return number ? (prefectures[Number(number) - 1] ?? null) : null;
}
