import type { z } from "zod";
import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { batchWrite, withWriteSlot } from "../../db/batch-write";
import { createEach } from "../../db/create-each";
import { concurrentUpdate } from "../../error";
import type { OrderIssue } from "../../shared/order";
import { retryRemaining } from "../../util/retry";
import { emit } from "../webhook-endpoint/emit";
import { carrierOf } from "./edits";
import { OrderEntity, type OrderItem } from "./entity";
import { arriveErased, keepErased } from "./erasure";
import { type ErroredOrder, orderErrorEvent } from "./error-events";
import { fitIssues } from "./fit-check";
import { type Judge, judgedErrors } from "./judgement";
import { idOf, newOrderItem, statusFromPlatform } from "./new-item";
import { orderItem } from "./order-item";
import { find } from "./reads";
import { replaceTokens, searchableOf, searchableOfItem, tokenPut, tokensGiveWay } from "./search-tokens";
import { canonical, LABEL_ISSUE_FIELD, ShopOrderWrite, UPLOAD_ISSUE_FIELD } from "./shapes";
import { applyTally, bump, type Tally, tabsOf } from "./tab-counts";

// ---------------------------------------------------------------------------
// Writes

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
export async function upsertFromShop(
  input: ShopOrderWrite,
  tally?: Tally,
  judge?: Judge,
): Promise<UpsertResult> {
  const value = ShopOrderWrite.parse(input);
  const tenantId = useTenantID();
  const orderId = idOf(value.shopId, value.platformOrderId, value.purchasedAt);
  const ownTally: Tally = tally ?? new Map();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await find(orderId);
    if (!existing) {
      const [item] = await judged(await arriveErased([newOrderItem(tenantId, value)]), judge);
      // Its tokens before the order, as a page writes them: a delivery that fails in between
      // leaves a token search skips, never an order stored without its tokens, which the
      // shop's next delivery would find unchanged and never index.
      await replaceTokens(orderId, value.purchasedAt, [], searchableOf(item!));
      try {
        await OrderEntity.create(item!).go();
      } catch (err) {
        if (!isConditionalFailure(err)) throw err;
        // Created meanwhile by a racing delivery: read it and merge.
        await tokensGiveWay(orderId, value.purchasedAt, searchableOf(item!));
        continue;
      }
      for (const tab of tabsOf(item!)) bump(ownTally, tab, 1);
      if (!tally) await applyTally(ownTally, true);
      return { orderId, outcome: "created" };
    }
    const result = await applyToStored(existing, value, ownTally, judge);
    if (result === "conflict") continue; // another writer changed the order meanwhile: re-read
    if (!tally) await applyTally(ownTally, result.outcome !== "unchanged");
    return result;
  }
  throw concurrentUpdate();
}

/**
 * The order's issues once the shop changed it: the import's own (less what the
 * merchant's delivery setting has settled), the label checks of the carrier the
 * merchant chose, and a failed tracking upload's reason. Both of the last belong to
 * this app, so a shop change must not wipe them.
 */
async function issuesAfterShopChange(
  existing: OrderItem,
  imported: OrderIssue[],
  changed: OrderItem,
  judge: Judge | undefined,
): Promise<OrderIssue[]> {
  const carrier = carrierOf(existing);
  const fromShop = existing.delivery
    ? imported.filter((issue) => !issue.field.startsWith("delivery."))
    : imported;
  const ofCarrier = judge
    ? await judge(changed)
    : carrier && carrier !== "sss"
      ? fitIssues(changed.customer, "customer", carrier).filter((issue) => issue.carrier)
      : [];
  const ofUpload = (existing.errors ?? []).filter(
    (issue) => issue.field === UPLOAD_ISSUE_FIELD || issue.field === LABEL_ISSUE_FIELD,
  );
  return [...fromShop, ...ofCarrier, ...ofUpload];
}

/**
 * Applies a shop's version of an order to the order as stored in `existing`, under the
 * lock of that read (its `updatedAt`): an older version, or the same one again, writes
 * nothing; "conflict" when another writer (a merchant's edit included) changed the order
 * since it was read, so that the caller reads it again and merges.
 */
async function applyToStored(
  existing: OrderItem,
  shopVersion: z.output<typeof ShopOrderWrite>,
  tally: Tally,
  judge?: Judge,
  raised?: ErroredOrder[],
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

  const shopChanges: Record<string, unknown> = { ...existing.shopChanges };
  const customer = edited.has("customer") ? existing.customer : value.customer;
  if (edited.has("customer") && canonical(value.customer) !== canonical(existing.customer))
    shopChanges.customer = value.customer;
  const shipmentStatus = statusFromPlatform(value.platformStatus, existing.shipmentStatus);
  const shopFields = {
    orderNumber: value.orderNumber,
    purchaser: value.purchaser,
    customer,
    lineItems: value.lineItems,
    totalAmount: value.totalAmount,
    email: value.email,
    note: value.note,
    isGift: value.isGift,
    fulfillmentOrders: value.fulfillmentOrders,
  };
  const changed = { ...existing, ...shopFields, shipmentStatus };
  const errors = edited.has("customer")
    ? judge
      ? judgedErrors(existing, await judge(changed))
      : (existing.errors ?? [])
    : await issuesAfterShopChange(existing, value.issues, changed, judge);
  const next = { shipmentStatus, isError: errors.length > 0 };
  const tokensBefore = searchableOfItem(existing);
  const tokensAfter = searchableOf({ ...value, customer });
  // The new values' tokens before the write, the old ones' removal after it: a delivery that
  // fails in between leaves the order found by its old values too, never missing its new ones
  // (the shop's next delivery would find it unchanged and never write them).
  await replaceTokens(orderId, existing.purchasedAt, tokensBefore, tokensAfter, "added");
  try {
    await withWriteSlot(() =>
      OrderEntity.patch({ tenantId, orderId })
        .set({
          ...shopFields,
          platformUpdatedAt: value.platformUpdatedAt,
          shipmentStatus: next.shipmentStatus,
          isError: next.isError,
          errors,
          ...(Object.keys(shopChanges).length ? { shopChanges } : {}),
        })
        .composite({ purchasedAt: existing.purchasedAt, shopId: existing.shopId })
        // Any write since our read (a merchant's edit included) changed updatedAt: re-read and merge again.
        .where((attr, op) => op.eq(attr.updatedAt, existing.updatedAt))
        .go(),
    );
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    // Changed meanwhile: the tokens just added for this copy give way to the stored order's.
    await tokensGiveWay(orderId, existing.purchasedAt, tokensAfter);
    return "conflict";
  }
  await replaceTokens(orderId, existing.purchasedAt, tokensBefore, tokensAfter, "removed");
  for (const tab of tabsOf(existing)) bump(tally, tab, -1);
  for (const tab of tabsOf(next)) bump(tally, tab, 1);
  if (next.isError && !existing.isError) raised?.push({ orderId, orderNumber: existing.orderNumber, errors });
  return { orderId, outcome: "updated" };
}

/**
 * New orders with the judgement of the carrier they ship by (Order.loadJudge) among their
 * issues, so the エラー tab lists from the first sync what a label or a file would refuse.
 */
async function judged<T extends ReturnType<typeof newOrderItem>>(
  items: T[],
  judge: Judge | undefined,
): Promise<T[]> {
  if (!judge) return items;
  return Promise.all(
    items.map(async (item) => {
      const errors = judgedErrors(item, await judge(item));
      return { ...item, errors, isError: errors.length > 0 };
    }),
  );
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
      const readRound = async (keys: { tenantId: string; orderId: string }[]) => {
        const { data, unprocessed } = await OrderEntity.get(keys).go();
        for (const item of data) stored.set(item.orderId, item);
        return unprocessed.map(({ orderId }) => ({ tenantId, orderId }));
      };
      const keys = chunk.map((orderId) => ({ tenantId, orderId }));
      const left = await retryRemaining(keys, readRound, {
        attempts: 10,
        delayMs: (attempt) => Math.min(2_000, 50 * 2 ** attempt),
      });
      if (left.length) throw new Error(`BatchGetItem left ${left.length} keys unprocessed`);
    }),
  );
  return stored;
}

/**
 * Writes a page of orders from one sync step: one BatchGet says which orders we have.
 *
 * Orders new to us (most of a first import) are created each with a conditional put,
 * many in flight (db/create-each.ts): a shop's webhook writes the order it carries at
 * once (workflows/order-sync/webhook-order.ts), so a checkout made during an import may
 * be created by its webhook between the BatchGet and the write. Such an order is then
 * left as the webhook wrote it and merged like an order we have, so it is neither
 * overwritten by an older copy nor counted twice. Their tokens are written before them
 * (BatchWrite): a step that fails in between leaves at worst a token of an order not
 * stored yet (search skips it; the retry writes the order), never a stored order without
 * its tokens, which the retry would find unchanged and never index.
 *
 * Orders we have are compared with the stored copy the BatchGet read, in memory (a
 * re-sync of unchanged orders writes nothing), and each changed one is written under
 * the lock of that read, several at once; one that changed meanwhile goes through
 * upsertFromShop, which reads it again. An order twice on the page is written a second
 * time after its first write. The tab counts change once per page, after its writes.
 */
export async function upsertPage(input: ShopOrderWrite[], judge?: Judge): Promise<UpsertResult[]> {
  const orders = input.map((order) => ShopOrderWrite.parse(order));
  const tenantId = useTenantID();
  const tally: Tally = new Map();
  const ids = orders.map((o) => idOf(o.shopId, o.platformOrderId, o.purchasedAt));
  /** Where each order first appears on the page. */
  const firstAt = new Map<string, number>();
  for (const [i, id] of ids.entries()) if (!firstAt.has(id)) firstAt.set(id, i);
  const stored = await storedOrders(tenantId, [...firstAt.keys()]);
  const results: (UpsertResult | undefined)[] = orders.map(() => undefined);
  /** Orders this page put into the エラー tab, for the integrations that subscribed. */
  const raised: ErroredOrder[] = [];
  const fresh: number[] = [];
  const known: number[] = [];
  for (const [id, i] of firstAt) (stored.has(id) ? known : fresh).push(i);

  const writeFresh = async () => {
    const items = await judged(
      await arriveErased(fresh.map((i) => newOrderItem(tenantId, orders[i]!))),
      judge,
    );
    await batchWrite(
      items.flatMap((item) =>
        searchableOf(item).map((t) => tokenPut(tenantId, item.orderId, item.purchasedAt, t)),
      ),
    );
    const created = await createEach(items.map(orderItem));
    const lost: number[] = [];
    for (const [n, i] of fresh.entries()) {
      if (!created[n]) {
        lost.push(n);
        continue;
      }
      for (const tab of tabsOf(items[n]!)) bump(tally, tab, 1);
      if (items[n]!.isError) raised.push(items[n]!);
      results[i] = { orderId: ids[i]!, outcome: "created" };
    }
    // Created meanwhile by a webhook: the copy is merged like any order we have (below).
    await Promise.all(
      lost.map((n) => tokensGiveWay(items[n]!.orderId, items[n]!.purchasedAt, searchableOf(items[n]!))),
    );
  };
  const writeKnown = () =>
    Promise.all(
      known.map(async (i) => {
        const result = await applyToStored(stored.get(ids[i]!)!, orders[i]!, tally, judge, raised);
        results[i] = result === "conflict" ? await upsertFromShop(orders[i]!, tally, judge) : result;
      }),
    );
  await Promise.all([writeFresh(), writeKnown()]);
  // Repeats on the page, in page order, each after the order's first write.
  for (const [i, order] of orders.entries()) results[i] ??= await upsertFromShop(order, tally, judge);
  await applyTally(
    tally,
    results.some((result) => result?.outcome !== "unchanged"),
  );
  await emit(raised.map(orderErrorEvent));
  return results as UpsertResult[];
}
