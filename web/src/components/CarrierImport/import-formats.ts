import { type Carrier, carrierLabels, carriers } from "@okuru/core/shared/brand";
import {
  createImportUpload,
  type ExportFormat,
  type ImportFormat,
  type ImportReq,
  type ImportResult,
} from "../../lib/api";
import { exportFormatLabels } from "../OrderList/export-formats";

/**
 * The issued-data file of each carrier's software (the software named as in the CSV出力
 * menu): what the file is called there, and the menu item that saves it.
 */
const issuedDataFiles = {
  yamato_b2: { name: "発行済みデータ", menu: "発行済みデータの出力" },
  sagawa_ehiden3: { name: "出荷実績", menu: "出荷実績" },
  japan_post_yuprir: { name: "発行済みデータ", menu: "発送済みデータ" },
} as const satisfies Partial<Record<ImportFormat & ExportFormat, { name: string; menu: string }>>;

type IssuedDataFormat = keyof typeof issuedDataFiles;

/** One text per carrier file, from its software's name and the file. */
function perIssuedDataFile(
  text: (software: string, file: { name: string; menu: string }) => string,
): Record<IssuedDataFormat, string> {
  return Object.fromEntries(
    (Object.keys(issuedDataFiles) as IssuedDataFormat[]).map((format) => [
      format,
      text(exportFormatLabels[format], issuedDataFiles[format]),
    ]),
  ) as Record<IssuedDataFormat, string>;
}

/**
 * The files POST /api/imports reads, in the order the dialog lists them: the carriers'
 * issued-data files, then the two-column file for numbers no carrier file brings back
 * (クリックポスト). Core's table lives in a server-only module, so the names are kept here
 * once for the browser; a format the API adds or drops fails the typecheck through ImportFormat.
 */
export const importFormatLabels: Record<ImportFormat, string> = {
  ...perIssuedDataFile((software, file) => `${software} ${file.name}`),
  order_numbers: "注文番号と追跡番号のCSV（クリックポストなど）",
};

export const importFormatChoices = Object.keys(importFormatLabels) as ImportFormat[];

/** What each format is, under its name in the dialog. */
export const importFormatHints: Record<ImportFormat, string> = {
  ...perIssuedDataFile((software, file) => `${software}の「${file.menu}」で保存したCSV`),
  order_numbers:
    "1列目に注文番号（#1001 など）、2列目に12桁の追跡番号を書いたCSV。見出し行はあってもなくても構いません。配送会社を選んでください（クリックポストは日本郵便）。",
};

/** Formats whose rows name the order by the shop's order number instead of our お客様管理番号. */
export const referenceLabel = (format: ImportFormat) =>
  format === "order_numbers" ? "注文番号" : "お客様管理番号";

/** The carriers a two-column file can be for, by name (クリックポスト is 日本郵便). */
export const importCarrierChoices = carriers.map((carrier) => ({
  value: carrier,
  label:
    carrier === "japan_post"
      ? `${carrierLabels[carrier]}（クリックポスト・ゆうパック）`
      : carrierLabels[carrier],
}));

/**
 * A file up to this size travels in the JSON body (core/src/import MAX_FILE_BYTES; the
 * API test test/functions/api/export-jobs.test.ts fails if the two part); a larger one
 * is uploaded to S3 first, automatically.
 */
export const MAX_IMPORT_BYTES = 700 * 1024;
/** The largest file the API takes through the upload (core/src/import MAX_UPLOAD_BYTES; the API answers `max_bytes`). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Why a chosen file cannot be sent, or null when it can. */
export function fileProblem(file: { size: number }): string | null {
  if (file.size === 0) return "ファイルが空です。配送会社のソフトから出力したファイルを選択してください。";
  if (file.size > MAX_UPLOAD_BYTES)
    return `ファイルが大きすぎます（上限 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB）。分けて取り込んでください。`;
  return null;
}

/** "12.3KB" / "3.4MB" for the chosen file's line. */
export const fileSizeLabel = (bytes: number) =>
  bytes < 1024
    ? `${bytes}B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1).replace(/\.0$/, "")}KB`
      : `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")}MB`;

/** The file's bytes as the API takes them (`content_base64`), in chunks so a large file does not overflow the call stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The body of POST /api/imports for a chosen file: inline up to MAX_IMPORT_BYTES,
 * otherwise PUT to the presigned URL of POST /api/imports/uploads and named by its key.
 */
export async function importBody(
  file: Blob,
  format: ImportFormat,
  carrier: Carrier | null,
  put: typeof fetch = fetch,
): Promise<ImportReq> {
  const target = format === "order_numbers" && carrier ? { format, carrier } : { format };
  if (file.size <= MAX_IMPORT_BYTES)
    return { ...target, content_base64: toBase64(new Uint8Array(await file.arrayBuffer())) };
  const upload = await createImportUpload({ size: file.size });
  const response = await put(upload.url, { method: "PUT", body: file });
  if (!response.ok)
    throw new Error("ファイルをアップロードできませんでした。通信状態を確認して、もう一度お試しください。");
  return { ...target, upload_key: upload.uploadKey };
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
