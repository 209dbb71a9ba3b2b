import { useTenantID } from "../../actor";
import type { LabelParcel } from "../../carriers/label";
import { CarrierAccount } from "../../entities/carrier-account";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { batchGet } from "../../entities/records";
import { Database, type TransactionEntities } from "../../entities/service";
import {
  LabelBatchEntity,
  LiveParcelEntity,
  ShipmentEntity,
  type ShipmentItem,
} from "../../entities/shipment/entity";
import type { PartResult } from "../../entities/shipment/label-results";
import { labelSummary } from "../../entities/shipment/parcels";
import type { Carrier } from "../../shared/brand";
import { idFor } from "../../util/id";
import { type PartContext, partContext } from "./batch";
import { finishPart } from "./finish-part";
import { batchDay, isLabelShipment, toParcel } from "./label-parcel";
import { asPrinted, changedSincePrinted, keepPrinted } from "./printed";
import { type IssuedPart, issuedOf } from "./status";

// ---------------------------------------------------------------------------
// Issue: one part, in the consumer

type OrderOutcome =
  | { orderId: string; shipments: ShipmentItem[]; error?: undefined }
  | { orderId: string; error: string };

/** How long a consumer keeps a batch's set-up: longer than any batch takes to render. */
const SETUP_KEPT_MS = 5 * 60_000;
/** Batches whose set-up a consumer keeps at once (a Lambda instance serves a few at a time). */
const SETUPS_KEPT = 32;
type BatchSetup = {
  kind: "label" | "reissue";
  createdBy: string | null;
  createdAt: string;
  context: PartContext;
};
const setups = new Map<string, { at: number; setup: Promise<BatchSetup | undefined> }>();

/**
 * The batch and what its parts need (accounts, brand, senders), read once per batch in
 * this process: a batch of a thousand orders has twenty parts, and reading the same
 * settings twenty times is most of what a part reads. A batch prints with the settings
 * as they were when its first part ran here, as if it had run all at once.
 */
export function batchSetup(labelId: string): Promise<BatchSetup | undefined> {
  const key = `${useTenantID()}|${labelId}`;
  const now = Date.now();
  const kept = setups.get(key);
  if (kept && now - kept.at < SETUP_KEPT_MS) return kept.setup;
  for (const [old, entry] of setups)
    if (setups.size >= SETUPS_KEPT || now - entry.at >= SETUP_KEPT_MS) setups.delete(old);
  const setup = Promise.all([
    LabelBatchEntity.get({ tenantId: useTenantID(), jobId: labelId }).go(),
    partContext(),
  ]).then(([{ data: batch }, context]) =>
    batch
      ? {
          kind: batch.kind,
          createdBy: batch.createdBy ?? null,
          createdAt: batch.createdAt,
          context: { ...context, startPosition: batch.startPosition },
        }
      : undefined,
  );
  // A batch not found (another tenant's, expired) or a read that failed is not kept.
  setups.set(key, { at: now, setup });
  setup.then(
    (found) => found || setups.delete(key),
    () => setups.delete(key),
  );
  return setup;
}

async function liveShipments(orderId: string): Promise<ShipmentItem[]> {
  const tenantId = useTenantID();
  const { data: live } = await LiveParcelEntity.query.byOrder({ tenantId, orderId }).go({ pages: "all" });
  if (!live.length) return [];
  const data = await batchGet(
    live.map((p) => ({ tenantId, shipmentId: p.shipmentId })),
    (keys) => ShipmentEntity.get(keys).go(),
  );
  return data.sort((a, b) => a.parcel - b.parcel);
}

/** Why an order cannot get a label with this carrier, or what it needs: the account and its parcels. */
type Plan =
  | { orderId: string; error: string }
  | { orderId: string; order: OrderItem; carrier: Carrier; accountId: string; parcels: number };

async function planFor(order: OrderItem, context: PartContext, today: string): Promise<Plan> {
  const orderId = order.orderId;
  if (order.shipmentStatus === "cancelled") return { orderId, error: "キャンセルされた注文です。" };
  const shipping = Order.shippingCarrier(order, context);
  if (!shipping.carrier) return { orderId, error: shipping.reason };
  const chosen = shipping.carrier;
  // The one judgement the エラー tab and every carrier file use; a refusal not yet on the tab is put there.
  const judgement = { ...context, today };
  const judged = await Order.carrierIssues(order, chosen, judgement);
  const blocking = Order.withStoredIssues(order, chosen, judged);
  if (blocking.length) {
    await Order.recordJudgement(order, judged);
    return { orderId, error: blocking.map((i) => i.message).join(" ") };
  }
  const account = context.accounts.get(chosen);
  if (!account)
    return { orderId, error: "配送会社の契約情報が登録されていません。「配送会社連携」で登録してください。" };
  if (account.item.mode !== "self_printed")
    return { orderId, error: "この配送会社は配送会社のソフトで発行する設定です。CSV出力をご利用ください。" };
  const delivery = Order.deliveryFor(order, chosen, context.items);
  if (!delivery.success) return { orderId, error: delivery.error.issues.map((i) => i.message).join(" ") };
  return {
    orderId,
    order,
    carrier: chosen,
    accountId: account.item.carrierAccountId,
    parcels: delivery.data.parcels,
  };
}

const rangeExhausted =
  "追跡番号の番号帯を使い切りました。配送会社から新しい番号帯の割り当てを受けて登録してください。";

/** What an order's issue writes: per parcel its shipment, live parcel and number claim; once the order's label summary. */
const itemsOf = (parcels: number) => parcels * 3 + 1;
/** The parcels one order can be issued with: all of its writes in one transaction (Order.MAX_PARCELS). */
export const MAX_PARCELS = Order.MAX_PARCELS;
/** Orders whose writes share one transaction (each order's writes stay all or nothing either way). */
const ORDERS_PER_TRANSACTION = 10;
/** Items one DynamoDB transaction holds at most. */
const TRANSACTION_ITEMS = 100;
/** Transactions in flight per part: enough to hide the round trips, few enough not to throttle. */
const TRANSACTIONS_IN_FLIGHT = 8;

type Ready = Extract<Plan, { accountId: string }>;

/**
 * A part's orders: those with live labels keep them; the others are planned, their
 * numbers taken in one block per account (numbers only move forward: a crash leaves a
 * gap, never a duplicate), and each order's shipments, live parcels, number claims and
 * label summary written all or nothing. Several orders share a transaction, several
 * transactions at a time; when one is refused (an order another request issued
 * meanwhile, an order changed at that moment) its orders are written again one by one,
 * so only the order concerned is affected. An order that another request issued gets
 * that request's labels; our numbers for it stay unused.
 */
async function issueOrders(
  orders: OrderItem[],
  issued: Set<string>,
  labelId: string,
  context: PartContext,
  batch: { createdBy: string | null; today: string },
): Promise<Map<string, OrderOutcome>> {
  const { createdBy } = batch;
  const tenantId = useTenantID();
  const outcomes = new Map<string, OrderOutcome>();
  const known: Promise<void>[] = [];
  const planned: Promise<Plan>[] = [];
  for (const order of orders) {
    if (issued.has(order.orderId)) {
      known.push(
        liveShipments(order.orderId).then(
          (shipments) => void outcomes.set(order.orderId, { orderId: order.orderId, shipments }),
        ),
      );
      continue;
    }
    planned.push(planFor(order, context, batch.today));
  }
  // Numbers are taken in the part's order of orders, whatever order the judgements finish in.
  const plans: Ready[] = [];
  for (const plan of await Promise.all(planned)) {
    if ("error" in plan) outcomes.set(plan.orderId, plan);
    else plans.push(plan);
  }

  const numbersFor = new Map<string, string[]>();
  await Promise.all(
    [...new Set(plans.map((p) => p.accountId))].map(async (accountId) => {
      const ofAccount = plans.filter((p) => p.accountId === accountId);
      const block = await CarrierAccount.allocateNumbers(
        accountId,
        ofAccount.reduce((sum, p) => sum + p.parcels, 0),
      );
      let next = 0;
      for (const plan of ofAccount) {
        if (next + plan.parcels > block.length) {
          outcomes.set(plan.orderId, { orderId: plan.orderId, error: rangeExhausted });
          continue;
        }
        numbersFor.set(plan.orderId, block.slice(next, next + plan.parcels));
        next += plan.parcels;
      }
    }),
  );

  const now = new Date().toISOString();
  const writes = plans.flatMap((plan) => {
    const numbers = numbersFor.get(plan.orderId);
    if (!numbers) return [];
    const { orderId, order, carrier } = plan;
    const shipments = numbers.map((trackingNumber, i) => ({
      tenantId,
      shipmentId: idFor("shipment", Date.now(), `${labelId}|${orderId}|${i + 1}`),
      orderId,
      orderNumber: order.orderNumber,
      carrier,
      carrierAccountId: plan.accountId,
      trackingNumber,
      parcel: i + 1,
      parcels: plan.parcels,
      labelId,
      status: "issued" as const,
      source: "label" as const,
      printedAt: now,
      history: [{ action: "issue" as const, userId: createdBy, at: now }],
      isError: false,
      createdAt: now,
      updatedAt: now,
    }));
    const items = (entities: TransactionEntities) => [
      ...shipments.flatMap((s) => [
        entities.shipment.create(s).commit(),
        entities.liveParcel
          .create({ tenantId, orderId, parcel: s.parcel, shipmentId: s.shipmentId })
          .commit(),
        entities.trackingClaim
          .create({ tenantId, carrier, trackingNumber: s.trackingNumber, shipmentId: s.shipmentId })
          .commit(),
      ]),
      // Planned from this read of the order: a delivery changed since then refuses the write.
      labelSummary(entities, order, {
        live: shipments.length,
        at: now,
        seenRev: order.shippingRev ?? 0,
        numbers: { add: shipments.map((s) => s.trackingNumber) },
      }).commit(),
    ];
    return [{ plan, shipments: shipments as ShipmentItem[], items }];
  });
  type Write = (typeof writes)[number];

  const written = (write: Write) =>
    void outcomes.set(write.plan.orderId, { orderId: write.plan.orderId, shipments: write.shipments });
  /** One order alone: written, or issued by another request meanwhile, or (after a few conflicts) its reason. */
  const writeOne = async (write: Write) => {
    const { orderId } = write.plan;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = await Database.transaction.write(write.items).go();
      if (!result.canceled) return written(write);
      const raced = await liveShipments(orderId);
      if (raced.length) return void outcomes.set(orderId, { orderId, shipments: raced });
      // Only a write that met another at that moment is worth trying again.
      if (!(result.data as { code?: string }[]).some((r) => r.code === "TransactionConflict")) break;
    }
    outcomes.set(orderId, { orderId, error: "他の操作と競合しました。再度お試しください。" });
  };
  const groups: Write[][] = [];
  for (const write of writes) {
    const group = groups.at(-1);
    const items = (g: Write[]) => g.reduce((sum, w) => sum + itemsOf(w.shipments.length), 0);
    if (
      group &&
      group.length < ORDERS_PER_TRANSACTION &&
      items(group) + itemsOf(write.shipments.length) <= TRANSACTION_ITEMS
    )
      group.push(write);
    else groups.push([write]);
  }
  const writeGroup = async (group: Write[]) => {
    if (group.length === 1) return writeOne(group[0]!);
    const result = await Database.transaction
      .write((entities) => group.flatMap((w) => w.items(entities)))
      .go();
    if (!result.canceled) return group.forEach(written);
    for (const write of group) await writeOne(write);
  };
  const queue = [...groups];
  await Promise.all([
    ...known,
    ...Array.from({ length: TRANSACTIONS_IN_FLIGHT }, async () => {
      for (let group = queue.shift(); group; group = queue.shift()) await writeGroup(group);
    }),
  ]);
  return outcomes;
}

/**
 * Renders one part of a batch: issues each order (or finds its live labels), writes
 * each order's result, renders one PDF per carrier into S3, then records the part and
 * counts its orders in one transaction that runs once per part, so a redelivered
 * part neither duplicates a number nor counts twice.
 */
export async function runPart(
  labelId: string,
  part: number,
  orderIds: string[],
): Promise<IssuedPart | undefined> {
  // Everything the part reads first, at once; all of it is the tenant's own (the keys carry it).
  const [batch, orders] = await Promise.all([batchSetup(labelId), Order.findMany(orderIds)]);
  if (batch?.kind !== "label") return undefined; // another tenant's, expired, or not a new-label batch
  const { context } = batch;
  // The order's label summary is written in the transactions that create and delete its
  // live parcels, so it tells which orders have live labels without reading those.
  const issued = new Set([...orders.values()].filter((o) => (o.labelsLive ?? 0) > 0).map((o) => o.orderId));
  const parcels = new Map<Carrier, LabelParcel[]>();
  const results: PartResult[] = [];
  // In request order: when numbers run short, the orders asked for first get them.
  const inOrder = orderIds.flatMap((id) => orders.get(id) ?? []);
  const today = batchDay(batch.createdAt);
  const outcomes = await issueOrders(inOrder, issued, labelId, context, {
    createdBy: batch.createdBy,
    today,
  });
  const settled: string[] = [];
  const drawn: { shipmentId: string; parcel: LabelParcel }[] = [];
  for (const orderId of orderIds) {
    const order = orders.get(orderId);
    const outcome: OrderOutcome = (order && outcomes.get(orderId)) || {
      orderId,
      error: "注文が見つかりません。",
    };
    if (outcome.error !== undefined || !order) {
      results.push({ orderId, shipmentIds: [], trackingNumbers: [], error: outcome.error });
      continue;
    }
    const shipments = outcome.shipments.filter(isLabelShipment);
    if (!shipments.length) {
      // Its live shipment is a number typed for another delivery company: there is no label to print.
      results.push({ orderId, shipmentIds: [], trackingNumbers: [], error: Order.OTHER_CARRIER_REASON });
      continue;
    }
    if (hasLabelIssue(order)) settled.push(orderId);
    // Labelled by an earlier batch: its numbers print again exactly as they were printed.
    const reprint = shipments.some((s) => s.labelId !== labelId);
    const delivery = Order.deliveryFor(order, shipments[0]!.carrier, context.items);
    const sender = await context.senderOf(order);
    const data = delivery.success ? delivery.data : {};
    let changed = false;
    for (const shipment of shipments) {
      const kept = reprint ? asPrinted(shipment) : undefined;
      const now = toParcel(shipment, order, sender, data, today);
      if (kept && changedSincePrinted(kept, now, Boolean((data as { ship_date?: unknown }).ship_date)))
        changed = true;
      const parcel = kept ?? now;
      if (!kept) drawn.push({ shipmentId: shipment.shipmentId, parcel });
      const list = parcels.get(shipment.carrier) ?? [];
      list.push(parcel);
      parcels.set(shipment.carrier, list);
    }
    results.push({
      orderId,
      shipmentIds: shipments.map((s) => s.shipmentId),
      trackingNumbers: shipments.map((s) => s.trackingNumber),
      ...(reprint ? { reprint: true } : {}),
      ...(changed ? { changed: true } : {}),
    });
  }
  await keepPrinted(useTenantID(), drawn);
  await finishPart(labelId, part, orderIds.length, parcels, results, context);
  // A label that failed before is settled now that the order's labels are printable.
  for (const orderId of settled) await Order.recordLabelIssue(orderId, null);
  return { ...issuedOf(results, batch), autoUploadTracking: context.autoUploadTracking };
}

export const hasLabelIssue = (order: OrderItem) =>
  (order.errors ?? []).some((i) => i.field === Order.LABEL_ISSUE_FIELD);
