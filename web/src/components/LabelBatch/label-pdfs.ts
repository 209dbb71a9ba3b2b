import type { LabelBatchStatus } from "../../lib/api";
import { carrierLabels } from "../../lib/route-values";

/** One PDF of a label batch (送り状発行 or 再発行) as its dialog links it. */
export interface LabelPdf {
  /** The same file in every read of the batch (its URL is signed afresh each time). */
  key: string;
  /** "ヤマト運輸 3枚". */
  title: string;
  url: string;
}

/** Each finished part's PDF, in part order: the first can be printed while the rest render. */
export function labelPdfs(status: LabelBatchStatus): LabelPdf[] {
  return status.parts.map((part) => ({
    key: `${part.part}:${part.carrier}`,
    title: `${carrierLabels[part.carrier]} ${part.labels}枚`,
    url: part.url,
  }));
}

/** Once the batch is done and they are drawn: one PDF per carrier for the whole batch, in selection order. */
export function combinedPdfs(status: LabelBatchStatus): LabelPdf[] {
  return (status.files ?? []).map((file) => ({
    key: `all:${file.carrier}`,
    title: `${carrierLabels[file.carrier]} ${file.labels}枚（まとめて1つのPDF）`,
    url: file.url,
  }));
}

/** The URL the batch now gives the file `key`, if it still has it. */
export function pdfUrlOf(status: LabelBatchStatus, key: string): string | undefined {
  return [...combinedPdfs(status), ...labelPdfs(status)].find((pdf) => pdf.key === key)?.url;
}

/** Links are read again this long before they expire: a click and the PDF's load must fit in it. */
export const URL_MARGIN_MS = 60_000;
/** How long the API's links last when the URL does not say (15 minutes). */
const URL_LIFETIME_MS = 15 * 60_000;

/**
 * When a presigned URL stops working: its own X-Amz-Date and X-Amz-Expires, or else 15
 * minutes after the status that gave it was read.
 */
export function urlExpiresAt(url: string, readAt: number): number {
  try {
    const params = new URL(url).searchParams;
    const signed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get("X-Amz-Date") ?? "");
    const seconds = Number(params.get("X-Amz-Expires"));
    if (signed && seconds > 0) {
      const [, y, mo, d, h, mi, s] = signed.map(Number) as number[];
      return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + seconds * 1000;
    }
  } catch {
    // Not a URL we can read: the lifetime the API gives its links.
  }
  return readAt + URL_LIFETIME_MS;
}
