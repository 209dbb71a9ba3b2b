import { z } from "zod";
import { useTenantID } from "../../actor";
import { LabelBatchEntity, LabelPartEntity, LabelResultEntity } from "../../entities/shipment/entity";
import type { PartResult } from "../../entities/shipment/label-results";
import { NotFoundError } from "../../error";
import { Files } from "../../files";
import { carriers } from "../../shared/brand";
import { isID } from "../../util/id";
import { combinedCurrent } from "./combined";
import { awaitsRendering } from "./rendering";

// ---------------------------------------------------------------------------
// Batch status

export const BatchStatus = z
  .object({
    label_id: z.string(),
    status: z.enum(["running", "done"]),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    /**
     * Once the batch is done: one PDF per carrier for the whole batch, its labels in
     * selection order (carriers in order of their first label). Absent while it is drawn,
     * and again after a cancel until it is drawn without the cancelled labels.
     */
    files: z
      .array(z.object({ carrier: z.enum(carriers), url: z.string(), labels: z.number().int() }))
      .optional(),
    /** The 印刷開始位置 the batch was asked with (its first sheets start there); absent when none was. */
    start_position: z.number().int().optional(),
    /** Each part's files as soon as it is drawn: the first labels print while the rest render. */
    parts: z.array(
      z.object({
        part: z.number().int(),
        carrier: z.enum(carriers),
        url: z.string(),
        labels: z.number().int(),
      }),
    ),
    results: z.array(
      z.object({
        order_id: z.string(),
        shipment_ids: z.array(z.string()),
        tracking_numbers: z.array(z.string()),
        /** Numbers of the order cancelled since: no longer in the part's PDF. */
        cancelled_tracking_numbers: z.array(z.string()),
        /** Labelled by an earlier batch: the same numbers printed again exactly as first printed. */
        reprint: z.boolean(),
        /**
         * A reprint whose order changed since its number was printed (recipient, sender, delivery):
         * printed as issued; to print the change, cancel the number and issue a new one (再発行).
         */
        changed: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "LabelBatchStatus" });
export type BatchStatus = z.infer<typeof BatchStatus>;

/**
 * The shipments one part of a new-label batch created (none for a reissue batch, which
 * creates none), with who asked for the batch: what an automatic tracking upload sends.
 */
export async function partShipments(labelId: string, part: number): Promise<PartShipments | null> {
  const tenantId = useTenantID();
  const { data: batch } = await LabelBatchEntity.get({ tenantId, jobId: labelId }).go();
  if (batch?.kind !== "label") return null;
  const { data: stored } = await LabelResultEntity.get({ tenantId, jobId: labelId, part }).go();
  return issuedOf((stored?.results ?? []) as PartResult[], {
    createdBy: batch.createdBy ?? null,
    createdAt: batch.createdAt,
  });
}

/** The shipments of a new-label part and who asked for its batch, when. */
export type PartShipments = { shipmentIds: string[]; createdBy: string | null; createdAt: string };
/**
 * What a part just issued, as `runPart` answers it: its shipments, and whether the
 * brand uploads tracking numbers automatically (read with the batch's set-up, so the
 * consumer need not read the brand again).
 */
export type IssuedPart = PartShipments & { autoUploadTracking: boolean };

export function issuedOf(
  results: PartResult[],
  batch: { createdBy: string | null; createdAt: string },
): PartShipments {
  const shipmentIds = [...new Set(results.filter((r) => !r.error).flatMap((r) => r.shipmentIds))];
  return { shipmentIds, createdBy: batch.createdBy, createdAt: batch.createdAt };
}

/**
 * Where a batch stands: finished parts with download URLs (the first is printable while
 * the rest render), once done one file per carrier for the whole batch, and per-order results.
 * URLs last 15 minutes: the screen reads the status again for fresh ones.
 */
export async function batchStatus(labelId: string): Promise<BatchStatus> {
  const tenantId = useTenantID();
  if (!isID("label", labelId)) throw labelNotFound();
  const { data: batch } = await LabelBatchEntity.get({ tenantId, jobId: labelId }).go();
  if (!batch) throw labelNotFound();
  const [{ data: parts }, { data: resultParts }] = await Promise.all([
    LabelPartEntity.query.byJob({ tenantId, jobId: labelId }).go({ pages: "all" }),
    LabelResultEntity.query.byJob({ tenantId, jobId: labelId }).go({ pages: "all" }),
  ]);
  const files = parts
    .sort((a, b) => a.part - b.part)
    .flatMap((p) => p.files.map((f) => ({ ...f, part: p.part })));
  const combined = combinedCurrent(batch, parts) ? (batch.combinedFiles ?? []) : undefined;
  return {
    label_id: labelId,
    // A part drawn again after a cancel is not offered until its new files are there.
    status: batch.done >= batch.total && !parts.some(awaitsRendering) ? "done" : "running",
    progress: { done: Math.min(batch.done, batch.total), total: batch.total },
    ...(combined && {
      files: await Promise.all(
        combined.map(async (f) => ({
          carrier: f.carrier,
          labels: f.labels,
          url: await Files.downloadUrl(f.key, `${labelId}-${f.carrier}.pdf`, { inline: true }),
        })),
      ),
    }),
    ...(batch.startPosition !== undefined && { start_position: batch.startPosition }),
    parts: await Promise.all(
      files.map(async (f) => ({
        part: f.part,
        carrier: f.carrier,
        labels: f.labels,
        url: await Files.downloadUrl(
          f.key,
          `${labelId}-${String(f.part + 1).padStart(3, "0")}-${f.carrier}.pdf`,
          { inline: true },
        ),
      })),
    ),
    results: resultParts
      .sort((a, b) => a.part - b.part)
      .flatMap((p) => p.results as PartResult[])
      .map((r) => ({
        order_id: r.orderId,
        shipment_ids: r.shipmentIds,
        tracking_numbers: r.trackingNumbers,
        cancelled_tracking_numbers: r.cancelled ?? [],
        reprint: r.reprint ?? false,
        changed: r.changed ?? false,
        error: r.error ?? null,
      })),
  };
}

const labelNotFound = () => new NotFoundError("label.not_found", "送り状の発行情報が見つかりません。");
