import { useTenantID } from "../../actor";
import { jobExpiresAt } from "../../db/job";
import { LabelResultEntity } from "./entity";

/** A label batch, its parts and their results are kept this long (their PDFs too: stacks/storage.ts). */
const KEEP_DAYS = 90;
export const expiresAt = () => jobExpiresAt(KEEP_DAYS);

/** One order's line in a batch's results. */
export type PartResult = {
  orderId: string;
  shipmentIds: string[];
  trackingNumbers: string[];
  cancelled?: string[];
  /** The order was labelled by an earlier batch: its labels printed again as first printed. */
  reprint?: boolean;
  /** A reprint whose order changed since its number was printed: 再発行 gives it a new number. */
  changed?: boolean;
  error?: string;
};

/** A part's results as one item (written again whole when the part runs again). */
export async function putResults(labelId: string, part: number, results: PartResult[]) {
  await LabelResultEntity.put({
    tenantId: useTenantID(),
    jobId: labelId,
    part,
    results,
    expiresAt: expiresAt(),
  }).go();
}
