import { isCalendarDate } from "../../shared/dates";
import { normalizePhone } from "../../shared/phone";
import { formatPostalCode, hasUnsafeCharacters, toHalfWidthAscii } from "../../shared/text";
import { shippingDates } from "../shipping-dates";
import {
  outsideJisX0208,
  toCp932Text,
  toFullWidthKana,
  toJisX0208Text,
  unencodableCharacters,
} from "../text";
import { formulaSignNote, writtenByteLength } from "./formula";
import { type Segment, splitLines } from "./lines";
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

/** "各全角16文字・半角32文字×2欄" for two 32-byte columns, else each column's width in turn. */
function linesLimitText(limits: number[]): string {
  const first = limits[0]!;
  const each = (bytes: number) => `${byteLimitText(bytes)}・半角${bytes}文字`;
  return limits.every((l) => l === first)
    ? `各${each(first)}×${limits.length}欄`
    : limits.map(each).join("＋");
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

  /**
   * A value spread over the carrier's lines (address lines, company and name). `columns`
   * names the carrier's columns in the reason when nothing fits (お届け先名称１・２).
   */
  lines(
    field: string,
    label: string,
    segments: Segment[],
    limits: number[],
    kind: "address" | "name",
    columns = "欄",
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
      const hint = kind === "address" ? "住所を短くしてください。" : "短くしてください。";
      this.fail(
        field,
        `${label}が${this.rules.name}の${columns}（${linesLimitText(limits)}）に収まりません。${hint}`,
      );
      return blank;
    }
    return lines;
  }

  /** The 7-digit postal code as 123-4567 or 1234567 (see `postalCodeDigits`); anything else is held. */
  postalCode(field: string, label: string, value: string, hyphen: boolean): string {
    const digits = postalCodeDigits(value);
    if (!digits) {
      this.fail(
        field,
        value.trim()
          ? `${label}（${value}）から7桁の郵便番号を読み取れません。郵便番号を確認してください。`
          : `${label}がありません。`,
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
  phone(
    field: string,
    label: string,
    value: string,
    maxLength: number,
    required: boolean,
    placeExtension?: ExtensionPlace,
  ): string {
    const typed = toHalfWidthAscii(value.normalize("NFKC")).trim();
    if (!typed) {
      if (required) this.fail(field, `${label}がありません。`);
      return "";
    }
    const { number, extension } = splitExtension(typed);
    if (extension) {
      const place = placeExtension?.(extension);
      this.warn(
        field,
        place
          ? `${label}の内線（${extension}）は${this.rules.name}の電話番号の欄に書けないため、${place}に出力しました。`
          : `${label}の内線（${extension}）は${this.rules.name}の電話番号の欄に書けないため、番号だけを出力しました。`,
      );
    }
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
 * Where a layout keeps a phone's extension (B2's 電話番号枝番, ゆうプリR's 記事名): takes the
 * digits and returns the column's name for the warning, or undefined when it has no room
 * for them, and the extension is left out.
 */
export type ExtensionPlace = (extension: string) => string | undefined;

/**
 * The 7 digits of a postal code as merchants and shop customers type it: 〒, full-width
 * digits, any dash or space between the two groups, and debris around them (an emoji, a
 * trailing note) are dropped. Undefined unless the value holds exactly 7 digits, written
 * together or as 3 and 4: a digit too many or too few is another place, not debris.
 */
export function postalCodeDigits(value: string): string | undefined {
  const text = toHalfWidthAscii(toCp932Text(value).normalize("NFKC"));
  const digits = text.replace(/[^0-9]/g, "");
  if (digits.length !== 7 || !/[0-9]{3}[\s-]*[0-9]{4}/.test(text)) return undefined;
  return digits;
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
