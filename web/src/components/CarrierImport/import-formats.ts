import type { ImportFormat, ImportResult } from "../../lib/api";

/**
 * The carriers' issued-data files POST /api/imports reads, in the order the dialog lists
 * them. Core's table lives in a server-only module, so the names are kept here once for
 * the browser; a format the API adds or drops fails the typecheck through ImportFormat.
 */
export const importFormatLabels = {
  yamato_b2: "B2クラウド 発行済みデータ",
  sagawa_ehiden3: "e飛伝Ⅲ 出荷実績",
  japan_post_yuprir: "ゆうプリR 発行済みデータ",
} as const satisfies Record<ImportFormat, string>;

export const importFormatChoices = Object.keys(importFormatLabels) as ImportFormat[];

/**
 * The largest file the API takes (core/src/import MAX_FILE_BYTES; the API test
 * test/functions/api/export-jobs.test.ts fails if the two part). Checked here first,
 * so a file that would be refused is never sent.
 */
export const MAX_IMPORT_BYTES = 700 * 1024;

/** Why a chosen file cannot be sent, or null when it can. */
export function fileProblem(file: { size: number }): string | null {
  if (file.size === 0) return "ファイルが空です。配送会社のソフトから出力したファイルを選択してください。";
  if (file.size > MAX_IMPORT_BYTES)
    return `ファイルが大きすぎます（上限 ${Math.floor(MAX_IMPORT_BYTES / 1024)}KB）。分けて取り込んでください。`;
  return null;
}

/** "12.3KB" for the chosen file's line. */
export const fileSizeLabel = (bytes: number) =>
  bytes < 1024 ? `${bytes}B` : `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")}KB`;

/** The file's bytes as the API takes them (`content_base64`), in chunks so a large file does not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type ImportProblemKind = "unmatched" | "rejected";

export interface ImportProblemRow {
  line: number;
  reference: string;
  trackingNumber: string;
  kind: ImportProblemKind;
  kindLabel: string;
  reason: string;
}

export interface ImportReport {
  matched: number;
  unchanged: number;
  unmatched: number;
  rejected: number;
  /** Rows that did not become shipments and need the merchant's eye, in file order. */
  problems: ImportProblemRow[];
}

const kindLabels: Record<ImportProblemKind, string> = { unmatched: "該当なし", rejected: "エラー" };

export function importReport(result: ImportResult): ImportReport {
  const problems = [
    ...result.unmatched.map((row) => ({ ...row, kind: "unmatched" as const })),
    ...result.rejected.map((row) => ({ ...row, kind: "rejected" as const })),
  ]
    .map((row) => ({
      line: row.line,
      reference: row.reference,
      trackingNumber: row.trackingNumber,
      kind: row.kind,
      kindLabel: kindLabels[row.kind],
      reason: row.reason,
    }))
    .sort((a, b) => a.line - b.line);
  return {
    matched: result.matched.length,
    unchanged: result.unchanged.length,
    unmatched: result.unmatched.length,
    rejected: result.rejected.length,
    problems,
  };
}
