import { carrierLabels } from "@okuru/core/shared/brand";
import type { LabelBatchStatus } from "../../lib/api";

/** One finished part of a label batch (送り状発行 or 再発行) as its dialog links it. */
export interface LabelPdf {
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
