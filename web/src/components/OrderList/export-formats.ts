import type { ExportFormat } from "../../lib/api";

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
