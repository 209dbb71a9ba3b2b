import { useTenantID } from "../../actor";
import { batchGet } from "../../entities/records";
import { Database } from "../../entities/service";
import { LabelResultEntity, ShipmentEntity } from "../../entities/shipment/entity";
import { isID } from "../../util/id";

/** The reason each order of a part that never reached the queue gets in the batch's results. */
export const NOT_QUEUED = "送り状の発行を開始できませんでした。時間をおいて、もう一度発行してください。";

/**
 * Parts of a new batch whose messages SQS did not take: no consumer will ever run them,
 * so each is recorded now the way a part that failed for good is (each order's result
 * with the reason, the part counted once), and the batch finishes instead of running
 * forever. The orders themselves are not marked: nothing about them failed. `ids` are a
 * part's orders, or for a reissue its shipments.
 */
export async function settleUnqueuedParts(
  labelId: string,
  kind: "label" | "reissue",
  parts: { part: number; ids: string[] }[],
  expiresAt: number,
): Promise<void> {
  const tenantId = useTenantID();
  for (const { part, ids } of parts) {
    const orderIds = kind === "label" ? ids : await ordersOfShipments(ids);
    await LabelResultEntity.put({
      tenantId,
      jobId: labelId,
      part,
      results: orderIds.map((orderId) => ({
        orderId,
        shipmentIds: [],
        trackingNumbers: [],
        error: NOT_QUEUED,
      })),
      expiresAt,
    }).go();
    const recorded = await Database.transaction
      .write(({ labelPart, labelBatch }) => [
        labelPart
          .create({ tenantId, jobId: labelId, part, orders: ids.length, files: [], expiresAt })
          .commit(),
        labelBatch.update({ tenantId, jobId: labelId }).add({ done: ids.length }).commit(),
      ])
      .go();
    if (recorded.canceled) throw new Error(`unqueued label part ${labelId}/${part} could not be recorded`);
  }
}

/** The orders of a reissue part's shipments, each once, in the order their shipments come. */
async function ordersOfShipments(shipmentIds: string[]): Promise<string[]> {
  const tenantId = useTenantID();
  const found = await batchGet(
    shipmentIds.filter((id) => isID("shipment", id)).map((shipmentId) => ({ tenantId, shipmentId })),
    (keys) => ShipmentEntity.get(keys).go(),
  );
  const orderOf = new Map(found.map((s) => [s.shipmentId, s.orderId]));
  return [...new Set(shipmentIds.flatMap((id) => orderOf.get(id) ?? []))];
}
