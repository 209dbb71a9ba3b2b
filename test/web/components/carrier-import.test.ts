import { describe, expect, it } from "vitest";
import {
  fileProblem,
  fileSizeLabel,
  importFormatChoices,
  importFormatLabels,
  importReport,
  MAX_IMPORT_BYTES,
  MAX_UPLOAD_BYTES,
  toBase64,
} from "../../../web/src/components/CarrierImport/import-formats";
import {
  exportJobResult,
  isQueuedExport,
  jobPercent,
} from "../../../web/src/components/OrderList/export-formats";
import type { ExportStatus, ImportResult } from "../../../web/src/lib/api";

describe("the import dialog", () => {
  it("offers the three issued-data files by their carriers' names, and the order-number file", () => {
    expect(importFormatChoices.map((format) => importFormatLabels[format])).toEqual([
      "B2クラウド 発行済みデータ",
      "e飛伝Ⅲ 出荷実績",
      "ゆうプリR 発行済みデータ",
      "注文番号と追跡番号のCSV（クリックポストなど）",
    ]);
  });

  it("refuses an empty or too large file before sending it, and takes one at the upload limit", () => {
    expect(fileProblem({ size: 0 })).toBe(
      "ファイルが空です。配送会社のソフトから出力したファイルを選択してください。",
    );
    expect(fileProblem({ size: MAX_UPLOAD_BYTES + 1 })).toBe(
      "ファイルが大きすぎます（上限 20MB）。分けて取り込んでください。",
    );
    // Over the inline limit goes through the presigned upload instead (importBody).
    expect(fileProblem({ size: MAX_IMPORT_BYTES + 1 })).toBeNull();
    expect(fileProblem({ size: MAX_UPLOAD_BYTES })).toBeNull();
    expect([fileSizeLabel(512), fileSizeLabel(2048), fileSizeLabel(1536)]).toEqual(["512B", "2KB", "1.5KB"]);
  });

  it("sends the bytes as they are, CP932 included, even past the call stack's argument limit", () => {
    const sjis = Uint8Array.from([0x8d, 0x82, 0x8b, 0xb4, 0x2c, 0x0d, 0x0a]); // 高橋,CRLF
    expect(toBase64(sjis)).toBe(Buffer.from(sjis).toString("base64"));
    const large = Uint8Array.from({ length: 300_000 }, (_, i) => i % 256);
    expect(toBase64(large)).toBe(Buffer.from(large).toString("base64"));
  });

  it("counts each kind of row and lists the problem rows in file order", () => {
    const row = (line: number) => ({ line, reference: `R${line}`, trackingNumber: `N${line}` });
    const result: ImportResult = {
      importId: "imp_1",
      format: "yamato_b2",
      matched: [{ ...row(2), orderId: "o2", shipmentId: "s2" }],
      unchanged: [{ ...row(3), orderId: "o3", shipmentId: "s3" }],
      unmatched: [{ ...row(6), reason: "見つかりません" }],
      rejected: [{ ...row(4), reason: "チェックデジット" }],
    };
    const report = importReport(result);
    expect([report.matched, report.unchanged, report.unmatched, report.rejected]).toEqual([1, 1, 1, 1]);
    expect(report.problems.map((p) => [p.line, p.reference, p.kindLabel, p.reason])).toEqual([
      [4, "R4", "エラー", "チェックデジット"],
      [6, "R6", "該当なし", "見つかりません"],
    ]);
  });
});

describe("a queued export in the CSV出力 dialog", () => {
  const status = (over: Partial<ExportStatus> = {}): ExportStatus => ({
    exportId: "exp_1",
    format: "yamato_b2",
    status: "running",
    progress: { done: 25, total: 101 },
    filename: null,
    url: null,
    included: [],
    again: [],
    warnings: [],
    excluded: [],
    error: null,
    ...over,
  });

  it("tells a queued answer from a file made at once", () => {
    expect(isQueuedExport({ exportId: "exp_1", status: "running" })).toBe(true);
    expect(
      isQueuedExport({
        exportId: "exp_1",
        format: "clickpost",
        filename: "f.csv",
        url: null,
        included: [],
        again: [],
        warnings: [],
        excluded: [],
      }),
    ).toBe(false);
  });

  it("shows the share of orders read, and the finished job as the file's summary", () => {
    expect(jobPercent(status())).toBe(24);
    expect(jobPercent(status({ progress: { done: 0, total: 0 } }))).toBe(0);
    expect(
      exportJobResult(status({ status: "done", filename: "a.csv", url: "https://x", included: ["o1"] })),
    ).toEqual({
      exportId: "exp_1",
      format: "yamato_b2",
      filename: "a.csv",
      url: "https://x",
      included: ["o1"],
      again: [],
      warnings: [],
      excluded: [],
    });
  });
});
