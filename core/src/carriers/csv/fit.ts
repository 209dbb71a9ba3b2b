import { isCalendarDate } from "../../shared/dates";
import { normalizePhone } from "../../shared/phone";
import {
  formatPostalCode,
  hasUnsafeCharacters,
  normalizePostalCode,
  sjisByteLength,
  toHalfWidthAscii,
} from "../../shared/text";
import { shippingDates } from "../shipping-dates";
import {
  outsideJisX0208,
  toCp932Text,
  toFullWidthKana,
  toJisX0208Text,
  unencodableCharacters,
} from "../text";
import { formulaSignNote, writtenByteLength } from "./formula";
import type { ExportReason } from "./types";

/**
 * Fitting one order into one carrier's columns before it is written
 * (docs/carriers.md#rules-for-every-carrier-file): width conversion, the charset's replacements, lines
 * split by Shift_JIS bytes at sensible places. What cannot be fitted without losing meaning becomes a
 * reason in Japanese and the order stays out of the file; nothing is cut silently.
 */

/**
 * What the carrier software can read: CP932, or JIS X 0208 only (B2クラウド,
 * docs/carriers.md#yamato-b2-file-format).
 */
export type Charset = "cp932" | "jisx0208";

export interface CarrierRules {
  /** The carrier as merchants know it, for messages. */
  name: string;
  charset: Charset;
}

/** A piece of a multi-line value: the address parts, or company and name. */
export interface Segment {
  text: string;
  /** What joins it to the previous piece when both share a line. */
  joiner: "" | " ";
  /** The layout wants a new line here (the building, a name after the company). */
  preferBreak?: boolean;
}

const SPACE = /^[ \u3000]$/;
/** Digits, Latin letters and the hyphen inside a block number: never split inside such a run. */
const WORD = /^[0-9A-Za-z-]$/;
/** Ends of an address part after which a line break reads naturally (Kyoto's 上る/下る/入る included). */
const PART_END = /(丁目|番地|番|号|条|丁|上る|下る|入る|上ル|下ル|入ル)$/;
/** Counters that belong to the number before them. */
const COUNTER = /^[丁番号条地階棟]$/;
const KATAKANA = /^[\u30A1-\u30FA\u30FC]$/;

/**
 * How bad it is to break a line before `chars[p]`. Addresses may break anywhere
 * except inside a number or a Latin word; names only at spaces and between company
 * and name, because a name cut in the middle is another name.
 */
function breakCost(chars: string[], p: number, boundaries: Map<number, boolean>, kind: "address" | "name") {
  const preferred = boundaries.get(p);
  if (preferred !== undefined) return preferred ? 0 : 1;
  const a = chars[p - 1]!;
  const b = chars[p]!;
  if (SPACE.test(a) || SPACE.test(b)) return 1;
  if (kind === "name") return Number.POSITIVE_INFINITY;
  if (WORD.test(a) && WORD.test(b)) return Number.POSITIVE_INFINITY;
  if (PART_END.test(chars.slice(Math.max(0, p - 2), p).join(""))) return 2;
  if (WORD.test(a) && COUNTER.test(b)) return 50;
  // Before a block number, or after it before a building name.
  if (WORD.test(a) !== WORD.test(b)) return 3;
  // Where katakana starts or ends a word usually does too (烏丸御池|メディカルビル); kanji
  // followed by hiragana is often one word (上る), so that gets no such discount.
  if (KATAKANA.test(a) !== KATAKANA.test(b)) return 10;
  return 20;
}

/** Bytes of chars[i..j) without the spaces at either end. */
function trimmedRange(chars: string[], i: number, j: number): [number, number] {
  let a = i;
  let b = j;
  while (a < b && SPACE.test(chars[a]!)) a++;
  while (b > a && SPACE.test(chars[b - 1]!)) b--;
  return [a, b];
}

/**
 * The pieces laid into lines of the given byte limits, breaking at the cheapest
 * places (see `breakCost`; a preferred boundary left unbroken costs 4), filling
 * earlier lines first when costs tie. Undefined when no layout fits.
 */
export function splitLines(
  segments: Segment[],
  limits: number[],
  kind: "address" | "name",
): string[] | undefined {
  const chars: string[] = [];
  const boundaries = new Map<number, boolean>();
  for (const segment of segments) {
    const text = segment.text.trim();
    if (!text) continue;
    if (chars.length) {
      if (segment.joiner) chars.push(segment.joiner);
      boundaries.set(chars.length, segment.preferBreak ?? false);
    }
    chars.push(...text);
  }
  const n = chars.length;
  if (n === 0) return limits.map(() => "");
  const bytes = [0];
  for (const ch of chars) bytes.push(bytes.at(-1)! + sjisByteLength(ch));
  const preferred = [...boundaries].filter(([, prefer]) => prefer).map(([p]) => p);
  // A line starting with = + - @ is written with the full-width sign, a byte more.
  const signBytes = (p: number) => writtenByteLength(chars[p]!) - sjisByteLength(chars[p]!);

  type Plan = { cost: number; ends: number[] };
  const memo = new Map<string, Plan | null>();
  const best = (i: number, k: number): Plan | null => {
    const key = `${i}:${k}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: Plan | null = null;
    const limit = limits[k];
    if (limit !== undefined) {
      for (let j = n; j > i; j--) {
        const [a, b] = trimmedRange(chars, i, j);
        if (a === b || bytes[b]! - bytes[a]! + signBytes(a) > limit) continue;
        let cost = 4 * preferred.filter((q) => q > i && q < j).length;
        let ends = [j];
        if (j < n) {
          const cut = breakCost(chars, j, boundaries, kind);
          if (!Number.isFinite(cut)) continue;
          const rest = best(j, k + 1);
          if (!rest) continue;
          cost += cut + rest.cost;
          ends = [j, ...rest.ends];
        }
        if (!result || cost < result.cost) result = { cost, ends };
      }
    }
    memo.set(key, result);
    return result;
  };
  const plan = best(0, 0);
  if (!plan) return undefined;
  const lines: string[] = [];
  let start = 0;
  for (const end of plan.ends) {
    const [a, b] = trimmedRange(chars, start, end);
    lines.push(chars.slice(a, b).join(""));
    start = end;
  }
  while (lines.length < limits.length) lines.push("");
  return lines;
}

/** Full-width Latin letters, digits and signs as ASCII, and any dash between two digits as "-". */
function halfWidthAddress(value: string): string {
  return value
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, " ")
    .replace(/(?<=[0-9])[\u2010-\u2015\u2212\u30FC\uFF70\uFF0D-](?=[0-9])/g, "-");
}

/** "全角16文字" for 32 bytes. */
export function byteLimitText(bytes: number): string {
  return `全角${Math.floor(bytes / 2)}文字`;
}

function linesLimitText(limits: number[]): string {
  const first = limits[0]!;
  return limits.every((l) => l === first)
    ? `${byteLimitText(first)}×${limits.length}行`
    : limits.map(byteLimitText).join("＋");
}

// A shop's order may carry 2月30日: the file checks each date again (issued.ts and csv.ts import it from here).
export { isCalendarDate };

/** YYYY-MM-DD as the carrier writes it: "/" → 2025/01/02 (Yamato), "" → 20250102 (Sagawa, ゆうプリR). */
export function carrierDate(iso: string, separator: "/" | ""): string {
  return iso.replaceAll("-", separator);
}

/**
 * Collects the reasons an order cannot go into one carrier's file while its values are
 * fitted. Each method returns what to write (blank when the value is unusable) and adds
 * a reason when it is. What the carrier cannot carry but can ship without is a warning
 * instead: the order stays in the file and the merchant is told what was left out.
 */
export class Fitter {
  readonly reasons: ExportReason[] = [];
  readonly warnings: ExportReason[] = [];

  constructor(readonly rules: CarrierRules) {}

  fail(field: string, message: string): void {
    this.reasons.push({ field, message });
  }

  warn(field: string, message: string): void {
    this.warnings.push({ field, message });
  }

  /**
   * Free text in the carrier's charset: NFC, line breaks and tabs as spaces,
   * half-width kana as full-width, the documented look-alike replacements (and for
   * JIS X 0208 the extension-kanji forms), runs of spaces collapsed. Addresses also get
   * full-width digits and letters as half-width, which saves bytes, and a dash of any
   * kind between two digits (２ー３, 2−3) as "-".
   */
  text(field: string, label: string, value: string, options: { address?: boolean } = {}): string {
    let text = toFullWidthKana(value.normalize("NFC").replace(/[\t\n\v\f\r]+/g, " "));
    text = toCp932Text(text);
    if (options.address) text = halfWidthAddress(text);
    if (this.rules.charset === "jisx0208") text = toJisX0208Text(text);
    text = text.replace(/ {2,}/g, " ").replace(/^[ \u3000]+|[ \u3000]+$/g, "");
    if (hasUnsafeCharacters(text)) {
      this.fail(field, `${label}に使えない文字（制御文字など）が含まれています。`);
      return "";
    }
    const bad = unencodableCharacters(text);
    if (bad.length) {
      this.fail(
        field,
        `${label}に${this.rules.name}のファイルに書けない文字（${bad.join("")}）があります。別の文字に置き換えてください。`,
      );
      return "";
    }
    if (this.rules.charset === "jisx0208") {
      const extended = outsideJisX0208(text);
      if (extended.length) {
        this.fail(
          field,
          `${label}に${this.rules.name}で使えないJIS第1・第2水準以外の文字（${extended.join("")}）があります。別の文字に置き換えてください。`,
        );
        return "";
      }
    }
    return text;
  }

  /** One column's text within `maxBytes` as written (see `asPlainCell`); too long is a reason, never a cut. */
  line(field: string, label: string, value: string, maxBytes: number, required = false): string {
    const text = this.text(field, label, value);
    if (!text) {
      if (required && this.reasons.every((r) => r.field !== field))
        this.fail(field, `${label}がありません。`);
      return "";
    }
    if (writtenByteLength(text) > maxBytes) {
      this.fail(
        field,
        `${label}が${this.rules.name}の上限（${byteLimitText(maxBytes)}・半角${maxBytes}文字）を超えています。${formulaSignNote(text, maxBytes)}`,
      );
      return "";
    }
    return text;
  }

  /** A value spread over the carrier's lines (address lines, company and name). */
  lines(
    field: string,
    label: string,
    segments: Segment[],
    limits: number[],
    kind: "address" | "name",
  ): string[] {
    const blank = limits.map(() => "");
    const before = this.reasons.length;
    const fitted = segments.map((s) => ({
      ...s,
      text: this.text(field, label, s.text, { address: kind === "address" }),
    }));
    if (this.reasons.length > before) return blank;
    const lines = splitLines(fitted, limits, kind);
    if (!lines) {
      const hint =
        kind === "address" ? "住所を短くしてください。" : "短くするか、区切りに空白を入れてください。";
      this.fail(
        field,
        `${label}が${this.rules.name}の欄（${linesLimitText(limits)}）に収まりません。${hint}`,
      );
      return blank;
    }
    return lines;
  }

  /** The 7-digit postal code as 123-4567 or 1234567, from what merchants type (〒, full-width, ー). */
  postalCode(field: string, label: string, value: string, hyphen: boolean): string {
    const digits = normalizePostalCode(toCp932Text(value));
    if (!digits) {
      this.fail(
        field,
        value.trim() ? `${label}（${value}）が7桁の数字ではありません。` : `${label}がありません。`,
      );
      return "";
    }
    return hyphen ? formatPostalCode(digits) : digits;
  }

  /**
   * A Japanese phone number in half-width digits with hyphens
   * (docs/carriers.md#postal-codes-dates-and-phones), within `maxLength`. A number outside the numbering
   * plan that still looks like one (0 and 10–11 digits) is kept as typed, since the carrier only prints it.
   */
  phone(field: string, label: string, value: string, maxLength: number, required: boolean): string {
    const typed = toHalfWidthAscii(value.normalize("NFKC")).trim();
    if (!typed) {
      if (required) this.fail(field, `${label}がありません。`);
      return "";
    }
    const { number, extension } = splitExtension(typed);
    if (extension)
      this.warn(
        field,
        `${label}の内線（${extension}）は${this.rules.name}の電話番号の欄に書けないため、番号だけを出力しました。`,
      );
    const digits = number.replace(/[-\s()]/g, "");
    let phone = normalizePhone(number);
    if (!phone && /^0\d{9,10}$/.test(digits)) {
      phone = number
        .replace(/[\s()]+/g, "-")
        .replace(/-{2,}/g, "-")
        .replace(/^-|-$/g, "");
    }
    if (!phone || !/^[0-9-]+$/.test(phone)) {
      this.fail(field, `${label}（${value}）が電話番号として正しくありません。`);
      return "";
    }
    if (phone.length > maxLength) phone = phone.replaceAll("-", "");
    if (phone.length > maxLength) {
      this.fail(field, `${label}が${this.rules.name}の上限（${maxLength}文字）を超えています。`);
      return "";
    }
    return phone;
  }
}

/**
 * A phone number as shops let customers type it, and its extension apart: 「内線12」, 「ext. 12」,
 * 「x12」 or 「#12」 after the number (in brackets or not). No carrier's phone column takes an
 * extension, and libphonenumber reads some of these forms and not others.
 */
export function splitExtension(typed: string): { number: string; extension?: string } {
  const match = /^(.*?\d)[\s(（]*(?:内線|ext\.?|x|#|＃)\s*[:：.]?\s*(\d{1,6})\s*[)）]?$/i.exec(typed);
  return match ? { number: match[1]!, extension: match[2]! } : { number: typed };
}

/** The file's dates (carriers/shipping-dates.ts, the one judgement labels use too); each problem refuses the row. */
export function fitDates(
  fitter: Fitter,
  delivery: { ship_date: string | null; delivery_date: string | null },
  today: string,
): { ship: string; delivery: string | null } {
  const { problems, ...dates } = shippingDates(delivery, today);
  for (const problem of problems) fitter.fail(problem.field, problem.message);
  return dates;
}

/**
 * Consumption tax inside a cash-on-delivery amount. Without the caller's figure it is
 * the standard 10 % share rounded down (Math.floor(amount × 10 / 110)); the carriers only
 * print it (Unconfirmed: no carrier source says how to round).
 */
export function codTax(fitter: Fitter, amount: number, given: number | undefined): number {
  if (given === undefined) return Math.floor((amount * 10) / 110);
  if (!Number.isInteger(given) || given < 0 || given > amount) {
    fitter.fail(
      "delivery.cod_amount",
      `代引金額の消費税（${given}円）が代引金額（${amount}円）と合いません。`,
    );
    return 0;
  }
  return given;
}

/** Handling words that some layouts carry as marks rather than text (e飛伝 指定シール, ゆうプリR 区分). */
export const handlingMarks = {
  fragile: /ワレモノ|われもの|割れ物|割物|こわれもの|壊れ物|取扱注意|取扱い注意|精密機器/,
  perishable: /なまもの|ナマモノ|生もの/,
  bottle: /ビン|びん|瓶/,
  upright: /天地無用|逆さま厳禁/,
  noStacking: /下積み厳禁|下積厳禁/,
  valuable: /貴重品/,
} as const;
export type HandlingMark = keyof typeof handlingMarks;

/** The marks a handling text asks for (one text may name several). */
export function marksOf(text: string): HandlingMark[] {
  return (Object.keys(handlingMarks) as HandlingMark[]).filter((mark) => handlingMarks[mark].test(text));
}
