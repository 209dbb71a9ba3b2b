import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { LabelBatchEntity, type LabelBatchItem, LabelResultEntity } from "../../entities/shipment/entity";
import type { PartResult } from "../../entities/shipment/label-results";
import { WebhooksOut } from "../webhooks-out";

/**
 * `label_batch.completed`, once per batch: the part whose count brought the batch to its
 * total marks it announced in a conditional write, so two parts finishing together (or a
 * part run again) never announce it twice.
 */
export async function announceIfComplete(labelId: string): Promise<void> {
  const tenantId = useTenantID();
  let batch: LabelBatchItem | undefined;
  try {
    const { data } = await LabelBatchEntity.patch({ tenantId, jobId: labelId })
      .set({ announced: true })
      .where(
        (attr, op) => `${op.name(attr.done)} >= ${op.name(attr.total)} AND ${op.notExists(attr.announced)}`,
      )
      .go({ response: "all_new" });
    batch = data as LabelBatchItem;
  } catch (err) {
    if (isConditionalFailure(err)) return;
    throw err;
  }
  if (!batch) return;
  const { data: parts } = await LabelResultEntity.query
    .byJob({ tenantId, jobId: labelId })
    .go({ pages: "all" });
  const results = parts.flatMap((p) => p.results as PartResult[]);
  const failed = results.filter((r) => r.error).length;
  await WebhooksOut.emit([
    {
      type: "label_batch.completed",
      data: {
        label_id: labelId,
        kind: batch.kind,
        total: batch.total,
        issued: results.length - failed,
        failed,
        created_at: batch.createdAt,
      },
    },
  ]);
}
