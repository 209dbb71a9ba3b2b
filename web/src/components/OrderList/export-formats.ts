import { exportFormatLabels as sharedExportFormatLabels } from "@okuru/core/shared/export-formats";
import type { ExportFormat, ExportQueued, ExportResult, ExportStatus } from "../../lib/api";

/** The carrier software files of POST /api/exports, named as the server names them in its reasons. */
export const exportFormatLabels = sharedExportFormatLabels satisfies Record<ExportFormat, string>;

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
    again: status.again,
    excluded: status.excluded,
    warnings: status.warnings,
  };
}

/** The bar's value: orders read so far, in whole percent. */
export function jobPercent(status: ExportStatus): number {
  const { done, total } = status.progress;
  return total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
}
