import { Alert } from "@mantine/core";
import { IconCloudUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { LabelIssueReq } from "../../lib/api";
import { brandQueryOptions } from "../../queries/brands";
import { useIssueLabels } from "../../queries/labels";
import { JobSummary, jobWords } from "../BatchJob/BatchJobModal";
import { LabelBatchModal, useLabelBatch } from "../LabelBatch/LabelBatchModal";
import { FailedOrders } from "./FailedOrders";
import { labelBatchView } from "./order-bulk";

/** 送り状発行 as one flow (BatchJob): `start` sends the selected orders (id → number), kept to name the results. */
export function useLabelIssue({ onAccepted }: { onAccepted: () => void }) {
  return useLabelBatch<LabelIssueReq, string>(useIssueLabels(), (ids) => ({ order_ids: ids }), {
    onAccepted,
  });
}

export type LabelIssue = ReturnType<typeof useLabelIssue>;

const words = jobWords({ title: "送り状発行", action: "発行", request: "送り状の発行" });

/** The batch from its acceptance to its summary: progress, each PDF as it is ready, the orders that failed. */
export function LabelIssueModal({ flow }: { flow: LabelIssue }) {
  // Read when the dialog opens: whether the brand sends the new numbers to the shops by itself.
  const brand = useQuery({ ...brandQueryOptions(), enabled: flow.request !== null });
  return (
    <LabelBatchModal
      flow={flow}
      words={words}
      view={labelBatchView}
      pdfsOf={(view) => view.parts}
      pdfNote="できたものから印刷できます。リンクの有効期限は15分です。"
      summary={(view) => (
        <>
          <JobSummary
            done={view.issued > 0}
            title={
              view.issued > 0
                ? `${view.issued}件の注文に送り状を発行しました（${view.labels}枚）`
                : "送り状を発行できた注文はありません"
            }
          />
          {view.issued > 0 && brand.data?.autoUploadTracking && (
            <Alert
              color="blue"
              icon={<IconCloudUpload size={18} />}
              title="追跡番号を自動でアップロードします"
            >
              ブランド設定により、発行した送り状の追跡番号をストアへ自動でアップロードしています。結果は出荷履歴で確認できます。
            </Alert>
          )}
          {view.failed.length > 0 && <FailedOrders title="発行できなかった注文" orders={view.failed} />}
        </>
      )}
    />
  );
}
