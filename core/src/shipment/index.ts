export * as Shipment from "./index";

import { z } from "zod";
import { type Actor, ActorContext, useTenantID } from "../actor";
import { Brand } from "../brand";
import { CarrierAccount } from "../carrier";
import { Company } from "../company";
import type { WhereOf } from "../db/attributes";
import { jobExpiresAt } from "../db/job";
import { batchGet, findManyById, type PageRequest, page, readsById } from "../db/records";
import { Database, type TransactionEntities } from "../db/service";
import { InputError, NotFoundError, RuleError } from "../error";
import { Files } from "../files";
import { type LabelParcel, type LabelParty, renderLabels } from "../label";
import { Order } from "../order";
import { OrderEntity, type OrderItem } from "../order/entity";
import { Queue } from "../queue";
import { type Carrier, carriers } from "../shared/brand";
import {
  type DeliveryCarrier,
  deliverySchemas,
  japanPostCoolTypes,
  sagawaCoolTypes,
  type TimeSlot,
  yamatoCoolTypes,
} from "../shared/delivery";
import { shipmentCarriers, shipmentSources, shipmentStatuses } from "../shared/shipment";
import { batchWrite, type WriteRequest } from "../sync/batch-write";
import { createID, idFor, isID } from "../util/id";
import {
  LabelBatchEntity,
  LabelPartEntity,
  LabelResultEntity,
  LiveParcelEntity,
  ShipmentEntity,
  type ShipmentItem,
  TrackingClaimEntity,
} from "./entity";
import { settleUnqueuedParts } from "./unqueued-parts";

export { checkPartMessage, type PartVerdict } from "./part-check";

/**
 * Shipments and their labels (issue, status, cancel). A label batch answers at once
 * with its id; its parts are rendered by the label-job consumers, each order alone:
 * one with a reason it cannot ship gets that reason in the results and never holds
 * the others up. Numbers come from the account's ranges (CarrierAccount.allocateNumbers)
 * and belong to one shipment for good (TrackingClaim); one live label per order parcel
 * (LiveParcel) whatever runs at the same time.
 */

export const PART_SIZE = 50;
/** The first part is small, so the merchant can start printing within a second while the rest render. */
export const FIRST_PART_SIZE = 10;

/** Ids in parts: a small first one, then PART_SIZE each. */
function partsOf(ids: string[]): string[][] {
  const parts = [ids.slice(0, FIRST_PART_SIZE)];
  for (let i = FIRST_PART_SIZE; i < ids.length; i += PART_SIZE) parts.push(ids.slice(i, i + PART_SIZE));
  return parts;
}
export const MAX_ORDERS = 1000;
const KEEP_DAYS = 90;
const expiresAt = () => jobExpiresAt(KEEP_DAYS);

export const statuses = shipmentStatuses;

export const Info = z
  .object({
    id: z.string(),
    order_id: z.string(),
    order_number: z.string(),
    status: z.enum(statuses),
    carrier: z.enum(shipmentCarriers),
    /** The delivery company the merchant typed (carrier `sss`), else null. */
    carrier_name: z.string().nullable(),
    /** The account that issued the number; "" for a typed number or one imported by order number without an account. */
    carrier_account_id: z.string(),
    tracking_number: z.string(),
    label_id: z.string(),
    parcel: z.number().int(),
    parcels: z.number().int(),
    source: z.enum(shipmentSources),
    printed_at: z.string(),
    is_error: z.boolean(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    history: z.array(z.object({ action: z.string(), user_id: z.string().nullable(), at: z.string() })),
    created_at: z.string(),
  })
  .meta({ id: "Shipment" });
export type Info = z.infer<typeof Info>;

type HistoryEntry = {
  action: "issue" | "reissue" | "cancel" | "import" | "upload" | "manual";
  userId: string | null;
  at: string;
};

export function serialize(item: ShipmentItem): Info {
  return {
    id: item.shipmentId,
    order_id: item.orderId,
    order_number: item.orderNumber,
    status: item.status,
    carrier: item.carrier,
    carrier_name: item.carrierName ?? null,
    carrier_account_id: item.carrierAccountId,
    tracking_number: item.trackingNumber,
    label_id: item.labelId,
    parcel: item.parcel,
    parcels: item.parcels,
    source: item.source,
    printed_at: item.printedAt,
    is_error: item.isError,
    errors: (item.errors as Info["errors"] | undefined) ?? [],
    history: ((item.history as HistoryEntry[] | undefined) ?? []).map((h) => ({
      action: h.action,
      user_id: h.userId,
      at: h.at,
    })),
    created_at: item.createdAt,
  };
}

export const notFound = () => new NotFoundError("shipment.not_found", "出荷情報が見つかりません。");

function userIdOf(actor: Actor | undefined): string | null {
  return actor?.type === "user" ? actor.properties.userId : null;
}

// ---------------------------------------------------------------------------
// Issue: the request

export const IssueRequest = z.object({
  order_ids: z
    .array(z.string().max(64))
    .min(1, { error: "注文を選択してください" })
    .max(MAX_ORDERS, { error: `一度に発行できるのは${MAX_ORDERS}件までです` }),
});

/** Creates the batch and queues its parts; the answer is the label id to follow. */
export async function requestLabels(input: z.input<typeof IssueRequest>): Promise<{ label_id: string }> {
  return startBatch("label", [...new Set(IssueRequest.parse(input).order_ids)]);
}

/**
 * A new batch (`label`: of order ids, `reissue`: of shipment ids): the job, keeping a
 * digest of each part's ids for the consumer's check, then one label-job message per
 * part; the answer is the label id to follow. Parts SQS does not take are settled at
 * once with their reason, so the batch still finishes, and the request answers 503 to
 * be sent again.
 */
async function startBatch(kind: "label" | "reissue", ids: string[]): Promise<{ label_id: string }> {
  const labelId = createID("label");
  const parts = partsOf(ids);
  await LabelBatchEntity.create({
    tenantId: useTenantID(),
    jobId: labelId,
    kind,
    total: ids.length,
    parts: parts.length,
    createdBy: userIdOf(ActorContext.use()) ?? undefined,
    expiresAt: expiresAt(),
    partDigests: parts.map(Queue.partDigest),
    // A part whose message was lost is sent again from these (core/src/redrive).
    partItems: parts,
  }).go();
  const sent = await Queue.send(
    "labelJob",
    parts.map((part, index) => ({
      kind: "label_job" as const,
      dedupeKey: `label:${labelId}:${index}`,
      jobId: labelId,
      part: index,
      ...(kind === "label" ? { orderIds: part } : { shipmentIds: part }),
    })),
  );
  if (sent.failed.length) {
    const unsent = sent.failed.map(({ index }) => ({ part: index, ids: parts[index]! }));
    await settleUnqueuedParts(labelId, kind, unsent, expiresAt());
    throw new Queue.Unavailable("送り状の発行を開始できませんでした。時間をおいて再度お試しください。");
  }
  return { label_id: labelId };
}

// ---------------------------------------------------------------------------
// Issue: one part, in the consumer

type OrderOutcome =
  | { orderId: string; shipments: ShipmentItem[]; error?: undefined }
  | { orderId: string; error: string };

const coolWords: Record<Carrier, Record<string, string>> = {
  yamato: yamatoCoolTypes,
  sagawa: sagawaCoolTypes,
  japan_post: japanPostCoolTypes,
};

/** What a part needs once: accounts, brand items, senders. */
async function partContext() {
  // Read at once, not one after another: a part's set-up is on the way to the first printable part.
  const [brand, company, accountList] = await Promise.all([
    Brand.get(),
    Company.get(),
    Promise.all(carriers.map((carrier) => CarrierAccount.defaultFor(carrier))),
  ]);
  const accounts = new Map(carriers.map((carrier, i) => [carrier, accountList[i]]));
  const [items, senderOf] = await Promise.all([
    Order.itemDefaultsOf(brand?.defaultItemCategoryId),
    Order.senderResolver(brand, company),
  ]);
  return {
    items,
    accounts,
    defaultCarrier: brand?.defaultCarrier,
    printSettings: Brand.serialize(brand).print_settings,
    senderOf,
    autoUploadTracking: Brand.uploadSettingsOf(brand).auto_upload_tracking,
  };
}
type PartContext = Awaited<ReturnType<typeof partContext>>;

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
function batchSetup(labelId: string): Promise<BatchSetup | undefined> {
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
      ? { kind: batch.kind, createdBy: batch.createdBy ?? null, createdAt: batch.createdAt, context }
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

const otherCarrier = "この注文は他の配送会社で発送する設定です。";

/** The carrier an order ships by: its own delivery's, else the brand's default, else the only carrier with an account. */
function carrierFor(order: OrderItem, context: PartContext): Carrier | string {
  const own = (order.delivery as { carrier?: string } | undefined)?.carrier;
  if (own === "sss") return otherCarrier;
  if (own && (carriers as readonly string[]).includes(own)) return own as Carrier;
  if (context.defaultCarrier) return context.defaultCarrier;
  const ready = carriers.filter((c) => context.accounts.get(c));
  if (ready.length === 1) return ready[0]!;
  return "配送会社が決まっていません。注文の配送設定で配送会社を選んでください。";
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

function planFor(order: OrderItem, context: PartContext): Plan {
  const orderId = order.orderId;
  if (order.shipmentStatus === "cancelled") return { orderId, error: "キャンセルされた注文です。" };
  const carrier = carrierFor(order, context);
  if (!(carriers as readonly string[]).includes(carrier)) return { orderId, error: carrier };
  const chosen = carrier as Carrier;
  // A label that failed before (Order.LABEL_ISSUE_FIELD) is what this issue settles, not a reason to refuse it.
  const blocking = ((order.errors as Order.OrderIssue[] | undefined) ?? []).filter(
    (issue) => issue.field !== Order.LABEL_ISSUE_FIELD && (!issue.carrier || issue.carrier === chosen),
  );
  if (blocking.length) return { orderId, error: blocking.map((i) => i.message).join(" ") };
  const account = context.accounts.get(chosen);
  if (!account)
    return { orderId, error: "配送会社の契約情報が登録されていません。「配送会社連携」で登録してください。" };
  if (account.item.mode !== "self_printed")
    return { orderId, error: "この配送会社は配送会社のソフトで発行する設定です。CSV出力をご利用ください。" };
  const delivery = Order.deliveryFor(order, chosen, context.items);
  if (!delivery.success) return { orderId, error: delivery.error.issues.map((i) => i.message).join(" ") };
  if (delivery.data.parcels > MAX_PARCELS)
    return {
      orderId,
      error: `一度に発行できる個数は${MAX_PARCELS}個までです。個数を${MAX_PARCELS}以下にして、残りは別の注文として発行してください。`,
    };
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

/** Items one DynamoDB transaction holds at most. */
const TRANSACTION_ITEMS = 100;
/** What an order's issue writes: per parcel its shipment, live parcel and number claim; once the order's label summary. */
const itemsOf = (parcels: number) => parcels * 3 + 1;
/** The parcels one order can be issued with: all of its writes in one transaction. */
export const MAX_PARCELS = Math.floor((TRANSACTION_ITEMS - 1) / 3);
/** Orders whose writes share one transaction (each order's writes stay all or nothing either way). */
const ORDERS_PER_TRANSACTION = 10;
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
  createdBy: string | null,
): Promise<Map<string, OrderOutcome>> {
  const tenantId = useTenantID();
  const outcomes = new Map<string, OrderOutcome>();
  const plans: Ready[] = [];
  const known: Promise<void>[] = [];
  for (const order of orders) {
    if (issued.has(order.orderId)) {
      known.push(
        liveShipments(order.orderId).then(
          (shipments) => void outcomes.set(order.orderId, { orderId: order.orderId, shipments }),
        ),
      );
      continue;
    }
    const plan = planFor(order, context);
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
      history: [{ action: "issue", userId: createdBy, at: now }],
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
      labelSummary(entities, order, shipments.length, now, order.shippingRev ?? 0).commit(),
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
 * The order's label summary (Order.labelsOf: 送り状発行済み in the list and the drawer),
 * as one item of the transaction that issues (`live` > 0), reissues (0) or cancels (< 0)
 * its labels, so it never disagrees with the live labels.
 */
function labelSummary(
  entities: TransactionEntities,
  order: { orderId: string },
  live: number,
  at?: string,
  seenRev?: number,
) {
  const patch = entities.order
    .patch({ tenantId: useTenantID(), orderId: order.orderId })
    .add({ labelsLive: live, shippingRev: 1 });
  const stamped = at ? patch.set({ labelsIssuedAt: at }) : patch;
  // A slot or typed number chosen from a read holds only while nothing changed since that read.
  return seenRev === undefined
    ? stamped
    : stamped.where((attr, op) =>
        seenRev === 0
          ? `(${op.notExists(attr.shippingRev)} OR ${op.eq(attr.shippingRev, 0)})`
          : op.eq(attr.shippingRev, seenRev),
      );
}

/**
 * What decides an order's next parcel slot, read in the order that makes a stale read
 * fail its write rather than win: the order (its shippingRev) first, then its live
 * parcels and their shipments, each read strongly consistent.
 */
async function parcelState(orderId: string) {
  const tenantId = useTenantID();
  const { data: order } = await OrderEntity.get({ tenantId, orderId }).go({ consistent: true });
  if (!order) throw Order.notFound();
  const { data: parcels } = await LiveParcelEntity.query
    .byOrder({ tenantId, orderId })
    .go({ pages: "all", consistent: true });
  const shipments = parcels.length
    ? await batchGet(
        parcels.map((p) => ({ tenantId, shipmentId: p.shipmentId })),
        (keys) => ShipmentEntity.get(keys).go({ consistent: true }),
      )
    : [];
  return {
    order,
    rev: order.shippingRev ?? 0,
    nextParcel: parcels.reduce((max, p) => Math.max(max, p.parcel), 0) + 1,
    live: shipments.sort((a, b) => a.parcel - b.parcel),
  };
}

/** A shipment with a printed label: one of the label carriers (a manual `sss` one has none). */
type LabelShipment = ShipmentItem & { carrier: Carrier };
const isLabelShipment = (s: ShipmentItem): s is LabelShipment => s.carrier !== "sss";

function toParcel(
  shipment: LabelShipment,
  order: OrderItem,
  sender: LabelParty,
  delivery: Record<string, unknown>,
): LabelParcel {
  const customer = order.customer as Order.StoredPerson;
  const cool = String(delivery.cool_type ?? "0");
  return {
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    parcelIndex: shipment.parcel,
    parcelCount: shipment.parcels,
    orderNumber: order.orderNumber,
    recipient: { ...customer, company: customer.company ?? "", address2: customer.address2 ?? "" },
    sender,
    itemName: String(delivery.item_name ?? ""),
    handling1: String(delivery.handling1 ?? ""),
    handling2: String(delivery.handling2 ?? ""),
    shipDate: (delivery.ship_date as string | null) ?? null,
    deliveryDate: (delivery.delivery_date as string | null) ?? null,
    timeSlot: (delivery.time_slot as TimeSlot) ?? "",
    // Cash is collected once per order: on the first parcel's label.
    codAmount: shipment.parcel === 1 ? ((delivery.cod_amount as number | null) ?? null) : null,
    coolType: cool === "0" ? null : (coolWords[shipment.carrier][cool] ?? null),
  };
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
  const outcomes = await issueOrders(inOrder, issued, labelId, context, batch.createdBy);
  const settled: string[] = [];
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
      results.push({ orderId, shipmentIds: [], trackingNumbers: [], error: otherCarrier });
      continue;
    }
    if (hasLabelIssue(order)) settled.push(orderId);
    const delivery = Order.deliveryFor(order, shipments[0]!.carrier, context.items);
    const sender = await context.senderOf(order);
    for (const shipment of shipments) {
      const list = parcels.get(shipment.carrier) ?? [];
      list.push(toParcel(shipment, order, sender, delivery.success ? delivery.data : {}));
      parcels.set(shipment.carrier, list);
    }
    results.push({
      orderId,
      shipmentIds: shipments.map((s) => s.shipmentId),
      trackingNumbers: shipments.map((s) => s.trackingNumber),
    });
  }
  await finishPart(labelId, part, orderIds.length, parcels, results, context);
  // A label that failed before is settled now that the order's labels are printable.
  for (const orderId of settled) await Order.recordLabelIssue(orderId, null);
  return { ...issuedOf(results, batch), autoUploadTracking: context.autoUploadTracking };
}

const hasLabelIssue = (order: OrderItem) =>
  ((order.errors as Order.OrderIssue[] | undefined) ?? []).some((i) => i.field === Order.LABEL_ISSUE_FIELD);

// ---------------------------------------------------------------------------
// Reissue: the same numbers, printed again with the order's current data

export const ReissueRequest = z.object({
  shipment_ids: z
    .array(z.string().max(64))
    .min(1, { error: "出荷を選択してください" })
    .max(MAX_ORDERS, { error: `一度に再発行できるのは${MAX_ORDERS}件までです` }),
});

/**
 * A reissue batch for torn or misprinted labels: every shipment keeps its number and
 * gets the new label id. Unknown ids (or another company's) are refused as input,
 * before anything is queued.
 */
export async function requestReissue(input: z.input<typeof ReissueRequest>): Promise<{ label_id: string }> {
  const ids = [...new Set(ReissueRequest.parse(input).shipment_ids)];
  const tenantId = useTenantID();
  const valid = ids.filter((id) => isID("shipment", id));
  // Keys DynamoDB leaves unprocessed are asked again: never "not found" for a shipment that exists.
  const found = await batchGet(
    valid.map((shipmentId) => ({ tenantId, shipmentId })),
    (keys) => ShipmentEntity.get(keys).go(),
  );
  const known = new Set(found.map((s) => s.shipmentId));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      shipment_ids: `出荷が見つかりません（${missing.slice(0, 3).join("、")}${missing.length > 3 ? " ほか" : ""}）`,
    });
  return startBatch("reissue", ids);
}

/** One part of a reissue: each shipment printed again under the new label id, or its reason. */
export async function runReissuePart(labelId: string, part: number, shipmentIds: string[]): Promise<void> {
  const tenantId = useTenantID();
  const [batch, stored] = await Promise.all([batchSetup(labelId), findMany(shipmentIds)]);
  if (batch?.kind !== "reissue") return;
  const { context } = batch;
  const orders = await Order.findMany([...new Set([...stored.values()].map((s) => s.orderId))]);
  const parcels = new Map<Carrier, LabelParcel[]>();
  const byOrder = new Map<string, PartResult>();
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
    const own = (order?.delivery as { carrier?: string } | undefined)?.carrier;
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
        ...((shipment.history as HistoryEntry[] | undefined) ?? []),
        { action: "reissue", userId: batch.createdBy ?? null, at: now },
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
          labelSummary(entities, order, 0, now).commit(),
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
    const list = parcels.get(shipment.carrier) ?? [];
    list.push(
      toParcel(shipment, order, await context.senderOf(order), delivery.success ? delivery.data : {}),
    );
    parcels.set(shipment.carrier, list);
    result.shipmentIds.push(shipment.shipmentId);
    result.trackingNumbers.push(shipment.trackingNumber);
  }
  await finishPart(labelId, part, shipmentIds.length, parcels, [...byOrder.values()], context);
  for (const orderId of settled) await Order.recordLabelIssue(orderId, null);
}

/** One order's line in a batch's results. */
type PartResult = {
  orderId: string;
  shipmentIds: string[];
  trackingNumbers: string[];
  cancelled?: string[];
  error?: string;
};

/** A part's results as one item (written again whole when the part runs again). */
async function putResults(labelId: string, part: number, results: PartResult[]) {
  await LabelResultEntity.put({
    tenantId: useTenantID(),
    jobId: labelId,
    part,
    results,
    expiresAt: expiresAt(),
  }).go();
}

async function finishPart(
  labelId: string,
  part: number,
  count: number,
  parcels: Map<Carrier, LabelParcel[]>,
  results: PartResult[],
  context: PartContext,
) {
  const files = [...parcels].map(([carrier, list]) => ({
    carrier,
    key: Files.keyFor("labels", labelId, `${String(part + 1).padStart(3, "0")}-${carrier}.pdf`),
    labels: list.length,
    pdf: renderLabels(list, context.printSettings[carrier]),
  }));
  // The PDFs and the results are written side by side; the part counts only once both are stored.
  await Promise.all([
    ...files.map((f) => Files.put(f.key, f.pdf, "application/pdf")),
    putResults(labelId, part, results),
  ]);
  await recordPart(
    labelId,
    part,
    count,
    files.map(({ carrier, key, labels }) => ({ carrier, key, labels })),
  );
}

/**
 * The part and its count on the batch, in one transaction that applies once: the part
 * is created only if it is not there, so a part run again (or failed after it ran)
 * neither counts twice nor replaces its files.
 */
async function recordPart(
  labelId: string,
  part: number,
  count: number,
  files: { carrier: Carrier; key: string; labels: number }[],
) {
  const tenantId = useTenantID();
  const result = await Database.transaction
    .write((entities) => [
      entities.labelPart
        .create({ tenantId, jobId: labelId, part, orders: count, files, expiresAt: expiresAt() })
        .commit(),
      entities.labelBatch.update({ tenantId, jobId: labelId }).add({ done: count }).commit(),
    ])
    .go();
  if (result.canceled && result.data[0]?.code !== "ConditionalCheckFailed")
    throw new Error(`label part ${labelId}/${part} could not be recorded`);
}

// ---------------------------------------------------------------------------
// Batch status

export const BatchStatus = z
  .object({
    label_id: z.string(),
    status: z.enum(["running", "done"]),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
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

function issuedOf(
  results: PartResult[],
  batch: { createdBy: string | null; createdAt: string },
): PartShipments {
  const shipmentIds = [...new Set(results.filter((r) => !r.error).flatMap((r) => r.shipmentIds))];
  return { shipmentIds, createdBy: batch.createdBy, createdAt: batch.createdAt };
}

/** Where a batch stands: finished parts with download URLs (the first is printable while the rest render) and per-order results. */
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
    .flatMap((p) =>
      (p.files as { carrier: Carrier; key: string; labels: number }[]).map((f) => ({ ...f, part: p.part })),
    );
  return {
    label_id: labelId,
    status: batch.done >= batch.total ? "done" : "running",
    progress: { done: Math.min(batch.done, batch.total), total: batch.total },
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
        error: r.error ?? null,
      })),
  };
}

const labelNotFound = () => new NotFoundError("label.not_found", "送り状の発行情報が見つかりません。");

// ---------------------------------------------------------------------------
// Reading and cancelling shipments

/** Shipments by id, read at once (ids that are not shipments' are left out). */
const findMany = (shipmentIds: string[]): Promise<Map<string, ShipmentItem>> =>
  findManyById("shipment", "shipmentId", shipmentIds, (keys: { tenantId: string; shipmentId: string }[]) =>
    ShipmentEntity.get(keys).go(),
  );

export const { find, get } = readsById(
  "shipment",
  (tenantId, shipmentId) => ShipmentEntity.get({ tenantId, shipmentId }).go(),
  notFound,
);

/** An order's shipments, newest first. */
export async function ofOrder(orderId: string): Promise<ShipmentItem[]> {
  const { data } = await ShipmentEntity.query
    .byOrder({ tenantId: useTenantID(), orderId })
    .go({ pages: "all", order: "desc" });
  return data;
}

/** The condition of a cancel: the shipment is issued, and its upload to the shop never started or failed. */
const cancellable: WhereOf<typeof ShipmentEntity> = (attr, op) =>
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
    ...((shipment.history as HistoryEntry[] | undefined) ?? []),
    { action: "cancel", userId: userIdOf(ActorContext.use()), at: now },
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
    const unused = written.canceled ? files : (recorded.files as { key: string }[]);
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

/**
 * A part that failed for the last time (its message goes to the DLQ): every order of
 * it without a reason of its own gets this one, in the batch's results and on the
 * order itself (its エラー tab, until a later issue of it succeeds), and the part
 * counts as done so the batch finishes and the merchant sees what happened instead
 * of a bar that never moves. `ids` are the part's orders, or for a reissue its shipments.
 */
export async function failPart(labelId: string, part: number, ids: string[], reason: string) {
  const tenantId = useTenantID();
  const { data: batch } = await LabelBatchEntity.get({ tenantId, jobId: labelId }).go();
  if (!batch) return;
  const orderIds =
    batch.kind === "label"
      ? ids
      : [
          ...new Set(
            (
              await ShipmentEntity.get(
                ids.filter((id) => isID("shipment", id)).map((shipmentId) => ({ tenantId, shipmentId })),
              ).go()
            ).data.map((s) => s.orderId),
          ),
        ];
  const { data: existing } = await LabelResultEntity.get({ tenantId, jobId: labelId, part }).go();
  // An order refused for its own reason keeps it; one whose labels were made but never stored as a PDF gets this one.
  const ownReason = new Map(
    ((existing?.results ?? []) as PartResult[]).filter((r) => r.error).map((r) => [r.orderId, r]),
  );
  const message = `送り状を作成できませんでした（${reason.slice(0, 200)}）。再度発行してください。`;
  const failed = orderIds.filter((id) => !ownReason.has(id));
  await putResults(
    labelId,
    part,
    orderIds.map(
      (orderId) =>
        ownReason.get(orderId) ?? { orderId, shipmentIds: [], trackingNumbers: [], error: message },
    ),
  );
  for (const orderId of failed) await Order.recordLabelIssue(orderId, message);
  await recordPart(labelId, part, ids.length, []);
}

// ---------------------------------------------------------------------------
// History

export const ListQuery = z.object({
  order_id: z.string().max(64).optional(),
  status: z.enum(statuses).optional(),
  printed_from: z.string().optional(),
  printed_to: z.string().optional(),
});

/** 出荷履歴, newest first: by status, or every status, within a printed-at range; from indexes, a page at a time. */
export async function list(query: z.input<typeof ListQuery>, request: PageRequest = {}) {
  const { order_id: orderId, status, printed_from: from, printed_to: to } = ListQuery.parse(query);
  const tenantId = useTenantID();
  // An order's shipments are few: every one, newest first, in one page.
  if (orderId) return { items: await ofOrder(orderId), cursor: null };
  const range = { printedAt: from ?? "" };
  const base = status
    ? ShipmentEntity.query.byStatus({ tenantId, status })
    : ShipmentEntity.query.byPrinted({ tenantId });
  const bounded = from || to ? base.between({ ...range }, { printedAt: to ?? "\uffff" }) : base;
  return page<ShipmentItem>(bounded, request, { order: "desc" });
}

// ---------------------------------------------------------------------------
// Numbers from the carrier's own software (the issued-data import)

export type ImportOutcome =
  | { state: "created"; shipment: ShipmentItem }
  | { state: "unchanged"; shipmentId: string }
  | { state: "rejected"; reason: string };

/**
 * Records a number the carrier's software issued for an order: a shipment from the
 * import, the order's next parcel, the number claimed for good. The same number for
 * the same order again is unchanged (importing a file twice changes nothing); a
 * number another order holds is refused.
 */
export async function recordImported(input: {
  order: OrderItem;
  carrier: Carrier;
  carrierAccountId: string;
  trackingNumber: string;
  importId: string;
  parcels: number;
  createdBy: string | null;
}): Promise<ImportOutcome> {
  const tenantId = useTenantID();
  const { order, carrier, trackingNumber } = input;
  const claimed = async (): Promise<ImportOutcome | undefined> => {
    const { data: claim } = await TrackingClaimEntity.get({ tenantId, carrier, trackingNumber }).go();
    if (!claim) return undefined;
    const holder = await find(claim.shipmentId);
    return holder?.orderId === order.orderId
      ? { state: "unchanged", shipmentId: claim.shipmentId }
      : { state: "rejected", reason: "この追跡番号は別の注文の出荷に登録済みです。" };
  };
  // Two numbers for one order at once (a file with two rows for it, two imports) race for
  // its next parcel; the loser reads the order again and takes the slot after.
  for (let round = 0; round < 5; round += 1) {
    const before = await claimed();
    if (before) return before;
    const { rev, nextParcel: parcel } = await parcelState(order.orderId);
    const now = new Date().toISOString();
    const shipment = {
      tenantId,
      shipmentId: idFor("shipment", Date.now(), `${carrier}|${trackingNumber}`),
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      carrier,
      carrierAccountId: input.carrierAccountId,
      trackingNumber,
      parcel,
      parcels: Math.max(input.parcels, parcel),
      labelId: input.importId,
      status: "issued" as const,
      source: "import" as const,
      printedAt: now,
      history: [{ action: "import", userId: input.createdBy, at: now }],
      isError: false,
    };
    const result = await Database.transaction
      .write((entities) => [
        entities.trackingClaim
          .create({ tenantId, carrier, trackingNumber, shipmentId: shipment.shipmentId })
          .commit(),
        entities.shipment.create(shipment).commit(),
        entities.liveParcel
          .create({ tenantId, orderId: order.orderId, parcel, shipmentId: shipment.shipmentId })
          .commit(),
        labelSummary(entities, order, 1, now, rev).commit(),
      ])
      .go();
    if (!result.canceled) return { state: "created", shipment: await get(shipment.shipmentId) };
  }
  return (
    (await claimed()) ?? {
      state: "rejected",
      reason: "他の操作と競合しました。もう一度取り込んでください。",
    }
  );
}

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
  const userId = userIdOf(ActorContext.use());
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
    history: [{ action: "manual", userId, at: now }],
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
                history: [
                  ...((current.history as HistoryEntry[] | undefined) ?? []),
                  { action: "cancel", userId, at: now },
                ],
              })
              .composite({ printedAt: current.printedAt, orderId: current.orderId })
              .where(cancellable)
              .commit(),
            entities.liveParcel
              .patch({ tenantId, orderId: order.orderId, parcel })
              .set({ shipmentId: shipment.shipmentId })
              .where((attr, op) => op.eq(attr.shipmentId, current.shipmentId))
              .commit(),
            labelSummary(entities, order, 0, now, rev).commit(),
          ]
        : [
            entities.liveParcel
              .create({ tenantId, orderId: order.orderId, parcel, shipmentId: shipment.shipmentId })
              .commit(),
            labelSummary(entities, order, 1, now, rev).commit(),
          ]),
    ])
    .go();
  if (result.canceled) return undefined;
  return get(shipment.shipmentId);
}

// ---------------------------------------------------------------------------
// Privacy (Shopify's shop/redact, core/src/shop/privacy.ts)

/**
 * Deletes these orders' shipments with what hangs on them: their live parcels, their
 * numbers' claims and their lines in the label batches' results. The label PDFs stay until
 * the bucket's 90-day expiry (a part's PDF holds other orders' labels too). How many
 * shipments went.
 */
export async function deleteOfOrders(orderIds: string[]): Promise<number> {
  const tenantId = useTenantID();
  let deleted = 0;
  const batches = new Set<string>();
  for (const orderId of orderIds) {
    const shipments = await ofOrder(orderId);
    const { data: live } = await LiveParcelEntity.query.byOrder({ tenantId, orderId }).go({ pages: "all" });
    for (const s of shipments) if (isID("label", s.labelId)) batches.add(s.labelId);
    const keys = [
      ...live.map((p) => LiveParcelEntity.delete({ tenantId, orderId, parcel: p.parcel }).params().Key),
      ...shipments.map(
        (s) =>
          TrackingClaimEntity.delete({
            tenantId,
            carrier: s.carrier,
            trackingNumber: s.trackingNumber,
          }).params().Key,
      ),
      ...shipments.map((s) => ShipmentEntity.delete({ tenantId, shipmentId: s.shipmentId }).params().Key),
    ];
    await batchWrite(keys.map((Key): WriteRequest => ({ DeleteRequest: { Key } })));
    deleted += shipments.length;
  }
  const gone = new Set(orderIds);
  for (const labelId of batches) {
    const { data: parts } = await LabelResultEntity.query
      .byJob({ tenantId, jobId: labelId })
      .go({ pages: "all" });
    for (const stored of parts) {
      const results = stored.results as PartResult[];
      const kept = results.filter((r) => !gone.has(r.orderId));
      if (kept.length < results.length) await putResults(labelId, stored.part, kept);
    }
  }
  return deleted;
}
