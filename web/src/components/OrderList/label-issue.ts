import type { LabelIssueReq } from "../../lib/api";
import { useIssueLabels } from "../../queries/labels";
import { useLabelBatch } from "../LabelBatch/label-batch";
import { useStartPosition } from "../LabelBatch/start-position";

/**
 * 送り状発行 as one flow (BatchJob): `start` sends the selected orders (id → number), kept
 * to name the results, from the chosen 印刷開始位置 (`startPosition`, back to 1 once sent).
 */
export function useLabelIssue({ onAccepted }: { onAccepted: () => void }) {
  const startPosition = useStartPosition();
  const flow = useLabelBatch<LabelIssueReq, string>(
    useIssueLabels(),
    (ids) => ({ order_ids: ids, ...startPosition.body() }),
    {
      onAccepted: () => {
        startPosition.reset();
        onAccepted();
      },
    },
  );
  return { ...flow, startPosition };
}

export type LabelIssue = ReturnType<typeof useLabelIssue>;
