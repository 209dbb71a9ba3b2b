import { useTenantID } from "../../actor";
import { LabelBatchEntity } from "../../entities/shipment/entity";
import { partDigest } from "../../queue";

export type PartMessage = { jobId: string; part: number; orderIds: string[]; shipmentIds: string[] };

/**
 * What the label-job consumer may do with a message, judged against the stored batch.
 * `refused` says why it is not a message the batch sent; otherwise `batchFinished` tells
 * whether every part is counted already (then the message is a late duplicate, and its
 * labels are not made again).
 */
export type PartVerdict = { refused: string } | { refused?: undefined; batchFinished: boolean };

/**
 * Checks a label-job message against its batch, in the message's tenant: the batch
 * exists and is of the message's kind (orders for a new batch, shipments for a
 * reissue), the part is one of its parts, and the ids are the ones the batch sent for
 * that part. SQS delivers whatever is put on the queue, so nothing in the body is
 * trusted to add parts, results or counts to a batch until it matches.
 */
export async function checkPartMessage(message: PartMessage): Promise<PartVerdict> {
  const { data: batch } = await LabelBatchEntity.get({ tenantId: useTenantID(), jobId: message.jobId }).go();
  if (!batch) return { refused: `label batch ${message.jobId} does not exist in this tenant` };
  const kind = message.orderIds.length ? "label" : "reissue";
  if (batch.kind !== kind)
    return { refused: `a ${kind} message for label batch ${message.jobId} of kind ${batch.kind}` };
  if (message.part >= batch.parts)
    return {
      refused: `part ${message.part} of label batch ${message.jobId}, which has ${batch.parts} part(s)`,
    };
  const ids = kind === "label" ? message.orderIds : message.shipmentIds;
  if (batch.partDigests && batch.partDigests[message.part] !== partDigest(ids))
    return { refused: `the ids are not those of part ${message.part} of label batch ${message.jobId}` };
  return { batchFinished: batch.done >= batch.total };
}
