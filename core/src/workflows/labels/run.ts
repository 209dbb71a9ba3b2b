/**
 * What the label-job consumer runs (functions/src/queue/label-job.ts): a part of a
 * batch or a reissue, a part drawn again after a cancel, a part that failed for good,
 * the batch's combined files (one PDF per carrier),
 * and the check of a message against its batch. Kept apart from `Labels`, which the API
 * uses, because these load the label renderer (fonts, PDF), which the API never needs.
 */

export { failPart } from "./batch";
export { combineBatch } from "./combine";
export { runPart } from "./issue-part";
export { checkPartMessage, type PartVerdict } from "./part-check";
export { runReissuePart } from "./reissue-part";
export { renderPart } from "./render-part";
export * as LabelRun from "./run";
