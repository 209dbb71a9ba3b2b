import { randomUUID } from "node:crypto";
import { Ecforce } from "../ecforce";
import { Lease } from "../lease";
import { Order } from "../order";
import { normalizeOrder } from "../order/normalize";
import { type Draft, Queue } from "../queue";
import { Shop } from "../shop";
import { EcforceCredentials, openCredentials, ShopSettings, shopifyToken } from "../shop/connect";
import { ShopEntity, type ShopItem } from "../shop/entity";
import type { ImportedOrder } from "../shop/imported-order";
import { Shopify } from "../shopify";

/**
 * One step of a shop's order sync, as the order-sync consumer runs it. A run starts
 * under the shop's lease (a trigger while one runs is recorded as pending and causes
 * exactly one more run), reads pages changed since the last run's start, normalises
 * each order and upserts it by (shop, platform order id), and hands the next cursor
 * to a continuation message, so a run resumes where it stopped and never duplicates.
 * Progress and the last error (Japanese) are on the shop's sync state.
 */

const leaseName = (shopId: string) => `order-sync:${shopId}`;
/** A step reads at most this many pages, then continues in a new message (Lambda time bounds). */
export const PAGES_PER_STEP = 20;
/** Pages of a step being written at once (their BatchWrites share sync/batch-write.ts's limit). */
const PAGES_IN_FLIGHT = 3;
const LEASE_TTL_SECONDS = 15 * 60;
/** Changes written in the shop while a run reads are caught by the next run through this overlap. */
const OVERLAP_MS = 2 * 60_000;

export type PageReader = (
  shop: ShopItem,
  page: { cursor: string | null; updatedSince: string | null },
) => Promise<{ orders: ImportedOrder[]; nextCursor: string | null }>;

const readers: Record<ShopItem["platform"], PageReader> = {
  shopify: async (shop, page) => Shopify.ordersPage(shop.domain, await shopifyToken(shop), page),
  ecforce: async (shop, page) => Ecforce.ordersPage(await openCredentials(shop, EcforceCredentials), page),
};

async function saveState(shop: ShopItem, state: Partial<Shop.SyncState>): Promise<Shop.SyncState> {
  const next = { ...Shop.syncStateOf(shop), ...state };
  await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId }).set({ syncState: next }).go();
  shop.syncState = next;
  return next;
}

function shopUrlOf(shop: ShopItem): string | undefined {
  return shop.platform === "shopify" ? `https://${shop.domain}` : undefined;
}

function keep(order: ImportedOrder, settings: ShopSettings): boolean {
  return settings.include_fulfilled || order.fulfillmentStatus !== "fulfilled" || order.cancelled;
}

export type StepResult = "skipped" | "busy" | "continued" | "finished";

export async function runStep(
  message: Draft<"orderSync">,
  read: Partial<typeof readers> = {},
): Promise<StepResult> {
  const shop = await Shop.find(message.shopId);
  if (shop?.status !== "active") return "skipped";
  const reader = read[shop.platform] ?? readers[shop.platform];
  const settings = ShopSettings.parse(shop.settings ?? {});
  let state = Shop.syncStateOf(shop);

  if (!message.cursor) {
    const runId = randomUUID();
    const lease = await Lease.acquire(leaseName(shop.shopId), {
      owner: runId,
      ttlSeconds: LEASE_TTL_SECONDS,
    });
    if (!lease.acquired) return "busy";
    const startedAt = new Date().toISOString();
    const windowStart = new Date(Date.now() - settings.import_days * 86_400_000).toISOString();
    state = await saveState(shop, {
      running: true,
      runId,
      startedAt,
      seen: 0,
      imported: 0,
      pages: 0,
      runSince: state.updatedSince ?? windowStart,
    });
  } else {
    // A continuation of a run that has since ended (or was replaced) has nothing left to do.
    if (!state.running || state.runId !== message.runId) return "skipped";
    await Lease.renew(leaseName(shop.shopId), state.runId!, LEASE_TTL_SECONDS);
  }

  let cursor = message.cursor ?? null;
  let reading = reader(shop, { cursor, updatedSince: state.runSince });
  // Pages are written while later ones are read and normalised, a few at once: a page's
  // BatchGet, counters and progress overlap the BatchWrites of the others.
  const writing: { ids: Set<string>; done: Promise<void> }[] = [];
  let failure: unknown;
  let progress = Promise.resolve();
  const counted = { seen: state.seen, imported: state.imported, pages: state.pages };
  for (let pages = 0; pages < PAGES_PER_STEP && failure === undefined; pages += 1) {
    const page = await reading.catch(async (err) => {
      await Promise.allSettled(writing.map((w) => w.done));
      throw err;
    });
    // The next page is read from the shop while this one is written here.
    if (page.nextCursor && pages + 1 < PAGES_PER_STEP) {
      reading = reader(shop, { cursor: page.nextCursor, updatedSince: state.runSince });
      reading.catch(() => undefined); // a failure surfaces when it is awaited
    }
    const writes = page.orders
      .filter((order) => keep(order, settings))
      .map((order) => normalizeOrder(order, { shopId: shop.shopId, shopUrl: shopUrlOf(shop) }));
    const ids = new Set(writes.map((w) => Order.idOf(w.shopId, w.platformOrderId, w.purchasedAt)));
    // An order on two pages of one step (changed in the shop while we read) is written by
    // the later page only once the earlier page's writes are done: it reads what those wrote.
    const before = writing.filter((w) => [...ids].some((id) => w.ids.has(id))).map((w) => w.done);
    const done = Promise.all(before)
      .then(() => (writes.length ? Order.upsertPage(writes) : []))
      .then((results) => {
        counted.seen += page.orders.length;
        counted.imported += results.filter((r) => r.outcome !== "unchanged").length;
        counted.pages += 1;
        const snapshot = { ...counted };
        progress = progress.then(async () => {
          state = await saveState(shop, snapshot);
        });
        return progress;
      })
      .catch((err) => {
        failure ??= err;
      });
    writing.push({ ids, done });
    if (writing.length >= PAGES_IN_FLIGHT) await writing.shift()!.done;
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  // Nothing is handed on (a continuation, the end of the run) before every write of the step is done.
  await Promise.all(writing.map((w) => w.done));
  if (failure !== undefined) throw failure;
  if (!cursor) return finish(shop, state);
  const continuation = await Queue.send("orderSync", [
    {
      kind: "order_sync",
      shopId: shop.shopId,
      reason: message.reason,
      requestedAt: new Date().toISOString(),
      runId: state.runId!,
      cursor: cursor!,
      dedupeKey: `run:${state.runId}:${state.pages}`,
    },
  ]);
  if (continuation.failed.length)
    throw new Error(`Could not continue the sync: ${continuation.failed[0]!.reason}`);
  return "continued";
}

async function finish(shop: ShopItem, state: Shop.SyncState): Promise<StepResult> {
  const runId = state.runId!;
  const nextSince = new Date(Date.parse(state.startedAt!) - OVERLAP_MS).toISOString();
  await saveState(shop, {
    running: false,
    lastSuccessAt: new Date().toISOString(),
    lastError: null,
    updatedSince: nextSince,
  });
  const { pending } = await Lease.release(leaseName(shop.shopId), runId);
  if (pending) {
    // Triggers arrived during the run: exactly one more run picks up what they asked for.
    await Queue.send("orderSync", [
      {
        kind: "order_sync",
        shopId: shop.shopId,
        reason: "webhook",
        requestedAt: new Date().toISOString(),
        dedupeKey: `rerun:${runId}`,
      },
    ]);
  }
  return "finished";
}

/** A step failed for the last time: the reason goes on the shop (in Japanese), the run ends, the lease is freed. */
export async function recordFailure(message: Draft<"orderSync">, error: Error): Promise<void> {
  const shop = await Shop.find(message.shopId);
  if (!shop) return;
  const state = Shop.syncStateOf(shop);
  const reason =
    error instanceof Shopify.ShopifyError || error instanceof Ecforce.EcforceError
      ? error.message
      : "注文の取り込み中にエラーが発生しました。時間をおいて再度お試しください。";
  await saveState(shop, { running: false, lastError: reason });
  if (state.runId) await Lease.release(leaseName(shop.shopId), state.runId);
}
