import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { LabelBatchStatus } from "../../lib/api";
import { labelBatchQueryOptions, useInvalidateAfterLabels } from "../../queries/labels";
import { BatchJobModal, type JobFlow, type JobWords } from "../BatchJob/BatchJobModal";
import type { JobProgressView } from "../BatchJob/batch-job";
import { PdfLinks } from "./BatchProgress";
import type { LabelAccepted } from "./label-batch";
import { combinedPdfs, type LabelPdf, pdfUrlOf, urlExpiresAt } from "./label-pdfs";

/** What the bar says for every label batch: it renders the PDFs. */
const barWords = { running: "送り状を作成しています…", progressLabel: "送り状の作成状況" };

/**
 * A label batch from its acceptance to its summary: progress, each part's PDF as it is
 * ready (with `pdfNote` under the links), once done one PDF per carrier for the whole
 * batch instead, then `summary`. A link is read again before it is followed when its URL
 * has expired (they last 15 minutes), so no link in the dialog is dead. The orders and
 * shipments it printed are read again when it is done.
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
  /** The parts' PDFs, offered while the batch runs (and if its combined files are not there). */
  pdfsOf: (view: View) => readonly LabelPdf[];
  /** What this kind of batch adds under the links. */
  pdfNote: string;
  summary: (view: View) => ReactNode;
}) {
  const invalidate = useInvalidateAfterLabels();
  const queryClient = useQueryClient();
  const labelId = flow.mutation.data?.labelId;
  const readAt = () =>
    labelId ? (queryClient.getQueryState(labelBatchQueryOptions(labelId).queryKey)?.dataUpdatedAt ?? 0) : 0;
  const fresh = async (key: string) => {
    if (!labelId) return undefined;
    const status = await queryClient.fetchQuery({ ...labelBatchQueryOptions(labelId), staleTime: 0 });
    return pdfUrlOf(status, key);
  };
  return (
    <BatchJobModal
      flow={flow}
      words={{ ...words, ...barWords }}
      jobIdOf={(accepted) => accepted.labelId}
      job={labelBatchQueryOptions}
      view={(status, names) => ({ ...view(status, names), combined: combinedPdfs(status) })}
      onFinished={() => void invalidate()}
    >
      {(current) => (
        <>
          <PdfLinks
            pdfs={current.combined.length ? current.combined : pdfsOf(current)}
            note={`${current.combined.length ? "配送会社ごとに、選んだ順で1つのPDFにまとめました。" : "できたものから印刷できます。"}${pdfNote}`}
            expiresAt={(url) => urlExpiresAt(url, readAt())}
            fresh={fresh}
          />
          {current.finished && summary(current)}
        </>
      )}
    </BatchJobModal>
  );
}
