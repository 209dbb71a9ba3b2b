import { z } from "zod";
import { ActorContext, useTenantID } from "../../actor";
import { type LabelParcel, renderLabels } from "../../carriers/label";
import type { WhereOf } from "../../db/attributes";
import { Order } from "../../entities/order";
import { batchGet } from "../../entities/records";
import { Database } from "../../entities/service";
import {
  LabelPartEntity,
  LabelResultEntity,
  ShipmentEntity,
  type ShipmentItem,
} from "../../entities/shipment/entity";
import { get, userIdOf } from "../../entities/shipment/index";
import type { PartResult } from "../../entities/shipment/label-results";
import { labelSummary } from "../../entities/shipment/parcels";
import { NotFoundError, RuleError } from "../../error";
import { Files } from "../../files";
import type { Carrier } from "../../shared/brand";
import { isID } from "../../util/id";
import { batchSetup } from "./issue-part";
import { isLabelShipment, toParcel } from "./label-parcel";

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
  const history = [
    ...(shipment.history ?? []),
    { action: "cancel" as const, userId: userIdOf(ActorContext.use()), at: now },
  ];
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
      labelSummary(entities, { orderId: shipment.orderId }, -1).commit(),
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
 * printed it is rendered again without it (as new files; the old ones are deleted, so
 * a link handed out before stops working too), and its results name it as cancelled.
 */
async function withdrawFromPrint(labelId: string, shipmentIds: string[]) {
  const { data: stored } = await LabelResultEntity.query
    .byJob({ tenantId: useTenantID(), jobId: labelId })
    .go({ pages: "all" });
  const withdrawn = new Set(shipmentIds);
  const holding = stored.filter((p) =>
    (p.results as PartResult[]).some((r) => r.shipmentIds.some((id) => withdrawn.has(id))),
  );
  for (const { part } of holding) await renderPartAgain(labelId, part);
}

/**
 * Renders a recorded part again with the labels still live: the new files and the
 * results are written in one transaction under the part's render count as read, so of
 * two cancels in one part the later rendering (which read both) is the one kept.
 */
async function renderPartAgain(labelId: string, part: number) {
  const tenantId = useTenantID();
  for (let round = 0; round < 5; round += 1) {
    const key = { tenantId, jobId: labelId, part };
    const [{ data: recorded }, { data: stored }, batch] = await Promise.all([
      LabelPartEntity.get(key).go({ consistent: true }),
      LabelResultEntity.get(key).go({ consistent: true }),
      batchSetup(labelId),
    ]);
    // A part not recorded yet prints when its run ends; one of an expired batch is gone.
    if (!recorded || !stored || !batch) return;
    const results = stored.results as PartResult[];
    const ids = results.flatMap((r) => r.shipmentIds);
    const shipments = new Map(
      (
        await batchGet(
          ids.map((shipmentId) => ({ tenantId, shipmentId })),
          (keys) => ShipmentEntity.get(keys).go({ consistent: true }),
        )
      ).map((s) => [s.shipmentId, s]),
    );
    const live = ids.flatMap((id) => {
      const s = shipments.get(id);
      return s && s.status !== "cancelled" && isLabelShipment(s) ? [s] : [];
    });
    const orders = await Order.findMany([...new Set(live.map((s) => s.orderId))]);
    const parcels = new Map<Carrier, LabelParcel[]>();
    for (const shipment of live) {
      const order = orders.get(shipment.orderId);
      if (!order) continue;
      const delivery = Order.deliveryFor(order, shipment.carrier, batch.context.items);
      const list = parcels.get(shipment.carrier) ?? [];
      list.push(
        toParcel(shipment, order, await batch.context.senderOf(order), delivery.success ? delivery.data : {}),
      );
      parcels.set(shipment.carrier, list);
    }
    const renders = (recorded.renders ?? 0) + 1;
    const files = [...parcels].map(([carrier, list]) => ({
      carrier,
      key: Files.keyFor("labels", labelId, `${String(part + 1).padStart(3, "0")}-${carrier}-r${renders}.pdf`),
      labels: list.length,
      pdf: renderLabels(list, batch.context.printSettings[carrier]),
    }));
    await Promise.all(files.map((f) => Files.put(f.key, f.pdf, "application/pdf")));
    const marked = results.map((r) => ({
      ...r,
      cancelled: r.shipmentIds.flatMap((id, i) =>
        shipments.get(id)?.status === "cancelled" ? [r.trackingNumbers[i]!] : [],
      ),
    }));
    const written = await Database.transaction
      .write((entities) => [
        entities.labelPart
          .patch(key)
          .set({ files: files.map(({ carrier, key, labels }) => ({ carrier, key, labels })), renders })
          .where((attr, op) =>
            recorded.renders === undefined
              ? op.notExists(attr.renders)
              : op.eq(attr.renders, recorded.renders),
          )
          .commit(),
        entities.labelResult.put({ ...key, results: marked, expiresAt: stored.expiresAt }).commit(),
      ])
      .go();
    const unused = written.canceled ? files : recorded.files;
    await Promise.all(unused.map((f) => Files.remove(f.key)));
    if (!written.canceled) return;
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
