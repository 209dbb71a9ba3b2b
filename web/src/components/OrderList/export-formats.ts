import type { ExportFormat, ExportQueued, ExportResult, ExportStatus } from "../../lib/api";

/**
 * The carrier software files of POST /api/exports, in the order the menu lists them.
 * Core's own table (core/src/export `formatLabels`) lives in a server-only module, so
 * the names are kept here once for the browser; a format the API adds or drops fails
 * the typecheck through ExportFormat.
 */
export const exportFormatLabels = {
  yamato_b2: "B2クラウド",
  sagawa_ehiden3: "e飛伝Ⅲ",
  japan_post_yuprir: "ゆうプリR",
  clickpost: "クリックポスト",
} as const satisfies Record<ExportFormat, string>;

export const exportFormatChoices = Object.keys(exportFormatLabels) as ExportFormat[];

/** POST /api/exports answers the file (201) or, for a large selection, an export id to follow (202). */
export function isQueuedExport(answer: ExportResult | ExportQueued): answer is ExportQueued {
  return "status" in answer;
}

/** A finished queued export in the shape of a file made at once, so both show the same summary. */
export function exportJobResult(status: ExportStatus): ExportResult {
  return {
    exportId: status.exportId,
    format: status.format,
    filename: status.filename ?? "",
    url: status.url,
    included: status.included,
    excluded: status.excluded,
  };
}

/** The bar's value: orders read so far, in whole percent. */
export function jobPercent(status: ExportStatus): number {
  const { done, total } = status.progress;
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}
