export * as Order from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import {
  AddressInfo,
  addressFromWire,
  addressToWire,
  postalCodeProblems,
  type StoredAddress,
} from "../address";
import { Brand } from "../brand";
import { CounterEntity } from "../counter/entity";
import { isConditionalFailure, lockLost } from "../db/attributes";
import {
  batchGet,
  findManyById,
  PAGE_SIZE,
  type Page,
  type PageRequest,
  page,
  readsById,
} from "../db/records";
import { concurrentUpdate, InputError, NotFoundError, VisibleError } from "../error";
import { ItemCategory } from "../item-category";
import type { LabelParty } from "../label";
import { Sender } from "../sender";
import {
  type DeliverySource,
  deliveryDefaults,
  deliverySchemas,
  type ItemDefaults,
  deliveryCarriers as sharedDeliveryCarriers,
} from "../shared/delivery";
import { OrderBulkUpdate, OrderCustomerUpdate, OrderSenderUpdate, orderTabs } from "../shared/order";
import { isRedacted, redactedAmong } from "../shop/redaction";
import { batchWrite, type WriteRequest, withWriteSlot } from "../sync/batch-write";
import { orderItem } from "../sync/order-item";
import { idFor } from "../util/id";
import { OrderEntity, type OrderItem, type ShipmentStatus, shipmentStatuses } from "./entity";
import { fitIssues } from "./fit-check";
import { platformIdQuery, queriesFor, type SearchToken, tokensOf } from "./search";
import { OrderSearchEntity, tokenItem } from "./search-entity";

export { type ShipmentStatus, shipmentStatuses };

export const tabs = orderTabs;
export type Tab = (typeof tabs)[number];

// ---------------------------------------------------------------------------
// Shapes

/** Times are stored and compared as UTC ISO strings, whatever offset a shop or a caller used. */
const utc = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

/** A person on an order as stored: the purchaser (ご注文者) or the recipient (お届け先). */
export const StoredPerson = z.object({
  name: z.string(),
  nameKana: z.string().default(""),
  company: z.string().default(""),
  postalCode: z.string(),
  prefecture: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string().default(""),
  phone: z.string().default(""),
});
export type StoredPerson = z.infer<typeof StoredPerson>;

export const OrderIssue = z.object({
  field: z.string(),
  message: z.string(),
  suggestion: z.string().optional(),
  /** Set when the issue holds only for this carrier's label (byte limits, Yamato's kanji rule). */
  carrier: z.enum(["japan_post", "sagawa", "yamato"]).optional(),
});
export type OrderIssue = z.infer<typeof OrderIssue>;

export const StoredLineItem = z.object({
  platformLineItemId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int().min(0),
  unitPrice: z.number().int().min(0),
});

/** What a shop sync writes: the normalised platform order (order/normalize.ts makes it). */
export const ShopOrderWrite = z.object({
  shopId: z.string(),
  platform: z.enum(["shopify", "ecforce"]),
  platformOrderId: z.string().min(1),
  orderNumber: z.string().min(1),
  purchasedAt: utc,
  platformUpdatedAt: utc,
  /** What the shop says about fulfilment; combined with our own status on update. */
  platformStatus: z.enum(["unfulfilled", "partially_fulfilled", "fulfilled", "cancelled"]),
  email: z.string(),
  purchaser: StoredPerson,
  customer: StoredPerson,
  lineItems: z.array(StoredLineItem),
  totalAmount: z.number().int().min(0),
  codAmount: z.number().int().min(0).nullable(),
  requestedDeliveryDate: z.string().nullable(),
  requestedTimeSlot: z.string().nullable(),
  note: z.string(),
  isGift: z.boolean(),
  issues: z.array(OrderIssue),
  fulfillmentOrders: z.array(z.unknown()).default([]),
  shopUrl: z.string().optional(),
});
export type ShopOrderWrite = z.input<typeof ShopOrderWrite>;

const WirePerson = z.object({
  name: z.string(),
  name_kana: z.string(),
  company: z.string(),
  ...AddressInfo,
});

export const Info = z
  .object({
    id: z.string(),
    shop_id: z.string(),
    platform: z.enum(["shopify", "ecforce"]),
    order_number: z.string(),
    shopify_order_id: z.string().nullable(),
    shopify_shop_url: z.string().nullable(),
    shipment_status: z.enum(shipmentStatuses),
    is_error: z.boolean(),
    errors: z.array(OrderIssue),
    purchased_at: z.string(),
    email: z.string(),
    purchaser: WirePerson,
    customer: WirePerson,
    delivery: z.record(z.string(), z.unknown()).nullable(),
    sender_id: z.string().nullable(),
    line_items: z.array(
      z.object({ sku: z.string(), name: z.string(), quantity: z.number(), unit_price: z.number() }),
    ),
    total_amount: z.number(),
    cod_amount: z.number().nullable(),
    requested_delivery_date: z.string().nullable(),
    requested_time_slot: z.string().nullable(),
    note: z.string(),
    is_gift: z.boolean(),
    /** Shop-side changes that arrived after the merchant edited the same fields here. */
    shop_changes: z.record(z.string(), z.unknown()).nullable(),
    /** 出力済み: the last carrier file the order went into (format, time, お客様管理番号). */
    exported: z.object({ format: z.string(), at: z.string(), reference: z.string() }).nullable(),
    /** 送り状発行済み: how many labels of the order are live and when the last was printed; null when none. */
    labels: z.object({ live: z.number().int(), last_issued_at: z.string() }).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Order" });
export type Info = z.infer<typeof Info>;

const personToWire = (person: StoredPerson) => ({
  name: person.name,
  name_kana: person.nameKana,
  company: person.company,
  ...addressToWire(person),
});

export function serialize(item: OrderItem): Info {
  const shopify = item.platform === "shopify";
  return {
    id: item.orderId,
    shop_id: item.shopId,
    platform: item.platform,
    order_number: item.orderNumber,
    shopify_order_id: shopify ? (item.platformOrderId.split("/").pop() ?? item.platformOrderId) : null,
    shopify_shop_url: shopify ? (item.shopUrl ?? null) : null,
    shipment_status: item.shipmentStatus,
    is_error: item.isError,
    errors: (item.errors as OrderIssue[] | undefined) ?? [],
    purchased_at: item.purchasedAt,
    email: item.email ?? "",
    purchaser: personToWire(item.purchaser as StoredPerson),
    customer: personToWire(item.customer as StoredPerson),
    delivery: (item.delivery as Record<string, unknown> | undefined) ?? null,
    sender_id: item.senderId ?? null,
    line_items: (item.lineItems as z.infer<typeof StoredLineItem>[]).map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unit_price: line.unitPrice,
    })),
    total_amount: item.totalAmount,
    cod_amount: item.codAmount ?? null,
    requested_delivery_date: item.requestedDeliveryDate ?? null,
    requested_time_slot: item.requestedTimeSlot ?? null,
    note: item.note ?? "",
    is_gift: item.isGift ?? false,
    shop_changes: (item.shopChanges as Record<string, unknown> | undefined) ?? null,
    exported: (item.exported as Info["exported"] | undefined) ?? null,
    labels:
      (item.labelsLive ?? 0) > 0
        ? { live: item.labelsLive!, last_issued_at: item.labelsIssuedAt ?? item.updatedAt }
        : null,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

// ---------------------------------------------------------------------------
// Reads

export const notFound = () => new NotFoundError("order.not_found", "注文が見つかりません。");

export const { find, get } = readsById(
  "order",
  (tenantId, orderId) => OrderEntity.get({ tenantId, orderId }).go(),
  notFound,
);

export const ListQuery = z.object({
  tab: z.enum(tabs).default("notShipped"),
  shopId: z.string().optional(),
  purchasedFrom: utc.optional(),
  purchasedTo: utc.optional(),
  search: z.string().trim().max(100).optional(),
  /** Spec §7: a Shopify order by its numeric id (and shop URL). */
  shopifyOrderId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  shopifyShopUrl: z.string().max(200).optional(),
});
export type ListQuery = z.input<typeof ListQuery>;

/** The most a search answers: it is for finding an order, not for paging through many. */
export const SEARCH_RESULTS = 100;

/**
 * One page of a tab, newest purchase first, served by an index: the status index
 * (with the purchase-date range as a key range), the shop-and-status index, or the
 * sparse error index. Errors of one shop are the one filtered read, bounded to one
 * index page per request.
 */
export async function list(query: ListQuery, request: PageRequest = {}): Promise<Page<OrderItem>> {
  const q = ListQuery.parse(query);
  const tenantId = useTenantID();
  if (q.search || q.shopifyOrderId) return { items: await search(q), cursor: null };
  // Sort keys are `purchasedAt#orderId`: "~" sorts after "#", so the upper bound includes its own second.
  const range = { from: q.purchasedFrom ?? "0000", to: `${q.purchasedTo ?? "9999"}~` };
  const options = { order: "desc" as const };
  if (q.tab === "error") {
    const errors = OrderEntity.query
      .byError({ tenantId })
      .between({ purchasedAt: range.from }, { purchasedAt: range.to });
    if (!q.shopId) return page(errors, request, options);
    // The one filtered list: a bounded read (one index page per request), so a page may be short.
    return page(
      errors.where((attr, op) => op.eq(attr.shopId, q.shopId!)),
      request,
      { ...options, bounded: true },
    );
  }
  const tab = q.shopId
    ? OrderEntity.query.byShop({ tenantId, shopId: q.shopId, shipmentStatus: q.tab })
    : OrderEntity.query.byStatus({ tenantId, shipmentStatus: q.tab });
  return page(tab.between({ purchasedAt: range.from }, { purchasedAt: range.to }), request, options);
}

async function search(q: z.output<typeof ListQuery>): Promise<OrderItem[]> {
  const tenantId = useTenantID();
  const exact = q.shopifyOrderId ? platformIdQuery(q.shopifyOrderId) : undefined;
  const queries = exact ? [exact] : queriesFor(q.search ?? "");
  const matches = await Promise.all(
    queries.map(({ shard, token }) =>
      OrderSearchEntity.query
        .byToken({ tenantId, shard })
        .begins({ token })
        // `limit` asks DynamoDB for that many per request: without it each request reads
        // a full 1 MB page of the shard's tokens to keep the first hundred.
        .go({ count: SEARCH_RESULTS, limit: SEARCH_RESULTS, attributes: ["orderId", "purchasedAt"] }),
    ),
  );
  const ids = [...new Map(matches.flatMap((m) => m.data).map((m) => [m.orderId, m.purchasedAt])).entries()]
    .sort((a, b) => (a[1] < b[1] ? 1 : -1))
    .slice(0, SEARCH_RESULTS)
    .map(([orderId]) => orderId);
  if (ids.length === 0) return [];
  // Through batchGet: keys DynamoDB leaves unprocessed are asked again, not silently dropped.
  const data = await batchGet(
    ids.map((orderId) => ({ tenantId, orderId })),
    (keys) => OrderEntity.get(keys).go(),
  );
  return data
    .filter((order) => (q.tab === "error" ? order.isError : order.shipmentStatus === q.tab))
    .filter((order) => !exact || order.platformOrderId.split("/").pop() === q.shopifyOrderId)
    .filter((order) => !q.shopifyShopUrl || order.shopUrl === q.shopifyShopUrl)
    .filter((order) => !q.shopId || order.shopId === q.shopId)
    .filter((order) => !q.purchasedFrom || order.purchasedAt >= q.purchasedFrom)
    .filter((order) => !q.purchasedTo || order.purchasedAt <= q.purchasedTo)
    .sort((a, b) => (a.purchasedAt < b.purchasedAt ? 1 : -1));
}

/** Per-tab counts, kept as counters beside the orders (never a COUNT over the tenant's orders). */
export async function counts(): Promise<Record<Tab, number>> {
  const tenantId = useTenantID();
  // The tabs are known, so their counters are read by key: a begins_with over the tenant's
  // partition, which also holds every order, is a range read DynamoDB Local does not index.
  const data = await batchGet(
    tabs.map((tab) => ({ tenantId, name: `orders:${tab}` })),
    (keys) => CounterEntity.get(keys).go(),
  );
  const result = Object.fromEntries(tabs.map((tab) => [tab, 0])) as Record<Tab, number>;
  for (const counter of data) {
    const tab = counter.name.slice("orders:".length) as Tab;
    if (tab in result) result[tab] = Math.max(0, counter.count);
  }
  return result;
}

/**
 * Every order of a list (the same tab and filters as `list`), by id and number, for
 * "select all": read through the list's own pages, at most `cap`; `truncated` when
 * more match.
 */
export async function ids(
  query: ListQuery,
  cap: number,
): Promise<{ items: { id: string; orderNumber: string }[]; truncated: boolean }> {
  const items: { id: string; orderNumber: string }[] = [];
  let cursor: string | null = null;
  do {
    const next: Page<OrderItem> = await list(query, { cursor, limit: PAGE_SIZE.max });
    for (const order of next.items) items.push({ id: order.orderId, orderNumber: order.orderNumber });
    cursor = next.cursor;
  } while (cursor && items.length <= cap);
  return { items: items.slice(0, cap), truncated: items.length > cap };
}

// ---------------------------------------------------------------------------
// Writes

/** The id of a shop's platform order: the same natural key always gives the same id. */
export function idOf(shopId: string, platformOrderId: string, purchasedAt: string): string {
  return idFor("order", Date.parse(purchasedAt), `${shopId}|${platformOrderId}`);
}

function statusFromPlatform(
  platformStatus: z.output<typeof ShopOrderWrite>["platformStatus"],
  current: ShipmentStatus | undefined,
): ShipmentStatus {
  if (platformStatus === "cancelled") return "cancelled";
  if (platformStatus === "fulfilled") return current === "archived" ? "archived" : "shipped";
  if (platformStatus === "partially_fulfilled")
    return current === "archived" ? "archived" : "partiallyShipped";
  return current ?? "notShipped";
}

type Tally = Map<Tab, number>;
const bump = (tally: Tally, tab: Tab, by: number) => tally.set(tab, (tally.get(tab) ?? 0) + by);

function tabsOf(order: { shipmentStatus: ShipmentStatus; isError: boolean }): Tab[] {
  return order.isError ? [order.shipmentStatus, "error"] : [order.shipmentStatus];
}

async function applyTally(tally: Tally) {
  const tenantId = useTenantID();
  await Promise.all(
    [...tally.entries()]
      .filter(([, by]) => by !== 0)
      .map(([tab, by]) =>
        CounterEntity.update({ tenantId, name: `orders:${tab}` })
          .add({ count: by })
          .go(),
      ),
  );
}

function searchableOf(order: {
  orderNumber: string;
  platformOrderId: string;
  email?: string;
  purchaser: StoredPerson;
  customer: StoredPerson;
}) {
  return tokensOf({
    orderNumber: order.orderNumber,
    platformOrderIds: [order.platformOrderId],
    names: [order.customer.name, order.purchaser.name],
    kanaNames: [order.customer.nameKana, order.purchaser.nameKana],
    phones: [order.customer.phone, order.purchaser.phone],
    emails: order.email ? [order.email] : [],
    postalCodes: [order.customer.postalCode],
  });
}

const searchableOfItem = (item: OrderItem, customer = item.customer as StoredPerson) =>
  searchableOf({
    orderNumber: item.orderNumber,
    platformOrderId: item.platformOrderId,
    email: item.email,
    purchaser: item.purchaser as StoredPerson,
    customer,
  });

/** The put of one search token of an order, as one request of a BatchWrite. */
function tokenPut(tenantId: string, orderId: string, purchasedAt: string, t: SearchToken): WriteRequest {
  return {
    PutRequest: { Item: tokenItem({ tenantId, shard: t.shard, token: t.token, orderId, purchasedAt }) },
  };
}

/** The token deletes and puts that turn an order's `before` tokens into its `after` tokens. */
function tokenChanges(
  tenantId: string,
  orderId: string,
  purchasedAt: string,
  before: SearchToken[],
  after: SearchToken[],
): WriteRequest[] {
  const keep = new Set(after.map((t) => t.token));
  const had = new Set(before.map((t) => t.token));
  // A token is either removed or added, never both: one BatchWrite may carry them together.
  const removed = before
    .filter((t) => !keep.has(t.token))
    .map((t): WriteRequest => {
      const { Key } = OrderSearchEntity.delete({
        tenantId,
        shard: t.shard,
        token: t.token,
        orderId,
      }).params();
      return { DeleteRequest: { Key } };
    });
  const added = after
    .filter((t) => !had.has(t.token))
    .map((t) => tokenPut(tenantId, orderId, purchasedAt, t));
  return [...removed, ...added];
}

async function replaceTokens(
  orderId: string,
  purchasedAt: string,
  before: SearchToken[],
  after: SearchToken[],
) {
  await batchWrite(tokenChanges(useTenantID(), orderId, purchasedAt, before, after));
}

/** JSON with object keys sorted: DynamoDB gives maps back in any key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Whether a shop's version of an order says nothing the stored order does not already say. */
function sameShopContent(
  existing: OrderItem,
  value: z.output<typeof ShopOrderWrite>,
  edited: Set<string>,
): boolean {
  const shopSide = (order: {
    purchaser: unknown;
    lineItems: unknown;
    totalAmount: unknown;
    email?: unknown;
    note?: unknown;
  }) => canonical([order.purchaser, order.lineItems, order.totalAmount, order.email ?? "", order.note ?? ""]);
  return (
    statusFromPlatform(value.platformStatus, existing.shipmentStatus) === existing.shipmentStatus &&
    shopSide(existing) === shopSide(value) &&
    (edited.has("customer") || canonical(existing.customer) === canonical(value.customer))
  );
}

export type UpsertResult = { orderId: string; outcome: "created" | "updated" | "unchanged" };

/**
 * Writes one order from a shop sync, idempotently: the id comes from (shop,
 * platform order id), creation is conditional, and an update applies only a newer
 * platform version, under an optimistic lock on the version it read. Fields the
 * merchant edited here keep the merchant's values; the shop's new values for them
 * are kept aside in `shopChanges`, visible on the order. A webhook and a scheduled
 * run racing on one order converge on the newest version, whoever writes last.
 */
export async function upsertFromShop(input: ShopOrderWrite, tally?: Tally): Promise<UpsertResult> {
  const value = ShopOrderWrite.parse(input);
  const tenantId = useTenantID();
  const orderId = idOf(value.shopId, value.platformOrderId, value.purchasedAt);
  const ownTally: Tally = tally ?? new Map();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await find(orderId);
    if (!existing) {
      const [item] = await arriveErased([newOrderItem(tenantId, value)]);
      try {
        await OrderEntity.create(item!).go();
      } catch (err) {
        if (isConditionalFailure(err)) continue; // created meanwhile by a racing delivery: read it and merge
        throw err;
      }
      await replaceTokens(orderId, value.purchasedAt, [], searchableOf(item!));
      for (const tab of tabsOf(item!)) bump(ownTally, tab, 1);
      if (!tally) await applyTally(ownTally);
      return { orderId, outcome: "created" };
    }
    const result = await applyToStored(existing, value, ownTally);
    if (result === "conflict") continue; // another writer changed the order meanwhile: re-read
    if (!tally) await applyTally(ownTally);
    return result;
  }
  throw concurrentUpdate();
}

/**
 * Applies a shop's version of an order to the order as stored in `existing`, under the
 * lock of that read (its `updatedAt`): an older version, or the same one again, writes
 * nothing; "conflict" when another writer (a merchant's edit included) changed the order
 * since it was read, so that the caller reads it again and merges.
 */
/**
 * The order's issues once the shop changed it: the import's own (less what the
 * merchant's delivery setting has settled), the label checks of the carrier the
 * merchant chose, and a failed tracking upload's reason. Both of the last belong to
 * this app, so a shop change must not wipe them.
 */
function issuesAfterShopChange(
  existing: OrderItem,
  imported: OrderIssue[],
  customer: StoredPerson,
): OrderIssue[] {
  const carrier = carrierOf(existing);
  const fromShop = existing.delivery
    ? imported.filter((issue) => !issue.field.startsWith("delivery."))
    : imported;
  const ofCarrier =
    carrier && carrier !== "sss"
      ? fitIssues(customer, "customer", carrier).filter((issue) => issue.carrier)
      : [];
  const ofUpload = ((existing.errors as OrderIssue[] | undefined) ?? []).filter(
    (issue) => issue.field === UPLOAD_ISSUE_FIELD || issue.field === LABEL_ISSUE_FIELD,
  );
  return [...fromShop, ...ofCarrier, ...ofUpload];
}

async function applyToStored(
  existing: OrderItem,
  shopVersion: z.output<typeof ShopOrderWrite>,
  tally: Tally,
): Promise<UpsertResult | "conflict"> {
  const value = keepErased(existing, shopVersion);
  const tenantId = useTenantID();
  const { orderId } = existing;
  const edited = new Set(existing.editedFields ?? []);
  if (value.platformUpdatedAt < existing.platformUpdatedAt) return { orderId, outcome: "unchanged" };
  // Platforms stamp changes to the second: a change within the second of the last one
  // carries the same time, so an equal time is compared by content.
  if (value.platformUpdatedAt === existing.platformUpdatedAt && sameShopContent(existing, value, edited))
    return { orderId, outcome: "unchanged" };

  const shopChanges: Record<string, unknown> = { ...((existing.shopChanges as object | undefined) ?? {}) };
  const customer = edited.has("customer") ? (existing.customer as StoredPerson) : value.customer;
  if (edited.has("customer") && canonical(value.customer) !== canonical(existing.customer))
    shopChanges.customer = value.customer;
  const shipmentStatus = statusFromPlatform(value.platformStatus, existing.shipmentStatus);
  const errors = edited.has("customer")
    ? ((existing.errors as OrderIssue[] | undefined) ?? [])
    : issuesAfterShopChange(existing, value.issues, customer);
  const next = { shipmentStatus, isError: errors.length > 0 };
  try {
    await withWriteSlot(() =>
      OrderEntity.patch({ tenantId, orderId })
        .set({
          orderNumber: value.orderNumber,
          platformUpdatedAt: value.platformUpdatedAt,
          shipmentStatus: next.shipmentStatus,
          isError: next.isError,
          errors,
          purchaser: value.purchaser,
          customer,
          lineItems: value.lineItems,
          totalAmount: value.totalAmount,
          email: value.email,
          note: value.note,
          isGift: value.isGift,
          fulfillmentOrders: value.fulfillmentOrders,
          ...(Object.keys(shopChanges).length ? { shopChanges } : {}),
        })
        .composite({ purchasedAt: existing.purchasedAt, shopId: existing.shopId })
        // Any write since our read (a merchant's edit included) changed updatedAt: re-read and merge again.
        .where((attr, op) => op.eq(attr.updatedAt, existing.updatedAt))
        .go(),
    );
  } catch (err) {
    if (isConditionalFailure(err)) return "conflict";
    throw err;
  }
  await replaceTokens(
    orderId,
    existing.purchasedAt,
    searchableOfItem(existing),
    searchableOf({ ...value, customer }),
  );
  for (const tab of tabsOf(existing)) bump(tally, tab, -1);
  for (const tab of tabsOf(next)) bump(tally, tab, 1);
  return { orderId, outcome: "updated" };
}

/** Keys one BatchGetItem reads at most. */
const BATCH_GET_SIZE = 100;

/** The orders of `orderIds` that are stored, by id; what DynamoDB leaves unprocessed is read again. */
async function storedOrders(tenantId: string, orderIds: string[]): Promise<Map<string, OrderItem>> {
  const stored = new Map<string, OrderItem>();
  const chunks: string[][] = [];
  for (let i = 0; i < orderIds.length; i += BATCH_GET_SIZE)
    chunks.push(orderIds.slice(i, i + BATCH_GET_SIZE));
  await Promise.all(
    chunks.map(async (chunk) => {
      let keys = chunk.map((orderId) => ({ tenantId, orderId }));
      for (let round = 0; keys.length > 0; round += 1) {
        if (round >= 10) throw new Error(`BatchGetItem left ${keys.length} keys unprocessed`);
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 50 * 2 ** round)));
        const { data, unprocessed } = await OrderEntity.get(keys).go();
        for (const item of data) stored.set(item.orderId, item);
        keys = unprocessed.map(({ orderId }) => ({ tenantId, orderId }));
      }
    }),
  );
  return stored;
}

/**
 * Writes a page of orders from one sync step: one BatchGet says which orders we have.
 *
 * Orders new to us (most of a first import) are written with unconditional BatchWrites,
 * several in flight (sync/batch-write.ts). That is safe because nothing else can create
 * or change them between the BatchGet and the write: an order is created only by its
 * shop's sync (webhooks and the schedule only enqueue sync work, and upsertFromShop,
 * which tests and tools call, creates conditionally and merges on a lost race), the
 * sync of one shop runs one step at a time under the shop's lease (runStep in
 * sync/run.ts, continuation messages are sent only after a step's writes), and every
 * other write (a merchant's edit, an archive) needs the stored order first.
 * Their tokens are written before them: a step that fails in between leaves at worst a
 * token of an order not stored yet (search skips it; the retry writes the order), never
 * a stored order without its tokens, which the retry would find unchanged and never index.
 *
 * Orders we have are compared with the stored copy the BatchGet read, in memory (a
 * re-sync of unchanged orders writes nothing), and each changed one is written under
 * the lock of that read, several at once; one that changed meanwhile goes through
 * upsertFromShop, which reads it again. An order twice on the page is written a second
 * time after its first write. The tab counts change once per page, after its writes.
 */
export async function upsertPage(input: ShopOrderWrite[]): Promise<UpsertResult[]> {
  const orders = input.map((order) => ShopOrderWrite.parse(order));
  const tenantId = useTenantID();
  const tally: Tally = new Map();
  const ids = orders.map((o) => idOf(o.shopId, o.platformOrderId, o.purchasedAt));
  /** Where each order first appears on the page. */
  const firstAt = new Map<string, number>();
  for (const [i, id] of ids.entries()) if (!firstAt.has(id)) firstAt.set(id, i);
  const stored = await storedOrders(tenantId, [...firstAt.keys()]);
  const results: (UpsertResult | undefined)[] = orders.map(() => undefined);
  const fresh: number[] = [];
  const known: number[] = [];
  for (const [id, i] of firstAt) (stored.has(id) ? known : fresh).push(i);

  const writeFresh = async () => {
    const items = await arriveErased(fresh.map((i) => newOrderItem(tenantId, orders[i]!)));
    await batchWrite(
      items.flatMap((item) =>
        searchableOf(item).map((t) => tokenPut(tenantId, item.orderId, item.purchasedAt, t)),
      ),
    );
    await batchWrite(items.map((item) => ({ PutRequest: { Item: orderItem(item) } })));
    for (const [n, i] of fresh.entries()) {
      for (const tab of tabsOf(items[n]!)) bump(tally, tab, 1);
      results[i] = { orderId: ids[i]!, outcome: "created" };
    }
  };
  const writeKnown = () =>
    Promise.all(
      known.map(async (i) => {
        const result = await applyToStored(stored.get(ids[i]!)!, orders[i]!, tally);
        results[i] = result === "conflict" ? await upsertFromShop(orders[i]!, tally) : result;
      }),
    );
  await Promise.all([writeFresh(), writeKnown()]);
  // Repeats on the page, in page order, each after the order's first write.
  for (const [i, order] of orders.entries()) results[i] ??= await upsertFromShop(order, tally);
  await applyTally(tally);
  return results as UpsertResult[];
}

/** The attributes of an order new to us, from the shop's version (sync/order-item.ts builds its stored item). */
export function newOrderItem(tenantId: string, value: z.output<typeof ShopOrderWrite>) {
  const isError = value.issues.length > 0;
  return {
    tenantId,
    orderId: idOf(value.shopId, value.platformOrderId, value.purchasedAt),
    shopId: value.shopId,
    platform: value.platform,
    platformOrderId: value.platformOrderId,
    orderNumber: value.orderNumber,
    purchasedAt: value.purchasedAt,
    platformUpdatedAt: value.platformUpdatedAt,
    shipmentStatus: statusFromPlatform(value.platformStatus, undefined),
    isError,
    errors: value.issues,
    purchaser: value.purchaser,
    customer: value.customer,
    lineItems: value.lineItems,
    totalAmount: value.totalAmount,
    codAmount: value.codAmount ?? undefined,
    email: value.email,
    requestedDeliveryDate: value.requestedDeliveryDate ?? undefined,
    requestedTimeSlot: value.requestedTimeSlot ?? undefined,
    note: value.note,
    isGift: value.isGift,
    fulfillmentOrders: value.fulfillmentOrders,
    shopUrl: value.shopUrl,
  };
}

export const CustomerUpdate = OrderCustomerUpdate;

/**
 * The merchant corrects the recipient. The edit wins over later shop changes of the
 * recipient (kept aside as a visible conflict), and the order's errors about the
 * recipient are re-checked at once.
 */
export async function updateCustomer(
  orderId: string,
  input: z.input<typeof CustomerUpdate>,
): Promise<OrderItem> {
  const value = CustomerUpdate.parse(input);
  const problems = postalCodeProblems({
    postal_code: value.postal_code,
    prefecture: value.prefecture,
    city: value.city,
  });
  if (Object.keys(problems).length)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", problems);
  const order = await get(orderId);
  const customer: StoredPerson = {
    name: value.name,
    nameKana: value.name_kana,
    company: value.company,
    ...addressFromWire(value),
  };
  // The recipient's own issues are settled by the edit; the label checks run again on the new one.
  const labelCarrier = carrierOf(order);
  const errors = [
    ...((order.errors as OrderIssue[] | undefined) ?? []).filter((e) => !e.field.startsWith("customer")),
    ...fitIssues(customer, "customer", labelCarrier === "sss" ? undefined : labelCarrier),
  ];
  const isError = errors.length > 0;
  await OrderEntity.patch({ tenantId: order.tenantId, orderId })
    .set({ customer, errors, isError })
    .add({ editedFields: ["customer"] })
    .remove(["shopChanges"])
    .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
  await replaceTokens(orderId, order.purchasedAt, searchableOfItem(order), searchableOfItem(order, customer));
  await moveTabs(order, { shipmentStatus: order.shipmentStatus, isError });
  return get(orderId);
}

export const deliveryCarriers = sharedDeliveryCarriers;
export type DeliveryCarrier = (typeof deliveryCarriers)[number];

/** The carrier an order's stored delivery names, if any. */
function carrierOf(order: OrderItem): DeliveryCarrier | undefined {
  const carrier = (order.delivery as { carrier?: DeliveryCarrier } | undefined)?.carrier;
  return carrier && deliveryCarriers.includes(carrier) ? carrier : undefined;
}

/** The order's issues with the label checks of its (new) carrier in place of the old carrier's. */
function issuesFor(
  order: OrderItem,
  customer: StoredPerson,
  carrier: DeliveryCarrier | undefined,
  keep: (issue: OrderIssue) => boolean,
) {
  const kept = ((order.errors as OrderIssue[] | undefined) ?? []).filter(
    (issue) => !issue.carrier && keep(issue),
  );
  const labelCarrier = carrier && carrier !== "sss" ? carrier : undefined;
  const fresh = fitIssues(customer, "customer", labelCarrier).filter((issue) => issue.carrier);
  return [...kept, ...fresh];
}

/** Writes the order's delivery and issues under the lock of its last read, and moves the tab counts. */
async function saveDelivery(
  order: OrderItem,
  delivery: Record<string, unknown> | null,
  errors: OrderIssue[],
) {
  const isError = errors.length > 0;
  // shippingRev: a typed number's shipment is written for the delivery it read (core/src/shipment).
  const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId }).add({
    shippingRev: 1,
  });
  await (delivery === null
    ? patch.set({ errors, isError }).remove(["delivery"])
    : patch.set({ delivery, errors, isError })
  )
    .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
  if (isError !== order.isError) await moveTabs(order, { shipmentStatus: order.shipmentStatus, isError });
  return get(order.orderId);
}

/**
 * Sets how the order ships: the carrier and its codes, validated per carrier
 * (core/src/shared/delivery.ts). The recipient is checked against that carrier's
 * label at once, and the requested-slot issue from the import is settled.
 */
export async function updateDelivery(
  orderId: string,
  carrier: DeliveryCarrier,
  input: unknown,
): Promise<OrderItem> {
  const value = deliverySchemas[carrier].parse(input);
  const order = await get(orderId);
  const errors = issuesFor(
    order,
    order.customer as StoredPerson,
    carrier,
    (issue) => !issue.field.startsWith("delivery."),
  );
  return saveDelivery(order, { carrier, ...value }, errors);
}

/** Back to the brand's defaults: no delivery of its own, no carrier-specific issues. */
export async function resetDelivery(orderId: string): Promise<OrderItem> {
  const order = await get(orderId);
  return saveDelivery(
    order,
    null,
    issuesFor(order, order.customer as StoredPerson, undefined, () => true),
  );
}

export const SenderUpdate = OrderSenderUpdate;

/**
 * Chooses the order's 発送元 among the company's senders (another company's id is not
 * found), or goes back to the brand's default with null.
 */
export async function updateSender(orderId: string, input: z.input<typeof SenderUpdate>): Promise<OrderItem> {
  const { sender_id: senderId } = SenderUpdate.parse(input);
  await assertSender(senderId);
  await writeSender(await get(orderId), senderId);
  return get(orderId);
}

async function assertSender(senderId: string | null) {
  if (senderId !== null && !(await Sender.find(senderId))) {
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      sender_id: "発送元が見つかりません。",
    });
  }
}

async function writeSender(order: OrderItem, senderId: string | null) {
  if ((order.senderId ?? null) === senderId) return;
  const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId });
  await (senderId === null ? patch.remove(["senderId"]) : patch.set({ senderId }))
    .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
    .go()
    .catch(lockLost);
}

export const BulkUpdate = OrderBulkUpdate;
export type BulkResult = { id: string; error?: string };

/**
 * One change for many orders, each order alone: one that cannot take it (not found,
 * changed meanwhile, a delivery its carrier refuses) gets its Japanese reason in the
 * results and the others go ahead.
 */
export async function bulkUpdate(input: z.input<typeof BulkUpdate>): Promise<BulkResult[]> {
  const request = BulkUpdate.parse(input);
  switch (request.action) {
    case "archive":
    case "restore":
      return moveArchive(request.ids, request.action);
    case "set_sender": {
      await assertSender(request.sender_id);
      return eachOrder(request.ids, async (order) => {
        await writeSender(order, request.sender_id);
        return undefined;
      });
    }
    case "set_carrier": {
      const items = await brandItemDefaults();
      const carrier = request.carrier;
      return eachOrder(request.ids, async (order) => {
        if (carrierOf(order) === carrier) return undefined;
        const parsed = deliverySchemas[carrier].safeParse(
          deliveryDefaults(carrier, deliverySourceOf(order), items),
        );
        if (!parsed.success) return parsed.error.issues[0]?.message ?? "配送設定を確認してください";
        const errors = issuesFor(
          order,
          order.customer as StoredPerson,
          carrier,
          (issue) => !issue.field.startsWith("delivery."),
        );
        await saveDelivery(order, { carrier, ...parsed.data }, errors);
        return undefined;
      });
    }
  }
}

/** Runs the change per order; a message it returns, or a known error it throws, is that order's result. */
async function eachOrder(
  ids: string[],
  change: (order: OrderItem) => Promise<string | undefined>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    const order = await find(id);
    if (!order) {
      results.push({ id, error: "注文が見つかりません。" });
      continue;
    }
    try {
      const error = await change(order);
      results.push(error ? { id, error } : { id });
    } catch (err) {
      if (!(err instanceof VisibleError)) throw err;
      results.push({ id, error: err.message });
    }
  }
  return results;
}

function deliverySourceOf(order: OrderItem): DeliverySource {
  return {
    codAmount: order.codAmount ?? null,
    requestedDeliveryDate: order.requestedDeliveryDate ?? null,
    requestedTimeSlot: order.requestedTimeSlot ?? null,
    lineItems: (order.lineItems as { name: string }[] | undefined) ?? [],
  };
}

/**
 * ご依頼主 of each order: its own sender, else the brand's default, else the company
 * itself, as labels and carrier files print it (a carrier file's `ExportSender` has the
 * label's shape). The brand and company are the caller's (read once for a batch of
 * orders), and each sender is read once per resolver.
 */
export async function senderResolver(
  brand: { defaultSenderId?: string } | undefined,
  company: StoredAddress & { name: string },
): Promise<(order: OrderItem) => Promise<LabelParty>> {
  const senders = new Map<string, Promise<LabelParty | undefined>>();
  const senderById = (id: string) => {
    if (!senders.has(id))
      senders.set(
        id,
        Sender.find(id).then((s) => (s ? { ...partyOf(s), company: s.companyName ?? "" } : undefined)),
      );
    return senders.get(id)!;
  };
  const fallback = (brand?.defaultSenderId && (await senderById(brand.defaultSenderId))) || partyOf(company);
  return async (order) => (order.senderId && (await senderById(order.senderId))) || fallback;
}

/** A sender or the company as a party: its name, no company line, every address field ("" when unset). */
function partyOf(person: StoredAddress & { name: string }): LabelParty {
  return { name: person.name, company: "", ...addressFromWire(addressToWire(person)) };
}

/** 品名 and 荷扱い of the brand's default 備考欄設定, when it has one. */
export async function brandItemDefaults(): Promise<ItemDefaults | undefined> {
  return itemDefaultsOf((await Brand.get())?.defaultItemCategoryId);
}

/** 品名 and 荷扱い of a 備考欄設定 (the brand's default, read by the caller), when there is one. */
export async function itemDefaultsOf(categoryId: string | undefined): Promise<ItemDefaults | undefined> {
  const category = categoryId ? await ItemCategory.find(categoryId) : undefined;
  return category
    ? { name: category.name, handling1: category.handling1 ?? "", handling2: category.handling2 ?? "" }
    : undefined;
}

/**
 * The delivery an order ships with by `carrier`, validated: its own when it is set for
 * that carrier, else the carrier's defaults from the order and the 備考欄設定 `items`.
 */
export function deliveryFor(
  order: OrderItem,
  carrier: Exclude<DeliveryCarrier, "sss">,
  items: ItemDefaults | undefined,
) {
  const own = order.delivery as { carrier?: string } | undefined;
  return deliverySchemas[carrier].safeParse(
    own?.carrier === carrier ? own : deliveryDefaults(carrier, deliverySourceOf(order), items),
  );
}

/** Archives orders (out of the working tabs) or restores them to where they were. */
async function moveArchive(ids: string[], action: "archive" | "restore"): Promise<BulkResult[]> {
  const tally: Tally = new Map();
  const results = await eachOrder(ids, async (order) => {
    const target: ShipmentStatus | undefined =
      action === "archive"
        ? order.shipmentStatus === "archived"
          ? undefined
          : "archived"
        : order.shipmentStatus === "archived"
          ? (order.statusBeforeArchive ?? "notShipped")
          : undefined;
    if (!target) return undefined;
    try {
      const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId }).set({
        shipmentStatus: target,
        // Written as read and held by the condition: the error index keeps its keys (OrderEntity.byError).
        isError: order.isError,
        ...(action === "archive" ? { statusBeforeArchive: order.shipmentStatus } : {}),
      });
      await (action === "restore" ? patch.remove(["statusBeforeArchive"]) : patch)
        .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
        .where(
          (attr, op) =>
            `${op.eq(attr.shipmentStatus, order.shipmentStatus)} AND ${op.eq(attr.isError, order.isError)}`,
        )
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      return "他の操作と競合しました。再度お試しください。";
    }
    for (const tab of tabsOf(order)) bump(tally, tab, -1);
    for (const tab of tabsOf({ shipmentStatus: target, isError: order.isError })) bump(tally, tab, 1);
    return undefined;
  });
  await applyTally(tally);
  return results;
}

/**
 * The お客様管理番号 a carrier file carries for the order: the last 12 characters of its
 * id (the ULID's random part: half-width alphanumerics, stable, unique in practice),
 * within ゆうプリR's 15 bytes, so an issued-data file matches back to the order.
 */
export function referenceOf(orderId: string): string {
  return orderId.slice(-12);
}

/** Marks orders 出力済み after a carrier file holding them was stored; the order's content is left alone. */
export async function markExported(orders: OrderItem[], format: string, at: string): Promise<void> {
  await Promise.all(
    orders.map((order) =>
      OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId })
        .set({ exported: { format, at, reference: referenceOf(order.orderId) } })
        .go()
        .catch((err) => {
          // An order deleted meanwhile has nothing to mark.
          if (!isConditionalFailure(err)) throw err;
        }),
    ),
  );
}

// ---------------------------------------------------------------------------
// Tracking upload (core/src/upload)

/** The field of the issue an order carries while a tracking upload of its shipments has failed. */
export const UPLOAD_ISSUE_FIELD = "upload";

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

/** The field of the issue an order carries while its label could not be made (a label part that failed for good). */
export const LABEL_ISSUE_FIELD = "label";

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

type TabState = Parameters<typeof tabsOf>[0];

/** Moves an order's tab counts from where it was to where a write put it (the write's own tally). */
async function moveTabs(from: TabState, to: TabState) {
  const tally: Tally = new Map();
  for (const tab of tabsOf(from)) bump(tally, tab, -1);
  for (const tab of tabsOf(to)) bump(tally, tab, 1);
  await applyTally(tally);
}

const issuesOf = (order: OrderItem) => (order.errors as OrderIssue[] | undefined) ?? [];

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

/** Several orders of the tenant in one BatchGet, by id; ids of another shape are simply absent. */
export const findMany = (orderIds: string[]): Promise<Map<string, OrderItem>> =>
  findManyById("order", "orderId", orderIds, (keys: { tenantId: string; orderId: string }[]) =>
    OrderEntity.get(keys).go(),
  );

// ---------------------------------------------------------------------------
// Privacy (Shopify's compliance webhooks, core/src/shop/privacy.ts)

/** Why an order still to ship cannot ship once its customer's data was erased at their request. */
export const ERASED_ISSUE = "お客様の依頼により個人情報を削除したため、この注文は発送できません。";

const erasedPerson = (): StoredPerson => ({
  name: "",
  nameKana: "",
  company: "",
  postalCode: "",
  prefecture: "",
  city: "",
  address1: "",
  address2: "",
  phone: "",
});

/** The tenant's orders of one shop with these platform order ids (Shopify's numeric ids), by the exact id token. */
export async function idsOfPlatformOrders(shopId: string, platformOrderIds: string[]): Promise<string[]> {
  const tenantId = useTenantID();
  const found = await Promise.all(
    [...new Set(platformOrderIds)].map(async (platformOrderId) => {
      const query = platformIdQuery(platformOrderId);
      if (!query) return [];
      const { data } = await OrderSearchEntity.query
        .byToken({ tenantId, shard: query.shard })
        .begins({ token: query.token })
        .go({ pages: "all", attributes: ["orderId", "token"] });
      return data.filter((t) => t.token === query.token).map((t) => t.orderId);
    }),
  );
  const stored = await findMany(found.flat());
  return [...stored.values()].filter((order) => order.shopId === shopId).map((order) => order.orderId);
}

const stillToShip = (status: ShipmentStatus) => status === "notShipped" || status === "partiallyShipped";

/** What an erased order holds of people: nothing; still to ship, ERASED_ISSUE is its only issue. */
function erasedPeople(shipmentStatus: ShipmentStatus) {
  const errors: OrderIssue[] = stillToShip(shipmentStatus)
    ? [{ field: "customer", message: ERASED_ISSUE }]
    : [];
  return {
    purchaser: erasedPerson(),
    customer: erasedPerson(),
    email: "",
    note: "",
    errors,
    isError: errors.length > 0,
  };
}

/**
 * A shop's version of an order as the merge may apply it: once the order was erased
 * (`erasedAt`), the shop's copy of its people (Shopify keeps them) never comes back,
 * whatever brings that version (a sync, an order webhook's sync, a re-import); its
 * other facts (status, lines, amounts) still do.
 */
function keepErased(
  existing: OrderItem,
  value: z.output<typeof ShopOrderWrite>,
): z.output<typeof ShopOrderWrite> {
  if (!existing.erasedAt) return value;
  const { purchaser, customer, email, note, errors } = erasedPeople(
    statusFromPlatform(value.platformStatus, existing.shipmentStatus),
  );
  return { ...value, purchaser, customer, email, note, issues: errors };
}

/**
 * Orders new to us (newOrderItem's attributes) with the people of those whose
 * redaction Shopify sent before we stored them erased: they are stored erased. The
 * redactions are read after the caller found the orders absent, so a redaction
 * recorded before that read is always applied.
 */
async function arriveErased<T extends ReturnType<typeof newOrderItem>>(items: T[]): Promise<T[]> {
  const keys = items
    .filter((item) => item.platform === "shopify")
    .map(({ shopId, platformOrderId }) => ({ shopId, platformOrderId }));
  const redacted = await redactedAmong(keys);
  if (redacted.size === 0) return items;
  const erasedAt = new Date().toISOString();
  return items.map((item) =>
    isRedacted(redacted, item) ? { ...item, ...erasedPeople(item.shipmentStatus), erasedAt } : item,
  );
}

/**
 * Erases the people of these orders (purchaser, recipient, e-mail, the customer's note,
 * shop-side changes kept aside) and their search tokens, keeping what is not personal
 * (ids, number, amounts, line items, status, delivery, shipments) for the merchant's
 * accounting, and marks them erased (`erasedAt`) in the same write, so that no later
 * shop version brings the people back (keepErased). An order still to ship gets
 * ERASED_ISSUE: it cannot ship without an address.
 */
export async function erasePeople(orderIds: string[]): Promise<number> {
  const stored = await findMany(orderIds);
  const tally: Tally = new Map();
  const erasedAt = new Date().toISOString();
  for (const order of stored.values()) await eraseOrder(order, erasedAt, tally);
  await applyTally(tally);
  return stored.size;
}

/**
 * One order's erasure, under the lock of its read: a sync that wrote the order
 * meanwhile (its people, their tokens) makes it read the order again and erase that,
 * so no token of what the sync wrote is left behind.
 */
async function eraseOrder(read: OrderItem, erasedAt: string, tally: Tally): Promise<void> {
  let order: OrderItem | undefined = read;
  for (let attempt = 0; order && attempt < 5; attempt += 1) {
    const current: OrderItem = order;
    const erased = erasedPeople(current.shipmentStatus);
    try {
      await OrderEntity.patch({ tenantId: current.tenantId, orderId: current.orderId })
        .set({ ...erased, erasedAt: current.erasedAt ?? erasedAt })
        .remove(["shopChanges"])
        .composite({ purchasedAt: current.purchasedAt, shopId: current.shopId })
        .where((attr, op) => op.eq(attr.updatedAt, current.updatedAt))
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      order = await find(current.orderId);
      continue;
    }
    await batchWrite(
      tokenChanges(
        current.tenantId,
        current.orderId,
        current.purchasedAt,
        searchableOfItem(current),
        searchableOf({ ...current, ...erased }),
      ),
    );
    for (const tab of tabsOf(current)) bump(tally, tab, -1);
    for (const tab of tabsOf({ shipmentStatus: current.shipmentStatus, isError: erased.isError }))
      bump(tally, tab, 1);
    return;
  }
  if (order) throw concurrentUpdate();
}

/** Deletes every order of a shop with its search tokens (Shopify's shop/redact), a page at a time; how many. */
export async function deleteShopOrders(shopId: string): Promise<number> {
  const tenantId = useTenantID();
  let deleted = 0;
  for (const shipmentStatus of shipmentStatuses) {
    let cursor: string | null = null;
    do {
      const page: { data: OrderItem[]; cursor: string | null } = await OrderEntity.query
        .byShop({ tenantId, shopId, shipmentStatus })
        .go({ cursor, limit: 100 });
      const tally: Tally = new Map();
      await batchWrite(
        page.data.flatMap((order) =>
          searchableOfItem(order).map((t): WriteRequest => {
            const { Key } = OrderSearchEntity.delete({
              tenantId,
              shard: t.shard,
              token: t.token,
              orderId: order.orderId,
            }).params();
            return { DeleteRequest: { Key } };
          }),
        ),
      );
      await batchWrite(
        page.data.map((order): WriteRequest => {
          const { Key } = OrderEntity.delete({ tenantId, orderId: order.orderId }).params();
          return { DeleteRequest: { Key } };
        }),
      );
      for (const order of page.data) for (const tab of tabsOf(order)) bump(tally, tab, -1);
      await applyTally(tally);
      deleted += page.data.length;
      cursor = page.cursor;
    } while (cursor);
  }
  return deleted;
}
