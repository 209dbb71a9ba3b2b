import { JobSummary, jobWords } from "../BatchJob/BatchJobModal";
import { LabelBatchModal } from "../LabelBatch/LabelBatchModal";
import { startPositionNote } from "../LabelBatch/StartPosition";
import { FailedItems } from "./FailedItems";
import type { Reissue } from "./reissue";
import { reissueView } from "./shipment-history";

const words = jobWords({ title: "送り状の再発行", action: "再発行" });

/**
 * The reissue from its acceptance to its summary: progress, each PDF as it is ready,
 * what could not be printed. The reprinted shipments have a new label id and printed
 * time once the batch is done (LabelBatchModal reads them again).
 */
export function ReissueModal({ flow }: { flow: Reissue }) {
  return (
    <LabelBatchModal
      flow={flow}
      words={words}
      view={reissueView}
      pdfsOf={(view) => view.pdfs}
      pdfNote={`追跡番号は前と同じです。前に印刷した送り状は使わずに破棄してください。${startPositionNote(flow.request?.body.start_position ?? 1)}`}
      summary={(view) => (
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
    />
  );
}
