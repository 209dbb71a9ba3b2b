import { useTenantID } from "../../actor";
import type { LabelParcel } from "../../carriers/label";
import { Order } from "../../entities/order";
import { Database } from "../../entities/service";
import { findMany } from "../../entities/shipment/index";
import type { PartResult } from "../../entities/shipment/label-results";
import { labelSummary } from "../../entities/shipment/parcels";
import type { Carrier } from "../../shared/brand";
import { finishPart } from "./finish-part";
import { batchSetup, hasLabelIssue } from "./issue-part";
import { batchDay, isLabelShipment, toParcel } from "./label-parcel";
import { keepPrinted } from "./printed";

/** One part of a reissue: each shipment printed again under the new label id, or its reason. */
export async function runReissuePart(labelId: string, part: number, shipmentIds: string[]): Promise<void> {
  const tenantId = useTenantID();
  const [batch, stored] = await Promise.all([batchSetup(labelId), findMany(shipmentIds)]);
  if (batch?.kind !== "reissue") return;
  const { context } = batch;
  const orders = await Order.findMany([...new Set([...stored.values()].map((s) => s.orderId))]);
  const parcels = new Map<Carrier, LabelParcel[]>();
  const byOrder = new Map<string, PartResult>();
  const drawn: { shipmentId: string; parcel: LabelParcel }[] = [];
  const resultOf = (orderId: string) => {
    const entry = byOrder.get(orderId) ?? { orderId, shipmentIds: [], trackingNumbers: [] };
    byOrder.set(orderId, entry);
    return entry;
  };
  const settled = new Set<string>();
  for (const shipmentId of shipmentIds) {
    const shipment = stored.get(shipmentId);
    if (!shipment) continue; // refused when the batch was requested; gone since only by a bug
    const result = resultOf(shipment.orderId);
    const order = orders.get(shipment.orderId);
    const own = order?.delivery?.carrier;
    const refusal = !order
      ? "注文が見つかりません。"
      : shipment.status === "cancelled"
        ? "取り消した出荷は再発行できません。新しく発行してください。"
        : shipment.source === "manual"
          ? "手入力した追跡番号の出荷には送り状がないため、再発行できません。"
          : shipment.source !== "label"
            ? "配送会社のソフトで発行した送り状は、そのソフトで再発行してください。"
            : own && own !== shipment.carrier
              ? "配送会社が変わったため再発行できません。取り消してから発行し直してください。"
              : undefined;
    if (refusal || !order || !isLabelShipment(shipment)) {
      result.error = refusal;
      continue;
    }
    if (shipment.labelId !== labelId) {
      const now = new Date().toISOString();
      const history = [
        ...(shipment.history ?? []),
        { action: "reissue" as const, userId: batch.createdBy ?? null, at: now },
      ];
      // The order's last printing moves with the shipment's, in one transaction.
      const written = await Database.transaction
        .write((entities) => [
          entities.shipment
            .patch({ tenantId, shipmentId })
            .set({ labelId, printedAt: now, history })
            .composite({ orderId: shipment.orderId, status: shipment.status })
            .where((attr, op) => op.ne(attr.status, "cancelled"))
            .commit(),
          labelSummary(entities, order, { live: 0, at: now }).commit(),
        ])
        .go();
      if (written.canceled) {
        result.error =
          written.data[0]?.code === "ConditionalCheckFailed"
            ? "取り消した出荷は再発行できません。新しく発行してください。"
            : "他の操作と競合しました。再度お試しください。";
        continue;
      }
    }
    if (hasLabelIssue(order)) settled.add(order.orderId);
    const delivery = Order.deliveryFor(order, shipment.carrier, context.items);
    const parcel = toParcel(
      shipment,
      order,
      await context.senderOf(order),
      delivery.success ? delivery.data : {},
      batchDay(batch.createdAt),
    );
    // A reissue prints the order as it is now: that becomes what the number stands for.
    drawn.push({ shipmentId: shipment.shipmentId, parcel });
    const list = parcels.get(shipment.carrier) ?? [];
    list.push(parcel);
    parcels.set(shipment.carrier, list);
    result.shipmentIds.push(shipment.shipmentId);
    result.trackingNumbers.push(shipment.trackingNumber);
  }
  await keepPrinted(tenantId, drawn);
  await finishPart(labelId, part, shipmentIds.length, parcels, [...byOrder.values()], context);
  for (const orderId of settled) await Order.recordLabelIssue(orderId, null);
}
