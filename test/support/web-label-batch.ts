import type { LabelBatchStatus } from "../../web/src/lib/api";

/** A label batch as the client reads its status: running, none of its 3 labels made yet. */
export const labelBatchStatus = (overrides: Partial<LabelBatchStatus> = {}): LabelBatchStatus => ({
  labelId: "label_01",
  status: "running",
  progress: { done: 0, total: 3 },
  parts: [],
  results: [],
  ...overrides,
});
