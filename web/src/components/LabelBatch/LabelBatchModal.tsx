import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { LabelBatchStatus } from "../../lib/api";
import { labelBatchQueryOptions, useInvalidateAfterLabels } from "../../queries/labels";
import { BatchJobModal, type JobFlow, type JobWords } from "../BatchJob/BatchJobModal";
import { type JobProgressView, type JobRequest, useBatchJob } from "../BatchJob/batch-job";
import { PdfLinks } from "./BatchProgress";
import type { LabelPdf } from "./label-pdfs";

/** What a label batch answers when it is accepted: the batch to follow. */
type LabelAccepted = { labelId: string };

/**
 * The flow of a label batch (送り状発行, 再発行) for a selection keyed by id: `start`
 * sends the ids the selection holds and keeps a copy of it to name the results.
 */
export function useLabelBatch<Body, Value>(
  mutation: UseMutationResult<LabelAccepted, Error, JobRequest<Body>>,
  bodyOf: (ids: string[]) => Body,
  { onAccepted }: { onAccepted: () => void },
) {
  const flow = useBatchJob<Body, LabelAccepted, ReadonlyMap<string, Value>>(mutation, { onAccepted });
  return {
    ...flow,
    start: (selection: ReadonlyMap<string, Value>) =>
      flow.start(bodyOf([...selection.keys()]), new Map(selection)),
  };
}

/** What the bar says for every label batch: it renders the PDFs. */
const barWords = { running: "送り状を作成しています…", progressLabel: "送り状の作成状況" };

/**
 * A label batch from its acceptance to its summary: progress, each PDF as it is
 * ready (with `pdfNote` under the links), then `summary` once the batch is done. The
 * orders and shipments it printed are read again when it is done.
 */
export function LabelBatchModal<Body, Names, View extends JobProgressView>({
  flow,
  words,
  view,
  pdfsOf,
  pdfNote,
  summary,
}: {
  flow: JobFlow<Body, LabelAccepted, Names>;
  /** The words of this kind of batch; the bar's are the same for every label batch. */
  words: Omit<JobWords, keyof typeof barWords>;
  view: (status: LabelBatchStatus, names: Names) => View;
  pdfsOf: (view: View) => readonly LabelPdf[];
  pdfNote: string;
  summary: (view: View) => ReactNode;
}) {
  const invalidate = useInvalidateAfterLabels();
  return (
    <BatchJobModal
      flow={flow}
      words={{ ...words, ...barWords }}
      jobIdOf={(accepted) => accepted.labelId}
      job={labelBatchQueryOptions}
      view={view}
      onFinished={() => void invalidate()}
    >
      {(current) => (
        <>
          <PdfLinks pdfs={pdfsOf(current)} note={pdfNote} />
          {current.finished && summary(current)}
        </>
      )}
    </BatchJobModal>
  );
}
