import type { z } from "zod";
import { lockLost } from "../../db/attributes";
import { OrderUpdate } from "../../shared/order";
import { OrderEntity, type OrderItem, type ShipmentStatus } from "./entity";
import { judgedErrors, loadJudge } from "./judgement";
import { get } from "./reads";
import { moveTabs } from "./tab-counts";

export { OrderUpdate };

/** The import's issue about a requested slot it could not read (normalize.ts); a slot the merchant sets settles it. */
const REQUESTED_SLOT_ISSUE_FIELD = "delivery.time_slot";

/** Where archiving or restoring moves the order; undefined when it already is there. */
function archiveTarget(order: OrderItem, archived: boolean | undefined): ShipmentStatus | undefined {
  if (archived === undefined) return undefined;
  const isArchived = order.shipmentStatus === "archived";
  if (archived === isArchived) return undefined;
  return archived ? "archived" : (order.statusBeforeArchive ?? "notShipped");
}

/**
 * The merchant's edit of the order's own fields (memo, requested date and slot, archive
 * state). Like the recipient's edit it is written under the lock of its read, so an edit
 * that raced another write answers 409 instead of undoing it, and the tab counts move once.
 */
export async function updateOrder(orderId: string, input: z.input<typeof OrderUpdate>): Promise<OrderItem> {
  const value = OrderUpdate.parse(input);
  const order = await get(orderId);
  const set: Partial<OrderItem> = {};
  const remove: ("memo" | "requestedDeliveryDate" | "requestedTimeSlot" | "statusBeforeArchive")[] = [];
  if (value.memo !== undefined) {
    if (value.memo) set.memo = value.memo;
    else remove.push("memo");
  }
  if (value.requested_delivery_date !== undefined) {
    if (value.requested_delivery_date) set.requestedDeliveryDate = value.requested_delivery_date;
    else remove.push("requestedDeliveryDate");
  }
  let errors = order.errors ?? [];
  if (value.requested_time_slot !== undefined) {
    if (value.requested_time_slot) set.requestedTimeSlot = value.requested_time_slot;
    else remove.push("requestedTimeSlot");
    errors = errors.filter((issue) => issue.field !== REQUESTED_SLOT_ISSUE_FIELD);
  }
  const target = archiveTarget(order, value.archived);
  const shipmentStatus = target ?? order.shipmentStatus;
  if (target === "archived") set.statusBeforeArchive = order.shipmentStatus;
  else if (target) remove.push("statusBeforeArchive");
  // A requested day or slot is part of what the carrier judges: the エラー tab follows the edit.
  const { judge } = await loadJudge();
  const edited: OrderItem = { ...order, ...set, shipmentStatus };
  for (const field of remove) delete edited[field];
  errors = judgedErrors({ errors }, await judge(edited));
  const isError = errors.length > 0;
  const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId }).set({
    ...set,
    shipmentStatus,
    errors,
    // Always written with the index composites: the error index keeps its keys (OrderEntity.byError).
    isError,
  });
  await (remove.length ? patch.remove(remove) : patch)
    .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
  await moveTabs(order, { shipmentStatus, isError });
  return get(orderId);
}
