import { isConditionalFailure } from "../../db/attributes";
import { concurrentUpdate } from "../../error";
import type { OrderIssue } from "../../shared/order";
import { OrderEntity, type OrderItem, type ShipmentStatus } from "./entity";
import { find } from "./reads";
import { canonical, LABEL_ISSUE_FIELD, UPLOAD_ISSUE_FIELD } from "./shapes";
import { moveTabs } from "./tab-counts";

// ---------------------------------------------------------------------------
// Tracking upload (core/src/upload)

const shippedRank: Partial<Record<ShipmentStatus, number>> = {
  notShipped: 0,
  partiallyShipped: 1,
  shipped: 2,
};

/** Uploads only move an order forward: two parcels reported at once never set a shipped order back to partly shipped. */
function forward(current: ShipmentStatus, reported: "partiallyShipped" | "shipped"): ShipmentStatus {
  const rank = shippedRank[current];
  return rank !== undefined && rank < shippedRank[reported]! ? reported : current;
}

/**
 * Records a tracking upload on its order: the shipment status the shop reported
 * (partly or wholly fulfilled; an archived order keeps it for its restore, a cancelled
 * one stays cancelled) and the upload issue, set with the platform's reason, settled
 * (null) or left (undefined), so the order shows in the エラー tab while an upload of it has failed. Written
 * under the lock of its read (re-read on a lost race) with the tab counts moved.
 */
export async function recordUpload(
  orderId: string,
  result: { status?: "partiallyShipped" | "shipped"; issue?: string | null },
): Promise<OrderItem | undefined> {
  return rewriteStatus(orderId, (order) => {
    let shipmentStatus = order.shipmentStatus;
    let statusBeforeArchive = order.statusBeforeArchive;
    if (result.status && shipmentStatus === "archived")
      statusBeforeArchive = forward(statusBeforeArchive ?? "notShipped", result.status);
    else if (result.status) shipmentStatus = forward(shipmentStatus, result.status);
    // No issue given (undefined) leaves the order's upload issue as it is.
    const errors =
      result.issue === undefined ? issuesOf(order) : withIssue(order, UPLOAD_ISSUE_FIELD, result.issue);
    return { shipmentStatus, statusBeforeArchive, errors };
  });
}

// ---------------------------------------------------------------------------
// Label issue (core/src/shipment)

/**
 * Sets the order's label issue (a Japanese reason) or settles it (null), so the order
 * shows in the エラー tab until a later issue of its label succeeds. Written under the
 * lock of its read (re-read on a lost race) with the tab counts moved.
 */
export async function recordLabelIssue(orderId: string, issue: string | null): Promise<void> {
  await rewriteStatus(orderId, (order) => ({
    shipmentStatus: order.shipmentStatus,
    statusBeforeArchive: order.statusBeforeArchive,
    errors: withIssue(order, LABEL_ISSUE_FIELD, issue),
  }));
}

const issuesOf = (order: OrderItem) => order.errors ?? [];

/** The order's issues with the one of `field` set to `message`, or removed (null). */
function withIssue(order: OrderItem, field: string, message: string | null): OrderIssue[] {
  const kept = issuesOf(order).filter((issue) => issue.field !== field);
  return message ? [...kept, { field, message }] : kept;
}

/**
 * Writes the status and issues `change` derives from the order, under the lock of its
 * read (re-read and derived again on a lost race, at most 5 times), and moves the tab
 * counts. Answers what was written without reading it again (a bulk upload records
 * hundreds), the order as it was when nothing changes, undefined when there is none.
 */
async function rewriteStatus(
  orderId: string,
  change: (order: OrderItem) => {
    shipmentStatus: ShipmentStatus;
    statusBeforeArchive: OrderItem["statusBeforeArchive"];
    errors: OrderIssue[];
  },
): Promise<OrderItem | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const order = await find(orderId);
    if (!order) return undefined;
    const { shipmentStatus, statusBeforeArchive, errors } = change(order);
    const isError = errors.length > 0;
    const unchanged =
      shipmentStatus === order.shipmentStatus &&
      statusBeforeArchive === order.statusBeforeArchive &&
      canonical(errors) === canonical(issuesOf(order));
    if (unchanged) return order;
    try {
      await OrderEntity.patch({ tenantId: order.tenantId, orderId })
        .set({
          shipmentStatus,
          errors,
          isError,
          ...(statusBeforeArchive ? { statusBeforeArchive } : {}),
        })
        .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
        .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
        .go();
    } catch (err) {
      if (isConditionalFailure(err)) continue;
      throw err;
    }
    await moveTabs(order, { shipmentStatus, isError });
    return { ...order, shipmentStatus, statusBeforeArchive, errors, isError };
  }
  throw concurrentUpdate();
}
