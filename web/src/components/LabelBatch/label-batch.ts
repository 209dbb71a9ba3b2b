import type { UseMutationResult } from "@tanstack/react-query";
import { type JobRequest, useBatchJob } from "../BatchJob/batch-job";
import { type StartPositionBody, useStartPosition } from "./start-position";

/** What a label batch answers when it is accepted: the batch to follow. */
export type LabelAccepted = { labelId: string };

/**
 * The flow of a label batch (送り状発行, 再発行) for a selection keyed by id: `start` sends
 * the ids the selection holds, from the chosen 印刷開始位置 (`startPosition`, back to 1 once
 * the batch is accepted), and keeps a copy of the selection to name the results.
 */
export function useLabelBatch<Body extends StartPositionBody, Value>(
  mutation: UseMutationResult<LabelAccepted, Error, JobRequest<Body>>,
  bodyOf: (ids: string[]) => Omit<Body, keyof StartPositionBody>,
  { onAccepted }: { onAccepted: () => void },
) {
  const startPosition = useStartPosition();
  const flow = useBatchJob<Body, LabelAccepted, ReadonlyMap<string, Value>>(mutation, {
    onAccepted: () => {
      startPosition.reset();
      onAccepted();
    },
  });
  return {
    ...flow,
    startPosition,
    start: (selection: ReadonlyMap<string, Value>) =>
      flow.start({ ...bodyOf([...selection.keys()]), ...startPosition.body() } as Body, new Map(selection)),
  };
}
