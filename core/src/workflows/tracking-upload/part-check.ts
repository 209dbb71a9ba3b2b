import { useTenantID } from "../../actor";
import { UploadJobEntity } from "../../entities/jobs/upload-job";
import { partDigest } from "../../queue";

export type UploadPartMessage = { jobId: string; part?: number; shipmentIds: string[] };

/**
 * What the tracking-upload consumer may do with a message, judged against the stored
 * job: `refused` says why it is not a message the job sent; otherwise `jobFinished`
 * tells whether every shipment has its result already (then there is nothing to do: an
 * automatic upload's job sends its parts again whenever its label part runs again).
 */
export type UploadPartVerdict = { refused: string } | { refused?: undefined; jobFinished: boolean };

/**
 * Checks a tracking-upload message against its job, in the message's tenant: the job
 * exists, the part is one of its parts, and the shipment ids are the ones the job sent
 * for that part, so a message cannot add results or counts for shipments the job never had.
 */
export async function checkPartMessage(message: UploadPartMessage): Promise<UploadPartVerdict> {
  const { data: job } = await UploadJobEntity.get({ tenantId: useTenantID(), jobId: message.jobId }).go();
  if (!job) return { refused: `upload job ${message.jobId} does not exist in this tenant` };
  if (job.partDigests) {
    const { part } = message;
    if (part === undefined || part >= job.parts)
      return {
        refused: `part ${part ?? "(none)"} of upload job ${message.jobId}, which has ${job.parts} part(s)`,
      };
    if (job.partDigests[part] !== partDigest(message.shipmentIds))
      return { refused: `the shipment ids are not those of part ${part} of upload job ${message.jobId}` };
  }
  return { jobFinished: job.done >= job.total };
}
