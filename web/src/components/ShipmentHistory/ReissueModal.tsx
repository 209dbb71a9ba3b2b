import type { ShipmentReissueReq } from "../../lib/api";
import { labelBatchQueryOptions, useInvalidateAfterLabels } from "../../queries/labels";
import { useReissueShipments } from "../../queries/shipments";
import { BatchJobModal, JobSummary } from "../BatchJob/BatchJobModal";
import { useBatchJob } from "../BatchJob/batch-job";
import { PdfLinks } from "../LabelBatch/BatchProgress";
import { FailedItems } from "./FailedItems";
import { reissueView, type ShipmentSelection } from "./shipment-history";

/** 再発行 as one flow (BatchJob): the shipments sent are kept to name the results. */
export function useReissue({ onAccepted }: { onAccepted: () => void }) {
  const flow = useBatchJob<ShipmentReissueReq, { labelId: string }, ShipmentSelection>(
    useReissueShipments(),
    {
      onAccepted,
    },
  );
  return {
    ...flow,
    start: (shipments: ShipmentSelection) =>
      flow.start({ shipment_ids: [...shipments.keys()] }, new Map(shipments)),
  };
}

export type Reissue = ReturnType<typeof useReissue>;

const words = {
  title: "送り状の再発行",
  startFailed: "再発行を開始できませんでした",
  accepting: "再発行を受け付けています…",
  checking: "再発行の状況を確認しています…",
  running: "送り状を作成しています…",
  finished: "再発行が完了しました",
  progressLabel: "送り状の作成状況",
  continues: "閉じても再発行は続きます。",
};

/** The reissue from its acceptance to its summary: progress, each PDF as it is ready, what could not be printed. */
export function ReissueModal({ flow }: { flow: Reissue }) {
  // The reprinted shipments have a new label id and printed time once the batch is done.
  const invalidate = useInvalidateAfterLabels();
  return (
    <BatchJobModal
      flow={flow}
      words={words}
      jobIdOf={(accepted) => accepted.labelId}
      job={labelBatchQueryOptions}
      view={reissueView}
      onFinished={() => void invalidate()}
    >
      {(view) => (
        <>
          <PdfLinks
            pdfs={view.pdfs}
            note="追跡番号は前と同じです。前に印刷した送り状は使わずに破棄してください。リンクの有効期限は15分です。"
          />
          {view.finished && (
            <>
              <JobSummary
                done={view.reissued > 0}
                title={
                  view.reissued > 0
                    ? `${view.reissued}件の送り状を再発行しました`
                    : "再発行できた送り状はありません"
                }
              />
              {view.failed.length > 0 && <FailedItems title="再発行できなかった出荷" items={view.failed} />}
            </>
          )}
        </>
      )}
    </BatchJobModal>
  );
}
