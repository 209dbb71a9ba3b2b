import type { LabelIssueReq } from "../../lib/api";
import { useIssueLabels } from "../../queries/labels";
import { useLabelBatch } from "../LabelBatch/label-batch";

/**
 * 送り状発行 as one flow (BatchJob): `start` sends the selected orders (id → number), kept
 * to name the results, from the chosen 印刷開始位置 (`startPosition`).
 */
export function useLabelIssue({ onAccepted }: { onAccepted: () => void }) {
  return useLabelBatch<LabelIssueReq, string>(useIssueLabels(), (ids) => ({ order_ids: ids }), {
    onAccepted,
  });
}

export type LabelIssue = ReturnType<typeof useLabelIssue>;
