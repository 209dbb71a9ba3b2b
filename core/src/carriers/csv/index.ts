import { clickpost } from "./clickpost";
import { runExport } from "./csv";
import { parseIssued } from "./issued";
import { japanPostYuprir } from "./japan-post-yuprir";
import { sagawaEhiden3 } from "./sagawa-ehiden3";
import type {
  ExportFormat,
  ExportOptions,
  ExportOrder,
  ExportResult,
  IssuedFileResult,
  IssuedFormat,
} from "./types";
import { yamatoB2 } from "./yamato-b2";

/**
 * The carrier software hand-off files (docs/carriers.md, docs/carriers.md#rules-for-every-carrier-file):
 * pure functions from orders to file bytes and from the carriers' issued-data files to tracking numbers.
 * No clock: the caller passes today's date, so the same orders give the same bytes.
 */

export * from "./types";

/**
 * The file for one carrier's software. Orders that cannot be fitted without losing
 * meaning are left out and listed with their reasons; the rest are written in order.
 */
export function exportFile<F extends ExportFormat>(
  format: F,
  orders: readonly ExportOrder<F>[],
  options: ExportOptions,
): ExportResult {
  switch (format) {
    case "yamato_b2":
      return runExport(yamatoB2, orders as readonly ExportOrder<"yamato_b2">[], options);
    case "sagawa_ehiden3":
      return runExport(sagawaEhiden3, orders as readonly ExportOrder<"sagawa_ehiden3">[], options);
    case "japan_post_yuprir":
      return runExport(japanPostYuprir, orders as readonly ExportOrder<"japan_post_yuprir">[], options);
    case "clickpost":
      return runExport(clickpost, orders as readonly ExportOrder<"clickpost">[], options);
    default:
      throw new RangeError(`unknown export format: ${String(format)}`);
  }
}

/** Tracking numbers from a carrier's issued-data file (B2クラウド 発行済みデータ, e飛伝Ⅲ 出荷実績, ゆうプリR 発行済みデータ). */
export function parseIssuedFile(format: IssuedFormat, bytes: Uint8Array): IssuedFileResult {
  return parseIssued(format, bytes);
}

/** Header texts and column counts, for screens that explain a format. */
export const formatColumns: Record<ExportFormat, { no: number; header: string }[]> = {
  yamato_b2: yamatoB2.columns.map(({ no, header }) => ({ no, header })),
  sagawa_ehiden3: sagawaEhiden3.columns.map(({ no, header }) => ({ no, header })),
  japan_post_yuprir: japanPostYuprir.columns.map(({ no, header }) => ({ no, header })),
  clickpost: clickpost.columns.map(({ no, header }) => ({ no, header })),
};
