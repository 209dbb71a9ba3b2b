import type { z } from "zod";
import { doneBy, useTenantID } from "../../actor";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { Database } from "../../entities/service";
import { type ShipmentItem, TrackingClaimEntity } from "../../entities/shipment/entity";
import { find, get } from "../../entities/shipment/index";
import { labelSummary, parcelState } from "../../entities/shipment/parcels";
import { InputError, RuleError } from "../../error";
import { type DeliveryCarrier, deliverySchemas } from "../../shared/delivery";
import { createID } from "../../util/id";
import { cancel, cancellable } from "./cancel";

// ---------------------------------------------------------------------------
// Numbers the merchant typed: an `sss` delivery (another carrier)

/** The order's delivery as it names a typed carrier and number, if it is an `sss` one. */
function typedOf(order: OrderItem): { name: string; number: string } | undefined {
  const delivery = order.delivery as
    | { carrier?: string; carrier_name?: string; tracking_number?: string }
    | undefined;
  if (delivery?.carrier !== "sss" || !delivery.tracking_number || !delivery.carrier_name) return undefined;
  return { name: delivery.carrier_name, number: delivery.tracking_number };
}

/** The order's live manual shipments, from its live parcels (at most one, unless an older version raced). */
const manualOf = (live: ShipmentItem[]) => live.filter((s) => s.source === "manual");

/** Reported to the shop, or on its way there: the shop holds (or may hold) its number. */
const reported = (s: ShipmentItem) =>
  s.status === "isShipped" || s.upload?.state === "done" || s.upload?.state === "pending";

const manualReported = () =>
  new RuleError(
    "shipment.manual_uploaded",
    "追跡番号をストアに報告済みのため、配送会社と追跡番号は変更できません。ストア側の発送を取り消してから操作してください。",
  );

const numberTaken = () =>
  new InputError("shipment.tracking_number_taken", "この追跡番号は別の注文の出荷に登録済みです。", {
    tracking_number: "この追跡番号は別の注文の出荷に登録済みです",
  });

/**
 * The claim of a typed number: free, held by a cancelled manual shipment (a number typed
 * by mistake, or typed again after a change), or held by the very shipment this write
 * replaces; any other holder keeps it. The write then conditions on the claim still
 * pointing where it did, so the read only chooses, never decides.
 */
async function typedClaim(
  number: string,
  current: ShipmentItem | undefined,
): Promise<{ takeover?: string } | "taken"> {
  const { data: claim } = await TrackingClaimEntity.get({
    tenantId: useTenantID(),
    carrier: "sss",
    trackingNumber: number,
  }).go({ consistent: true });
  if (!claim) return {};
  if (claim.shipmentId === current?.shipmentId) return { takeover: claim.shipmentId };
  const holder = await find(claim.shipmentId);
  if (!holder || (holder.source === "manual" && holder.status === "cancelled"))
    return { takeover: claim.shipmentId };
  return "taken";
}

/**
 * Whether saving this delivery may go ahead: a manual shipment the shop has been told of
 * keeps its carrier and number until the shop side is undone (as a cancel), and a number
 * another order's shipment holds is refused, both before anything is saved.
 */
async function checkTyped(orderId: string, carrier: DeliveryCarrier, input: unknown) {
  const value = deliverySchemas[carrier].parse(input) as { carrier_name?: string; tracking_number?: string };
  const [current] = manualOf((await parcelState(orderId)).live);
  const same =
    carrier === "sss" &&
    current?.trackingNumber === value.tracking_number &&
    current?.carrierName === value.carrier_name;
  if (current && reported(current) && !same) throw manualReported();
  if (carrier === "sss" && value.tracking_number && !same) {
    const claim = await typedClaim(value.tracking_number, current);
    if (claim === "taken") throw numberTaken();
  }
}

/**
 * Sets how the order ships (Order.updateDelivery) and keeps its manual shipment with it:
 * an `sss` delivery's typed number is the order's one live manual shipment, ready to
 * upload; a changed number replaces it; another carrier retires it.
 */
export async function updateDelivery(orderId: string, carrier: DeliveryCarrier, input: unknown) {
  await checkTyped(orderId, carrier, input);
  await Order.updateDelivery(orderId, carrier, input);
  await syncManual(orderId);
  return Order.get(orderId);
}

/** Back to the brand's defaults (Order.resetDelivery); a manual shipment not yet reported is retired. */
export async function resetDelivery(orderId: string) {
  if (manualOf((await parcelState(orderId)).live).some(reported)) throw manualReported();
  await Order.resetDelivery(orderId);
  await syncManual(orderId);
  return Order.get(orderId);
}

/**
 * Brings the order's manual shipment in line with its delivery as stored now (not as
 * the caller saved it: a later save may have overtaken it), idempotently: the same typed
 * number again changes nothing, a new one replaces the one not yet reported (the old
 * cancelled, its number retired, its parcel taken over, in one transaction), and a
 * delivery that is not `sss` cancels it. Each write conditions on the order's
 * shippingRev as read, so of writers that read the same order one wins and the others
 * read again: never two live, never one that disagrees with the delivery.
 */
export async function syncManual(orderId: string): Promise<ShipmentItem | undefined> {
  for (let round = 0; round < 8; round += 1) {
    const state = await parcelState(orderId);
    const want = typedOf(state.order);
    const manual = manualOf(state.live);
    if (!want) {
      for (const shipment of manual) if (!reported(shipment)) await cancel(shipment.shipmentId);
      return undefined;
    }
    const [current, ...extra] = manual;
    // Left by a race before shippingRev existed: one number per order, so the others go.
    for (const shipment of extra) if (!reported(shipment)) await cancel(shipment.shipmentId);
    if (current && current.trackingNumber === want.number && current.carrierName === want.name)
      return current;
    if (current && reported(current)) throw manualReported();
    const claim = await typedClaim(want.number, current);
    if (claim === "taken") throw numberTaken();
    const created = await writeManual(state, want, current, claim.takeover);
    if (created) return created;
  }
  throw new RuleError("shipment.concurrent", "他の操作と競合しました。再度お試しください。");
}

/**
 * PUT /api/orders/bulk_update with the order's manual shipment kept in line: a carrier
 * set in bulk refuses an order whose typed number the shop already holds (as its own
 * delivery save would) and retires the typed numbers of the orders it moved off sss.
 */
export async function bulkUpdateOrders(input: z.input<typeof Order.BulkUpdate>): Promise<Order.BulkResult[]> {
  const request = Order.BulkUpdate.parse(input);
  if (request.action !== "set_carrier") return Order.bulkUpdate(request);
  const held = new Set<string>();
  await Promise.all(
    request.ids.map(async (orderId) => {
      const order = await Order.find(orderId);
      if (order && manualOf((await parcelState(orderId)).live).some(reported)) held.add(orderId);
    }),
  );
  const free = request.ids.filter((id) => !held.has(id));
  const results = free.length ? await Order.bulkUpdate({ ...request, ids: free }) : [];
  await syncManualOf(results.filter((r) => !r.error).map((r) => r.id));
  const byId = new Map(results.map((r) => [r.id, r]));
  return request.ids.map((id) =>
    held.has(id) ? { id, error: manualReported().message } : (byId.get(id) ?? { id }),
  );
}

/** syncManual for orders whose delivery changed elsewhere (a bulk carrier change), a few at a time. */
export async function syncManualOf(orderIds: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(8, orderIds.length) }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++]!;
        await syncManual(orderId).catch((err) => {
          // A typed number the shop holds stays as it is (its delivery save refuses the change).
          if (!(err instanceof RuleError)) throw err;
        });
      }
    }),
  );
}

/**
 * One transaction: the new manual shipment, its number's claim, its parcel slot (the one
 * it replaces, else the order's next), and the order's label summary under the
 * shippingRev this was decided from.
 */
async function writeManual(
  state: Awaited<ReturnType<typeof parcelState>>,
  want: { name: string; number: string },
  current: ShipmentItem | undefined,
  takeover: string | undefined,
): Promise<ShipmentItem | undefined> {
  const { order, rev } = state;
  const tenantId = useTenantID();
  const userId = doneBy();
  const now = new Date().toISOString();
  const parcel = current?.parcel ?? state.nextParcel;
  const shipment = {
    tenantId,
    shipmentId: createID("shipment"),
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    carrier: "sss" as const,
    carrierAccountId: "",
    carrierName: want.name,
    trackingNumber: want.number,
    parcel,
    parcels: Math.max(current?.parcels ?? 1, parcel),
    labelId: "",
    status: "issued" as const,
    source: "manual" as const,
    printedAt: now,
    history: [{ action: "manual" as const, userId, at: now }],
    isError: false,
  };
  const result = await Database.transaction
    .write((entities) => [
      entities.trackingClaim
        .put({ tenantId, carrier: "sss", trackingNumber: want.number, shipmentId: shipment.shipmentId })
        .where((attr, op) =>
          takeover
            ? `${op.notExists(attr.shipmentId)} OR ${op.eq(attr.shipmentId, takeover)}`
            : op.notExists(attr.shipmentId),
        )
        .commit(),
      entities.shipment.create(shipment).commit(),
      ...(current
        ? [
            entities.shipment
              .patch({ tenantId, shipmentId: current.shipmentId })
              .set({
                status: "cancelled",
                history: [...(current.history ?? []), { action: "cancel", userId, at: now }],
              })
              .composite({ printedAt: current.printedAt, orderId: current.orderId })
              .where(cancellable)
              .commit(),
            entities.liveParcel
              .patch({ tenantId, orderId: order.orderId, parcel })
              .set({ shipmentId: shipment.shipmentId })
              .where((attr, op) => op.eq(attr.shipmentId, current.shipmentId))
              .commit(),
            labelSummary(entities, order, {
              live: 0,
              at: now,
              seenRev: rev,
              numbers: {
                replace: [
                  ...state.live
                    .filter((s) => s.shipmentId !== current.shipmentId)
                    .map((s) => s.trackingNumber),
                  want.number,
                ],
              },
            }).commit(),
          ]
        : [
            entities.liveParcel
              .create({ tenantId, orderId: order.orderId, parcel, shipmentId: shipment.shipmentId })
              .commit(),
            labelSummary(entities, order, {
              live: 1,
              at: now,
              seenRev: rev,
              typed: 1,
              numbers: { add: [want.number] },
            }).commit(),
          ]),
    ])
    .go();
  if (result.canceled) return undefined;
  return get(shipment.shipmentId);
}
