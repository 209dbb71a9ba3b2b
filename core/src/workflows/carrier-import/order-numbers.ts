import { cellText, decodeCarrierFile, parseCsv } from "../../carriers/csv/csv";
import type { IssuedFileResult, IssuedRejection, IssuedRow } from "../../carriers/csv/types";
import type { Carrier } from "../../shared/brand";
import { parseTrackingNumber } from "../../shared/tracking-number";

/**
 * 注文番号と追跡番号のCSV: two columns, the shop's order number and the tracking number,
 * for numbers that come back without a file of the carrier's (クリックポスト has no
 * お客様管理番号 and no issued-data export, docs/carriers.md#clickpost-csv: its numbers are read off
 * the label or the web UI). CP932 or UTF-8, header optional: a first row naming
 * 注文番号 or 追跡番号 (in either order) is a header, otherwise column 1 is the order
 * number and column 2 the tracking number. Matching order numbers to orders is the
 * caller's; this says which rows are usable and why the others are not.
 */

/**
 * Which numbers docs/carriers.md#tracking-numbers gives a check digit: 宅急便, 飛脚宅配便 and
 * ゆうパック / ゆうパケット are 12 digits with the mod-7 digit. クリックポスト numbers are
 * 12 digits, but no source defines a check digit for them, and this file is where they come
 * back (with ゆうパック, a ゆうプリR user has the issued-data file): Japan Post numbers are
 * therefore checked for their 12 digits only, never refused for a check digit no source
 * defines.
 */
export const checkDigitDefined: Record<Carrier, boolean> = {
  yamato: true,
  sagawa: true,
  japan_post: false,
};

/** What the file's first column is called in messages and reports. */
export const ORDER_NUMBER_LABEL = "注文番号";
const NUMBER_LABEL = "追跡番号";

/** Header text compared without spaces, full-width forms, "#" or the "." of "No.". */
const headerKey = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[\s.#]/g, "")
    .toLowerCase();
const orderHeader = /^(注文番号|受注番号|注文no|注文id|ordernumber|orderno|ordername|order)$/;
const numberHeader =
  /^(追跡番号|お問い?合わ?せ番号|お問い?合わ?せno|伝票番号|送り状番号|trackingnumber|trackingno|tracking)$/;

/**
 * The order number as it is compared: NFKC (full-width digits and letters to
 * half-width), without spaces or a leading "#" (a merchant types 1001 for Shopify's
 * #1001), in lower case.
 */
export function orderNumberKey(value: string): string {
  return value.normalize("NFKC").replace(/\s/g, "").replace(/^#/, "").toLowerCase();
}

export function parseOrderNumbers(carrier: Carrier, bytes: Uint8Array): IssuedFileResult {
  const { text, encoding } = decodeCarrierFile(bytes);
  const records = parseCsv(text);
  const first = records[0]?.cells.map(headerKey) ?? [];
  const orderAt = first.findIndex((c) => orderHeader.test(c));
  const numberAt = first.findIndex((c) => numberHeader.test(c));
  const hasHeader = orderAt >= 0 || numberAt >= 0;
  const at = {
    order: orderAt >= 0 ? orderAt : numberAt === 0 ? 1 : 0,
    number: numberAt >= 0 ? numberAt : orderAt === 1 ? 0 : 1,
  };

  const rows: IssuedRow[] = [];
  const rejected: IssuedRejection[] = [];
  const lineOf = new Map<string, number>();
  const orderOf = new Map<string, string>();

  for (const { line, cells } of hasHeader ? records.slice(1) : records) {
    const ref = cellText(cells[at.order]);
    const raw = cellText(cells[at.number]);
    const reject = (code: IssuedRejection["code"], message: string) =>
      rejected.push({ line, reference: ref, rawNumber: raw, code, message });

    if (cells.length < 2) {
      reject(
        "missing_columns",
        `列が足りません（${cells.length}列）。${ORDER_NUMBER_LABEL}と${NUMBER_LABEL}の2列が必要です。`,
      );
      continue;
    }
    if (!orderNumberKey(ref)) {
      reject("missing_reference", `${ORDER_NUMBER_LABEL}が空です。`);
      continue;
    }
    if (!raw) {
      reject("missing_number", `${NUMBER_LABEL}が空です。`);
      continue;
    }
    const digits = raw.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");
    if (!/^\d{12}$/.test(digits)) {
      reject("not_a_number", `${NUMBER_LABEL}（${raw}）が12桁の数字ではありません。`);
      continue;
    }
    if (checkDigitDefined[carrier] && !parseTrackingNumber(digits)) {
      reject("bad_check_digit", `${NUMBER_LABEL}（${raw}）のチェックデジットが正しくありません。`);
      continue;
    }
    const key = `${orderNumberKey(ref)}\u0000${digits}`;
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      reject("duplicate", `${earlier}行目と同じ${ORDER_NUMBER_LABEL}・${NUMBER_LABEL}の行です（重複）。`);
      continue;
    }
    const owner = orderOf.get(digits);
    if (owner !== undefined) {
      reject(
        "number_on_two_references",
        `${NUMBER_LABEL}（${digits}）が別の${ORDER_NUMBER_LABEL}（${owner}）の行にもあります。`,
      );
      continue;
    }
    lineOf.set(key, line);
    orderOf.set(digits, ref);
    rows.push({ line, reference: ref, trackingNumber: digits });
  }
  return { encoding, hasHeader, rows, rejected };
}
