/**
 * Japanese text rules shared by the forms and the API. Carrier files count field
 * limits in Shift_JIS bytes (full-width = 2), so limits are written in bytes.
 */

/**
 * Characters that must never reach a label or a carrier file: C0/C1 controls (NUL,
 * tabs, line breaks in one-line fields), the bidirectional overrides and marks that
 * reorder what is printed (U+202E shows "ABC" as "CBA"), and lone surrogates (half a
 * character, which no encoder can write).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_CHARACTERS.test(value);
}

export const unsafeCharactersMessage = "使用できない文字（制御文字など）が含まれています";

/** Bytes in Shift_JIS/CP932: ASCII and half-width katakana take one byte, everything else two. */
export function sjisByteLength(value: string): number {
  let bytes = 0;
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    bytes += code <= 0x7f || (code >= 0xff61 && code <= 0xff9f) ? 1 : 2;
  }
  return bytes;
}

/** Full-width ASCII (Ａ-Ｚ, ０-９, －) to half-width, as merchants type both; other text is left alone. */
export function toHalfWidthAscii(value: string): string {
  return value
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, " ")
    .replace(/[\u2010-\u2015\u2212\u30FC\uFF70]/g, "-");
}

/** 7 digits from `100-0001`, `１００－０００１`, `1000001`; undefined when it is not a postal code. */
export function normalizePostalCode(value: string): string | undefined {
  const digits = toHalfWidthAscii(value.trim()).replace(/[-\s〒]/g, "");
  return /^\d{7}$/.test(digits) ? digits : undefined;
}

export function formatPostalCode(sevenDigits: string): string {
  return `${sevenDigits.slice(0, 3)}-${sevenDigits.slice(3)}`;
}

export const prefectures = [
  "北海道",
  "青森県",
  "岩手県",
  "宮城県",
  "秋田県",
  "山形県",
  "福島県",
  "茨城県",
  "栃木県",
  "群馬県",
  "埼玉県",
  "千葉県",
  "東京都",
  "神奈川県",
  "新潟県",
  "富山県",
  "石川県",
  "福井県",
  "山梨県",
  "長野県",
  "岐阜県",
  "静岡県",
  "愛知県",
  "三重県",
  "滋賀県",
  "京都府",
  "大阪府",
  "兵庫県",
  "奈良県",
  "和歌山県",
  "鳥取県",
  "島根県",
  "岡山県",
  "広島県",
  "山口県",
  "徳島県",
  "香川県",
  "愛媛県",
  "高知県",
  "福岡県",
  "佐賀県",
  "長崎県",
  "熊本県",
  "大分県",
  "宮崎県",
  "鹿児島県",
  "沖縄県",
] as const;
export type Prefecture = (typeof prefectures)[number];
