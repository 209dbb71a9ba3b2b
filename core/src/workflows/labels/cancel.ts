import { z } from "zod";
import { doneBy, useTenantID } from "../../actor";
import type { WhereOf } from "../../db/attributes";
import { newRunningShard } from "../../db/job";
import { batchGet } from "../../entities/records";
import { Database } from "../../entities/service";
import {
  LabelPartEntity,
  LabelResultEntity,
  ShipmentEntity,
  type ShipmentItem,
} from "../../entities/shipment/entity";
import { get } from "../../entities/shipment/index";
import type { PartResult } from "../../entities/shipment/label-results";
import { labelSummary } from "../../entities/shipment/parcels";
import { NotFoundError, RuleError } from "../../error";
import { Files } from "../../files";
import { Queue } from "../../queue";
import { isID } from "../../util/id";
import { WebhooksOut } from "../webhooks-out";
import { renderRequest } from "./rendering";

/** The condition of a cancel: the shipment is issued, and its upload to the shop never started or failed. */
export const cancellable: WhereOf<typeof ShipmentEntity> = (attr, op) =>
  `${op.eq(attr.status, "issued")} AND (${op.notExists(attr.upload)} OR ${op.eq(attr.upload.state, "failed")})`;

/**
 * Cancels a label: the shipment is cancelled and its parcel free for a new label, and
 * the tracking number stays claimed, retired for good. A cancelled one answers as it
 * is; one already reported to the shop cannot be cancelled here.
 */
export async function cancel(shipmentId: string): Promise<ShipmentItem> {
  const { shipment, cancelledNow } = await cancelShipment(shipmentId);
  if (!cancelledNow) return shipment;
  if (isID("label", shipment.labelId)) await withdrawFromPrint(shipment.labelId, [shipmentId]);
  await WebhooksOut.emit([
    {
      type: "shipment.cancelled",
      data: {
        shipment_id: shipment.shipmentId,
        order_id: shipment.orderId,
        order_number: shipment.orderNumber,
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
      },
    },
  ]);
  return get(shipmentId);
}

/** The cancel itself: the shipment as it is when it was cancelled already, or as read before this cancel. */
async function cancelShipment(
  shipmentId: string,
): Promise<{ shipment: ShipmentItem; cancelledNow: boolean }> {
  const shipment = await get(shipmentId);
  if (shipment.status === "cancelled") return { shipment, cancelledNow: false };
  if (shipment.status === "isShipped" || shipment.upload?.state === "done")
    throw new RuleError(
      "shipment.already_uploaded",
      "ストアに発送を報告済みのため取り消せません。ストア側の発送を取り消してから操作してください。",
    );
  // An upload under way may reach the shop any moment: the number must stay live until it ends.
  if (shipment.upload?.state === "pending")
    throw new RuleError(
      "shipment.upload_in_progress",
      "ストアへの発送報告の途中のため取り消せません。しばらくしてから再度お試しください。",
    );
  const tenantId = useTenantID();
  const now = new Date().toISOString();
  const history = [...(shipment.history ?? []), { action: "cancel" as const, userId: doneBy(), at: now }];
  const result = await Database.transaction
    .write((entities) => [
      entities.shipment
        .patch({ tenantId, shipmentId })
        .set({ status: "cancelled", history })
        .composite({ printedAt: shipment.printedAt, orderId: shipment.orderId })
        .where(cancellable)
        .commit(),
      entities.liveParcel
        .delete({ tenantId, orderId: shipment.orderId, parcel: shipment.parcel })
        .where((attr, op) => op.eq(attr.shipmentId, shipmentId))
        .commit(),
      labelSummary(
        entities,
        { orderId: shipment.orderId },
        {
          live: -1,
          typed: shipment.source === "manual" ? -1 : 0,
          numbers: { remove: [shipment.trackingNumber] },
        },
      ).commit(),
    ])
    .go();
  if (result.canceled) {
    const now = await get(shipmentId);
    if (now.status === "cancelled") return { shipment: now, cancelledNow: false };
    throw new RuleError("shipment.concurrent", "他の操作と競合しました。再度お試しください。");
  }
  return { shipment, cancelledNow: true };
}

/**
 * A cancelled number must not be printed from its batch: every part of the batch that
 * printed it loses its files at once (the objects are deleted, so a link handed out
 * before stops working too), its results name the number as cancelled, and the
 * label-job consumer renders the part again with the labels still live (render-part.ts).
 * The renderer is not loaded by the API for this: a cancel answers without drawing a PDF.
 */
async function withdrawFromPrint(labelId: string, shipmentIds: string[]) {
  const { data: stored } = await LabelResultEntity.query
    .byJob({ tenantId: useTenantID(), jobId: labelId })
    .go({ pages: "all" });
  const withdrawn = new Set(shipmentIds);
  const holding = stored.filter((p) =>
    (p.results as PartResult[]).some((r) => r.shipmentIds.some((id) => withdrawn.has(id))),
  );
  for (const { part } of holding) await withdrawPart(labelId, part);
}

/**
 * Takes a recorded part's files away and asks for the next rendering of it, in one
 * transaction under the rendering count as read: `renders` names the rendering wanted,
 * so of two cancels in one part each asks for its own and only the last one's files
 * are kept (render-part.ts writes under the count it was sent). The batch goes back
 * into the running-jobs index with a fresh heartbeat, so a lost message is sent again
 * by the sweep (redrive/jobs.ts) until the part is rendered.
 */
async function withdrawPart(labelId: string, part: number) {
  const tenantId = useTenantID();
  for (let round = 0; round < 5; round += 1) {
    const key = { tenantId, jobId: labelId, part };
    const [{ data: recorded }, { data: stored }] = await Promise.all([
      LabelPartEntity.get(key).go({ consistent: true }),
      LabelResultEntity.get(key).go({ consistent: true }),
    ]);
    // A part not recorded yet prints when its run ends; one of an expired batch is gone.
    if (!recorded || !stored) return;
    const results = stored.results as PartResult[];
    const ids = results.flatMap((r) => r.shipmentIds);
    const cancelled = new Set(
      (
        await batchGet(
          ids.map((shipmentId) => ({ tenantId, shipmentId })),
          (keys) => ShipmentEntity.get(keys).go({ consistent: true, attributes: ["shipmentId", "status"] }),
        )
      )
        .filter((s) => s.status === "cancelled")
        .map((s) => s.shipmentId),
    );
    const marked = results.map((r) => ({
      ...r,
      cancelled: r.shipmentIds.flatMap((id, i) => (cancelled.has(id) ? [r.trackingNumbers[i]!] : [])),
    }));
    const renders = (recorded.renders ?? 0) + 1;
    const written = await Database.transaction
      .write((entities) => [
        entities.labelPart
          .patch(key)
          .set({ files: [], renders })
          .where((attr, op) =>
            recorded.renders === undefined
              ? op.notExists(attr.renders)
              : op.eq(attr.renders, recorded.renders),
          )
          .commit(),
        entities.labelResult.put({ ...key, results: marked, expiresAt: stored.expiresAt }).commit(),
        entities.labelBatch
          .patch({ tenantId, jobId: labelId })
          .set({ runningShard: newRunningShard() })
          .commit(),
      ])
      .go();
    if (written.canceled) continue;
    await Promise.all(recorded.files.map((f) => Files.remove(f.key)));
    // The withdrawal stands either way: a rendering SQS did not take is sent again by the
    // sweep once the heartbeat just written is a minute old.
    await Queue.send("labelJob", [renderRequest(labelId, part, renders)]);
    return;
  }
  throw new RuleError("shipment.concurrent", "他の操作と競合しました。再度お試しください。");
}

export const CancelMany = z.object({
  ids: z
    .array(z.string().max(64))
    .min(1, { error: "出荷を選択してください" })
    .max(100, { error: "一度に取り消せるのは100件までです" }),
});

export async function cancelMany(input: z.input<typeof CancelMany>) {
  const { ids } = CancelMany.parse(input);
  const results: { id: string; error?: string }[] = [];
  // Each part that printed any of them is rendered once, after all the cancels, not once per number.
  const byBatch = new Map<string, string[]>();
  for (const id of ids) {
    try {
      const { shipment, cancelledNow } = await cancelShipment(id);
      if (cancelledNow && isID("label", shipment.labelId))
        byBatch.set(shipment.labelId, [...(byBatch.get(shipment.labelId) ?? []), id]);
      results.push({ id });
    } catch (err) {
      if (!(err instanceof NotFoundError || err instanceof RuleError)) throw err;
      results.push({ id, error: err.message });
    }
  }
  for (const [labelId, shipmentIds] of byBatch) await withdrawFromPrint(labelId, shipmentIds);
  return results;
}
