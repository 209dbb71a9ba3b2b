import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { LabelBatchEntity, type LabelFile, LabelPartEntity } from "../../entities/shipment/entity";
import { Queue } from "../../queue";
import { awaitsRendering } from "./rendering";

/**
 * What the API and the sweep need of a batch's combined files (one PDF per carrier for
 * the whole batch), without the renderer (combine.ts, run by the label-job consumer).
 *
 * The parts' version is the number of renderings cancels asked for, over all parts: it
 * moves on with every cancel that takes labels out of a part, so combined files drawn for
 * an earlier version still hold a cancelled label and are not offered.
 */

type PartRenders = { renders?: number; rendered?: number };

export const partsVersion = (parts: PartRenders[]) => parts.reduce((sum, p) => sum + (p.renders ?? 0), 0);

/** Every part recorded and drawn as it stands: what the combined files are drawn from. */
export const partsSettled = (batch: { done: number; total: number }, parts: PartRenders[]) =>
  batch.done >= batch.total && !parts.some(awaitsRendering);

/** Whether the batch's combined files are drawn for its parts as they stand. */
export const combinedCurrent = (
  batch: { done: number; total: number; combined?: number },
  parts: PartRenders[],
) => partsSettled(batch, parts) && batch.combined === partsVersion(parts);

/** The message that asks for the combined files of `version` (the sweep sends the same again). */
export function combineRequest(labelId: string, version: number): Queue.Draft<"labelJob"> {
  return { kind: "label_combine", dedupeKey: `label-combine:${labelId}:${version}`, jobId: labelId, version };
}

/**
 * Asks for the combined files once the batch is settled and they are not drawn for its
 * parts as they stand: run after a part is recorded or drawn again. Several consumers
 * finishing at once ask under one key, so the files are drawn once. A message SQS does
 * not take is asked for again by the sweep (redrive/jobs.ts), the batch being in its
 * index until its combined files are current. `partFiles`, from the consumer that just
 * recorded a part: when that part is the whole batch and no cancel has touched it, its
 * files are the combined ones already (selection order, start position), and no
 * message is needed.
 */
export async function requestCombinedWhenSettled(labelId: string, partFiles?: LabelFile[]): Promise<void> {
  const key = { tenantId: useTenantID(), jobId: labelId };
  const { data: batch } = await LabelBatchEntity.get(key).go({ consistent: true });
  if (!batch || batch.done < batch.total) return;
  const { data: parts } = await LabelPartEntity.query
    .byJob(key)
    .go({ pages: "all", consistent: true, attributes: ["part", "renders", "rendered"] });
  if (!partsSettled(batch, parts) || combinedCurrent(batch, parts)) return;
  const version = partsVersion(parts);
  if (partFiles && batch.parts === 1 && version === 0) {
    const taken = await LabelBatchEntity.patch(key)
      .set({ combined: 0, combinedFiles: partFiles })
      .where((attr, op) => op.notExists(attr.combined))
      .go({ response: "none" })
      .then(
        () => true,
        (err) => {
          if (isConditionalFailure(err)) return false;
          throw err;
        },
      );
    if (taken) return;
  }
  await Queue.send("labelJob", [combineRequest(labelId, version)]);
}
