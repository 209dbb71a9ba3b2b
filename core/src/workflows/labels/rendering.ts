import type { Queue } from "../../queue";

/**
 * What the API needs of a part's rendering after a cancel, without the renderer itself
 * (render-part.ts, run by the label-job consumer): the API never draws a PDF.
 */

/** The message that asks for rendering `renders` of a part (cancel.ts sends it, the sweep again). */
export function renderRequest(labelId: string, part: number, renders: number): Queue.Draft<"labelJob"> {
  return {
    kind: "label_render",
    dedupeKey: `label-render:${labelId}:${part}:${renders}`,
    jobId: labelId,
    part,
    renders,
  };
}

/** Whether the part still waits for the rendering its last cancel asked for. */
export const awaitsRendering = (part: { renders?: number; rendered?: number }) =>
  (part.renders ?? 0) !== (part.rendered ?? 0);
