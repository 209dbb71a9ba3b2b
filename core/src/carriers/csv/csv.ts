import iconv from "iconv-lite";
import { toCp932Text, unencodableCharacters } from "../text";
import { type CarrierRules, Fitter, isCalendarDate } from "./fit";
import { asPlainCell, formulaSignNote, writtenByteLength } from "./formula";
import {
  type ExportOptions,
  type ExportReason,
  type ExportResult,
  REFERENCE_MAX_LENGTH,
  referencePattern,
} from "./types";

/**
 * The CSV side shared by every format: columns declared as data, rows written as CP932
 * with CRLF, no cell a spreadsheet formula, and carrier files read back in CP932 or UTF-8.
 */

/** One column of a layout: its number in the carrier's list, the header text, and what goes in it. */
export interface Column<R> {
  no: number;
  header: string;
  /** Shift_JIS bytes the carrier accepts; checked on every cell as the last guard. */
  maxBytes?: number;
  /** Blank when absent: the column exists in the layout but the app has nothing for it. */
  value?: (record: R) => string;
}

/** The layout as given, after checking it is numbered 1…count without gaps, so a slip cannot shift columns. */
export function layout<R>(name: string, count: number, columns: Column<R>[]): Column<R>[] {
  columns.forEach((column, index) => {
    if (column.no !== index + 1) throw new Error(`${name}: column ${index + 1} is numbered ${column.no}`);
  });
  if (columns.length !== count) throw new Error(`${name}: ${columns.length} columns, expected ${count}`);
  return columns;
}

/**
 * Consecutive columns from `no` holding the lines of one multi-line value (address
 * lines, company and name, seals), one header each.
 */
export function lineColumns<R>(
  no: number,
  headers: readonly string[],
  maxBytes: number,
  lines: (record: R) => readonly string[],
): Column<R>[] {
  return headers.map((header, i) => ({ no: no + i, header, maxBytes, value: (r) => lines(r)[i] ?? "" }));
}

/**
 * `count` blank columns from `no` whose headers number `stem` in full-width digits,
 * zero-padded to `digits`: 荷札品名１…荷札品名１１, 編集０１…編集１０.
 */
export function numberedBlanks<R>(no: number, stem: string, count: number, digits = 1): Column<R>[] {
  return Array.from({ length: count }, (_, i) => ({
    no: no + i,
    header: stem + toFullWidthDigits(String(i + 1).padStart(digits, "0")),
  }));
}

function toFullWidthDigits(value: string): string {
  return value.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
}

/**
 * A cell as CSV: never a spreadsheet formula (see `asPlainCell`; every cell of every
 * file passes here), quoted only when it holds a comma, a quote or a line break, with
 * quotes doubled (RFC 4180). Fitted text never holds line breaks; quoting the rest
 * keeps a comma in a building name from shifting every later column.
 */
export function csvCell(value: string): string {
  const cell = asPlainCell(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Rows as CP932 bytes with CRLF after every row. Throws when a cell would not survive the encoding. */
export function encodeCsv(rows: string[][]): Uint8Array {
  const text = rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
  const bytes = iconv.encode(text, "cp932");
  if (iconv.decode(bytes, "cp932") !== text) throw new Error("CSV text does not survive CP932");
  return new Uint8Array(bytes);
}

/** What a format module gives the shared export loop. */
export interface FormatSpec<O, R> {
  rules: CarrierRules;
  /** The file name's first part, e.g. `yamato_b2`. */
  filePrefix: string;
  header: boolean;
  columns: Column<R>[];
  /** Most data rows the carrier takes in one file. */
  maxRows?: number;
  /** The order fitted into a record, or undefined; reasons and warnings go to the fitter. */
  prepare(order: O, fitter: Fitter, options: ExportOptions): R | undefined;
}

/**
 * The shared export loop: reference checks, fitting, the last guard on every cell
 * (bytes and CP932), and the file. Excluded orders are listed with every reason found.
 */
export function runExport<O extends { reference: string }, R>(
  spec: FormatSpec<O, R>,
  orders: readonly O[],
  options: ExportOptions,
): ExportResult {
  if (!isCalendarDate(options.today))
    throw new RangeError(`options.today must be YYYY-MM-DD: ${options.today}`);
  if (options.fileSuffix !== undefined && !/^[A-Za-z0-9_-]{1,40}$/.test(options.fileSuffix))
    throw new RangeError(`options.fileSuffix must be letters, digits, - or _: ${options.fileSuffix}`);

  const rows: string[][] = spec.header ? [spec.columns.map((c) => c.header)] : [];
  const included: string[] = [];
  const excluded: ExportResult["excluded"] = [];
  const warnings: ExportResult["warnings"] = [];
  const seen = new Set<string>();

  for (const order of orders) {
    const fitter = new Fitter(spec.rules);
    if (!referencePattern.test(order.reference)) {
      fitter.fail(
        "reference",
        `お客様管理番号（${order.reference}）は半角英数字${REFERENCE_MAX_LENGTH}文字以内にしてください。`,
      );
    } else if (seen.has(order.reference)) {
      fitter.fail("reference", `お客様管理番号（${order.reference}）がこのファイルの中で重複しています。`);
    }
    seen.add(order.reference);
    const record = spec.prepare(order, fitter, options);
    let cells: string[] = [];
    if (record !== undefined && fitter.reasons.length === 0) {
      cells = spec.columns.map((column) => column.value?.(record) ?? "");
      fitter.reasons.push(...cellProblems(spec, cells));
    }
    if (spec.maxRows !== undefined && included.length >= spec.maxRows && fitter.reasons.length === 0) {
      fitter.fail(
        "file",
        `${spec.rules.name}の1ファイルの上限（${spec.maxRows}件）を超えました。次のファイルで出力してください。`,
      );
    }
    if (fitter.reasons.length || record === undefined) {
      excluded.push({ reference: order.reference, reasons: fitter.reasons });
      continue;
    }
    rows.push(cells);
    included.push(order.reference);
    warnings.push(...fitter.warnings.map((warning) => ({ reference: order.reference, ...warning })));
  }

  const date = options.today.replaceAll("-", "");
  const suffix = options.fileSuffix ? `_${options.fileSuffix}` : "";
  return {
    bytes: encodeCsv(rows),
    filename: `${spec.filePrefix}_${date}${suffix}.csv`,
    included,
    excluded,
    warnings,
  };
}

/**
 * The guard behind the fitting: a cell over its column's bytes, or one CP932 would
 * alter, both judged on the cell as written (`csvCell`).
 */
function cellProblems<R>(spec: FormatSpec<unknown, R>, cells: string[]): ExportReason[] {
  const problems: ExportReason[] = [];
  spec.columns.forEach((column, index) => {
    const cell = cells[index] ?? "";
    const written = asPlainCell(cell);
    const field = `column${column.no}`;
    if (column.maxBytes !== undefined && writtenByteLength(cell) > column.maxBytes) {
      problems.push({
        field,
        message: `${column.header}（${cell}）が${spec.rules.name}の上限（半角${column.maxBytes}文字）を超えています。${formulaSignNote(cell, column.maxBytes)}`,
      });
    }
    if (toCp932Text(written) !== written || unencodableCharacters(written).length) {
      problems.push({
        field,
        message: `${column.header}に${spec.rules.name}のファイルに書けない文字があります。`,
      });
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------
// Reading carrier files

/**
 * The text of a file from carrier software or a spreadsheet: UTF-8 when it has a BOM
 * or is valid UTF-8, otherwise CP932 (what B2クラウド, e飛伝 and ゆうプリR write). Pure
 * ASCII reads the same either way and counts as CP932.
 */
export function decodeCarrierFile(bytes: Uint8Array): { text: string; encoding: "cp932" | "utf-8" } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  }
  if (bytes.some((b) => b >= 0x80)) {
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
    } catch {
      // Not UTF-8: Shift_JIS bytes rarely form valid UTF-8 sequences.
    }
  }
  return { text: iconv.decode(Buffer.from(bytes), "cp932"), encoding: "cp932" };
}

/** A cell without the spaces around it and without a spreadsheet's ="…" guard. */
export function cellText(value: string | undefined): string {
  const text = (value ?? "").trim();
  const guarded = /^="(.*)"$/.exec(text);
  return guarded ? guarded[1]!.trim() : text;
}

/**
 * CSV rows with their 1-based line numbers (RFC 4180 quoting; CRLF, LF or CR). Lines
 * with nothing but commas and spaces are skipped.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== "")) rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") {
      quoted = true;
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  if (cell !== "" || cells.length) endRow();
  return rows;
}
