import type { UseMutationResult } from "@tanstack/react-query";
import { type JobRequest, useBatchJob } from "../BatchJob/batch-job";

/** What a label batch answers when it is accepted: the batch to follow. */
export type LabelAccepted = { labelId: string };

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
