import { parseTrackingNumber } from "../../shared/tracking-number";
import { cellText, decodeCarrierFile, parseCsv } from "./csv";
import { isCalendarDate } from "./fit";
import type { IssuedFileResult, IssuedFormat, IssuedRejection, IssuedRow } from "./types";

/**
 * Reading the carriers' issued-data files back (docs/carriers.md#issued-data): the お客様管理番号 we
 * wrote and the tracking number the carrier assigned, each number checked (12 digits,
 * mod 7, docs/carriers.md#tracking-numbers). Matching rows to orders is the caller's; this only says which
 * rows are usable and why the others are not.
 */

interface Positions {
  reference: number;
  trackingNumber: number;
  shipDate?: number;
}

interface IssuedLayout {
  /** What merchants call the number in this carrier's software, for messages. */
  numberLabel: string;
  header: { reference: RegExp; trackingNumber: RegExp; shipDate: RegExp };
  /** 1-based columns when the file has no header, chosen by the row's width. */
  positions(width: number): Positions;
}

/** Header text compared without spaces, full-width forms or the trailing "." of "No.". */
const headerKey = (text: string) => text.normalize("NFKC").replace(/[\s.．]/g, "");

const reference = /^お客様側?管理(番号|ナンバー|No)$/;
const shipDate = /^(出荷予定日|出荷日|発送予定日|発送日)$/;

const layouts: Record<IssuedFormat, IssuedLayout> = {
  // The same 97-column layout as the import, with column 4 伝票番号 filled
  // (docs/carriers.md#yamato-b2-file-format).
  yamato_b2: {
    numberLabel: "伝票番号",
    header: { reference, trackingNumber: /^(伝票番号|送り状番号)$/, shipDate },
    positions: () => ({ reference: 1, trackingNumber: 4, shipDate: 5 }),
  },
  // 出荷実績: 91 columns with the number in 1 and お客様管理番号 in 19 (docs/carriers.md#issued-data, whole layout
  // Unconfirmed). A 74-column row is our own import layout echoed with column 62 filled.
  sagawa_ehiden3: {
    numberLabel: "お問い合せ送り状No.",
    header: {
      reference,
      trackingNumber: /^(お問い?合わ?せ送り状No|お問い?合わ?せ番号|送り状番号)$/,
      shipDate,
    },
    positions: (width) =>
      width === 74
        ? { reference: 10, trackingNumber: 62, shipDate: 61 }
        : { reference: 19, trackingNumber: 1 },
  },
  // The 発送済み export puts お問い合わせ番号 and 代表お問い合わせ番号 after column 1,
  // shifting 発送予定日 to column 4 (docs/carriers.md#issued-data; export layout Unconfirmed).
  japan_post_yuprir: {
    numberLabel: "お問い合わせ番号",
    header: { reference, trackingNumber: /^お?問い?合わ?せ番号$/, shipDate },
    positions: () => ({ reference: 1, trackingNumber: 2, shipDate: 4 }),
  },
};

/** YYYY/MM/DD, YYYY-MM-DD or YYYYMMDD as YYYY-MM-DD; undefined when it is not a date. */
function isoDate(value: string): string | undefined {
  const m = /^(\d{4})[/-]?(\d{1,2})[/-]?(\d{1,2})$/.exec(value.normalize("NFKC"));
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : undefined;
}

/**
 * The rows of an issued-data file. CP932 or UTF-8 (with or without BOM), with or without
 * a header: a first row naming the お客様管理番号 or the number column is a header, and
 * then columns are found by their names (falling back to the carrier's positions).
 */
export function parseIssued(format: IssuedFormat, bytes: Uint8Array): IssuedFileResult {
  const spec = layouts[format];
  const { text, encoding } = decodeCarrierFile(bytes);
  const records = parseCsv(text);
  const first = records[0]?.cells.map(headerKey) ?? [];
  const hasHeader = first.some((c) => spec.header.reference.test(c) || spec.header.trackingNumber.test(c));
  const named = (pattern: RegExp) => {
    const index = first.findIndex((c) => pattern.test(c));
    return index < 0 ? undefined : index + 1;
  };

  const rows: IssuedRow[] = [];
  const rejected: IssuedRejection[] = [];
  const lineOf = new Map<string, number>();
  const referenceOf = new Map<string, string>();

  for (const { line, cells } of hasHeader ? records.slice(1) : records) {
    const fallback = spec.positions(cells.length);
    const at: Positions = hasHeader
      ? {
          reference: named(spec.header.reference) ?? fallback.reference,
          trackingNumber: named(spec.header.trackingNumber) ?? fallback.trackingNumber,
          shipDate: named(spec.header.shipDate) ?? fallback.shipDate,
        }
      : fallback;
    const ref = cellText(cells[at.reference - 1]);
    const raw = cellText(cells[at.trackingNumber - 1]);
    const reject = (code: IssuedRejection["code"], message: string) =>
      rejected.push({ line, reference: ref, rawNumber: raw, code, message });

    const needed = Math.max(at.reference, at.trackingNumber);
    if (cells.length < needed) {
      reject(
        "missing_columns",
        `列が足りません（${cells.length}列）。お客様管理番号と${spec.numberLabel}を読むには${needed}列必要です。`,
      );
      continue;
    }
    if (!ref) {
      reject("missing_reference", "お客様管理番号が空です。");
      continue;
    }
    if (!raw) {
      reject("missing_number", `${spec.numberLabel}が空です（未発行の行）。`);
      continue;
    }
    const digits = raw.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");
    if (!/^\d{12}$/.test(digits)) {
      reject("not_a_number", `${spec.numberLabel}（${raw}）が12桁の数字ではありません。`);
      continue;
    }
    const number = parseTrackingNumber(digits);
    if (!number) {
      reject("bad_check_digit", `${spec.numberLabel}（${raw}）のチェックデジットが正しくありません。`);
      continue;
    }
    const key = `${ref}\u0000${number}`;
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      reject("duplicate", `${earlier}行目と同じお客様管理番号・${spec.numberLabel}の行です（重複）。`);
      continue;
    }
    const owner = referenceOf.get(number);
    if (owner !== undefined) {
      reject(
        "number_on_two_references",
        `${spec.numberLabel}（${number}）が別のお客様管理番号（${owner}）の行にもあります。`,
      );
      continue;
    }
    lineOf.set(key, line);
    referenceOf.set(number, ref);
    const date = at.shipDate === undefined ? undefined : isoDate(cellText(cells[at.shipDate - 1]));
    rows.push(
      date
        ? { line, reference: ref, trackingNumber: number, shipDate: date }
        : { line, reference: ref, trackingNumber: number },
    );
  }
  return { encoding, hasHeader, rows, rejected };
}
