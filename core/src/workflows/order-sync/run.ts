import { createHash } from "node:crypto";
import { BEAT_EVERY_MS } from "../../entities/jobs/heartbeat";
import { beat, beginStep, end as endMarker, handOff } from "../../entities/jobs/sync-run-marker";
import { Order } from "../../entities/order";
import { Shop } from "../../entities/shop";
import { EcforceCredentials, openCredentials, shopifyToken } from "../../entities/shop/credentials";
import { ShopEntity, type ShopItem } from "../../entities/shop/entity";
import { VisibleError } from "../../error";
import { Lease } from "../../lease";
import { Ecforce } from "../../platforms/ecforce";
import { Shopify } from "../../platforms/shopify";
import { Queue, type ShopSyncDraft } from "../../queue";
import { ShopSettings } from "../../shared/shop";
import { deleteShop } from "../privacy";
import { type BulkReader, isBulkCursor, planBulk } from "./bulk-import";
import { claimWait, isWaitCursor } from "./bulk-wait";
import { importedCount, shopWrites } from "./kept-orders";
import type { PageReader } from "./page-reader";

/**
 * One step of a shop's order sync, as the order-sync consumer runs it. A run starts
 * under the shop's lease (a trigger while one runs is recorded as pending and causes
 * exactly one more run), reads pages changed since the last run's start, normalises
 * each order and upserts it by (shop, platform order id), and hands the next cursor
 * to a continuation message, so a run resumes where it stopped and never duplicates.
 * Progress and the last error (Japanese) are on the shop's sync state.
 */

const leaseName = (shopId: string) => `order-sync:${shopId}`;
/**
 * A step reads pages until it has run for `ms` or read `pages` of them, then continues in
 * a new message. Time is the real limit: a shop on a small plan makes each page wait for
 * its cost bucket, so a count of pages alone could outlast the consumer's 300 s; a page
 * already asked for (and its throttling pauses) comes on top, and the step's writes
 * drain after it. At local speed a 10,000-order first import is one step, so it never
 * stops to drain its writes and start again.
 */
export type StepLimits = { pages: number; ms: number };
export const STEP_LIMITS: StepLimits = { pages: 1_000, ms: 60_000 };
/** Pages of a step being written at once (their writes share db/batch-write.ts's and db/create-each.ts's limits). */
const PAGES_IN_FLIGHT = 4;
/**
 * Short, and renewed with the heartbeat while a step runs: a run whose consumer died
 * frees the shop within this time, so a later trigger starts a new run instead of only
 * marking the dead one's lease pending. Between steps (a continuation waiting in the
 * queue) it may lapse; the continuation takes it again if nobody else has.
 */
const LEASE_TTL_SECONDS = 90;
/** Changes written in the shop while a run reads are caught by the next run through this overlap. */
const OVERLAP_MS = 2 * 60_000;
/** Progress (GET /api/shops) is saved at most this often while a step runs, and at its end. */
const PROGRESS_EVERY_MS = 400;

export type { PageReader } from "./page-reader";

/**
 * The shop's page reader for one step: its credentials are opened (and a Shopify token
 * about to lapse refreshed) once, before anything is read or written.
 */
async function openReader(shop: ShopItem): Promise<PageReader> {
  if (shop.platform === "shopify") {
    const token = await shopifyToken(shop);
    return (s, page) => Shopify.ordersPage(s.domain, token, page);
  }
  const credentials = await openCredentials(shop, EcforceCredentials);
  return (_s, page) => Ecforce.ordersPage(credentials, page);
}

async function saveState(shop: ShopItem, state: Partial<Shop.SyncState>): Promise<Shop.SyncState> {
  const next = { ...Shop.syncStateOf(shop), ...state };
  await ShopEntity.patch({ tenantId: shop.tenantId, shopId: shop.shopId }).set({ syncState: next }).go();
  shop.syncState = next;
  return next;
}

/**
 * A run's id follows from the message that starts it, so a redelivery of that message
 * (its first attempt failed or died) is recognised as the same run and resumes it.
 */
function runIdOf(message: ShopSyncDraft): string {
  return createHash("sha256")
    .update(`${message.shopId}|${message.dedupeKey}|${message.requestedAt}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Whether a message for the shop has work to do: an active shop syncs, and a shop
 * Shopify asked to redact (inactive by then) is deleted. Anything else (a shop
 * disconnected here or uninstalled in Shopify) is skipped, and the 15-minute schedule
 * does not ask for it (shopsDueForSync in workflows/order-sync/index.ts).
 */
export function runsFor(shop: Pick<ShopItem, "status" | "redactRequestedAt">): boolean {
  return shop.status === "active" || Boolean(shop.redactRequestedAt);
}

export type StepResult = "skipped" | "busy" | "continued" | "finished" | "failed";

type Counts = { seen: number; imported: number; pages: number };

export async function runStep(
  message: ShopSyncDraft,
  read: Partial<Record<ShopItem["platform"], PageReader>> = {},
  limits: StepLimits = STEP_LIMITS,
): Promise<StepResult> {
  const shop = await Shop.find(message.shopId);
  if (shop?.redactRequestedAt) {
    // Shopify's shop/redact: the shop's records are deleted here, off the webhook's request.
    await deleteShop(shop);
    return "finished";
  }
  if (!shop || !runsFor(shop)) return "skipped";
  const entered = await enterStep(shop, message);
  if (typeof entered === "string") return entered;
  const stopBeating = keepBeating(shop.shopId, entered.state.runId!);
  try {
    return await runPages(
      shop,
      entered.state,
      { ...message, cursor: entered.cursor ?? undefined },
      read,
      limits,
    );
  } finally {
    stopBeating();
  }
}

/**
 * Takes the shop for the step: a first message starts a run (or resumes its own, when
 * redelivered); a message naming a run (a continuation, or the sweep's re-drive of a
 * step whose consumer died, from that step's cursor) goes on with it while the shop
 * still shows it. The run's marker is written before the shop shows the run, so a run
 * the shop shows always has one the sweep can find.
 */
async function enterStep(
  shop: ShopItem,
  message: ShopSyncDraft,
): Promise<{ state: Shop.SyncState; cursor: string | null } | StepResult> {
  const settings = ShopSettings.parse(shop.settings ?? {});
  let state = Shop.syncStateOf(shop);
  let cursorIn = message.cursor ?? null;
  if (!message.runId) {
    const runId = runIdOf(message);
    const resuming = state.running && state.runId === runId && (await holdLease(shop.shopId, runId));
    if (resuming) {
      await beginStep(shop.shopId, runId, null);
      return { state, cursor: null };
    }
    const lease = await Lease.acquire(leaseName(shop.shopId), {
      owner: runId,
      ttlSeconds: LEASE_TTL_SECONDS,
    });
    if (!lease.acquired) return "busy";
    await beginStep(shop.shopId, runId, null);
    const windowStart = new Date(Date.now() - settings.import_days * 86_400_000).toISOString();
    const started = await saveState(shop, {
      running: true,
      runId,
      startedAt: new Date().toISOString(),
      seen: 0,
      imported: 0,
      pages: 0,
      runSince: state.updatedSince ?? windowStart,
      stepCursor: null,
      stepBase: { seen: 0, imported: 0, pages: 0 },
      expected: null,
      method: shop.platform === "shopify" ? null : "paged",
      bulk: null,
    });
    return { state: started, cursor: null };
  }
  // A continuation of a run that has since ended (or was replaced) has nothing left to do.
  if (!state.running || state.runId !== message.runId) return "skipped";
  if (!(await holdLease(shop.shopId, message.runId))) return "busy";
  if (isWaitCursor(cursorIn)) {
    // The delayed look and the finish webhook both carry a wait: the first to claim it goes on.
    const claimed = await claimWait(shop.shopId, message.runId, cursorIn!);
    if (!claimed) return "skipped";
    cursorIn = claimed;
  }
  await beginStep(shop.shopId, message.runId, cursorIn);
  if (state.stepCursor !== cursorIn) {
    state = await saveState(shop, {
      stepCursor: cursorIn,
      stepBase: { seen: state.seen, imported: state.imported, pages: state.pages },
    });
  }
  return { state, cursor: cursorIn };
}

/** Renews the run's lease, or takes it again when it lapsed between steps and nobody else took it. */
async function holdLease(shopId: string, runId: string): Promise<boolean> {
  if (await Lease.renew(leaseName(shopId), runId, LEASE_TTL_SECONDS)) return true;
  const lease = await Lease.acquire(leaseName(shopId), { owner: runId, ttlSeconds: LEASE_TTL_SECONDS });
  return lease.acquired;
}

/**
 * While a step runs, its lease and its marker's heartbeat are refreshed every
 * BEAT_EVERY_MS; a failed refresh is tried again at the next beat (the limit allows a few).
 */
function keepBeating(shopId: string, runId: string): () => void {
  const timer = setInterval(() => {
    void Promise.all([Lease.renew(leaseName(shopId), runId, LEASE_TTL_SECONDS), beat(shopId, runId)]).catch(
      () => undefined,
    );
  }, BEAT_EVERY_MS);
  return () => clearInterval(timer);
}

/** The step's pages from the message's cursor; then the continuation, or the end of the run. */
async function runPages(
  shop: ShopItem,
  entered: Shop.SyncState,
  message: ShopSyncDraft,
  read: Partial<Record<ShopItem["platform"], PageReader>>,
  limits: StepLimits,
): Promise<StepResult> {
  let state = entered;
  let cursorIn = message.cursor ?? null;
  const stepStarted = Date.now();
  let reader: PageReader;
  let bulkReader: BulkReader | undefined;
  try {
    reader = read[shop.platform] ?? (await openReader(shop));
    if (shop.platform === "shopify" && !read.shopify) {
      const plan = await planBulk(shop, state, cursorIn, {
        save: async (change) => {
          state = await saveState(shop, change);
          return state;
        },
      });
      if (plan.kind === "empty") return finish(shop, state);
      if (plan.kind === "wait")
        return continueWith(shop, state, message, plan.cursor, plan.cursor, plan.delaySeconds);
      if (plan.kind === "read") reader = bulkReader = plan.reader;
      cursorIn = plan.cursor;
    }
  } catch (err) {
    // A refused token refresh or lost credentials do not mend by retrying: the merchant reconnects.
    if (!isAuthFailure(err)) throw err;
    await endRun(shop, state, (err as Error).message);
    return "failed";
  }
  try {
    return await readPages(shop, state, message, cursorIn, reader, limits, stepStarted);
  } finally {
    await bulkReader?.close();
  }
}

/** Pages from `cursorIn` until the step's limits; then the continuation, or the end of the run. */
async function readPages(
  shop: ShopItem,
  entered: Shop.SyncState,
  message: ShopSyncDraft,
  cursorIn: string | null,
  reader: PageReader,
  limits: StepLimits,
  stepStarted: number,
): Promise<StepResult> {
  const settings = ShopSettings.parse(shop.settings ?? {});
  let state = entered;
  // A step counts from where it began, not from what an earlier attempt of it (which
  // failed or died after writing some pages) already counted: a retry never counts twice.
  const base: Counts = state.stepCursor === cursorIn && state.stepBase ? state.stepBase : state;
  /**
   * Whether orders of this step's pages may already have been written by this run: by an
   * earlier attempt of the step (which failed or died after writing some pages), or, when
   * the run pages after giving its bulk query up, by the step that wrote the newest orders
   * first or by file pages read before the file failed.
   */
  const retry = base.pages !== state.pages || base.seen !== state.seen || Boolean(state.bulk?.abandoned);

  let cursor = cursorIn;
  // The carriers, senders and 備考欄設定 every order of the step is judged by (the エラー tab's reasons).
  const { judge } = await Order.loadJudge();
  let reading = reader(shop, { cursor, updatedSince: state.runSince });
  // Pages are written while later ones are read and normalised, a few at once: a page's
  // BatchGet, counters and progress overlap the writes of the others.
  const writing: { ids: Set<string>; done: Promise<void> }[] = [];
  let failure: unknown;
  const counted: Counts = { seen: base.seen, imported: base.imported, pages: base.pages };
  const progress = progressSaver(shop, (saved) => {
    state = saved;
  });
  for (let pages = 0; failure === undefined; pages += 1) {
    const page = await reading.catch(async (err) => {
      await Promise.allSettled(writing.map((w) => w.done));
      await progress.flush().catch(() => undefined);
      throw err;
    });
    const readOn =
      page.nextCursor !== null && pages + 1 < limits.pages && Date.now() - stepStarted < limits.ms;
    // The next page is read from the shop while this one is written here.
    if (readOn) {
      reading = reader(shop, { cursor: page.nextCursor, updatedSince: state.runSince });
      reading.catch(() => undefined); // a failure surfaces when it is awaited
    }
    const writes = shopWrites(shop, page.orders, settings);
    const ids = new Set(writes.map((w) => Order.idOf(w.shopId, w.platformOrderId, w.purchasedAt)));
    // An order on two pages of one step (changed in the shop while we read) is written by
    // the later page only once the earlier page's writes are done: it reads what those wrote.
    const before = writing.filter((w) => [...ids].some((id) => w.ids.has(id))).map((w) => w.done);
    const done = Promise.all(before)
      .then(() => (writes.length ? Order.upsertPage(writes, judge) : []))
      .then(async (results) => {
        const imported = await importedCount(results, retry ? state.startedAt : null);
        counted.seen += page.orders.length;
        counted.imported += imported;
        counted.pages += 1;
        // The window's size as the platform counts it with each page: the run's `expected`.
        progress.update(page.total === undefined ? { ...counted } : { ...counted, expected: page.total });
      })
      .catch((err) => {
        failure ??= err;
      });
    writing.push({ ids, done });
    if (writing.length >= PAGES_IN_FLIGHT) await writing.shift()!.done;
    cursor = page.nextCursor;
    if (!readOn) break;
  }
  // Nothing is handed on (a continuation, the end of the run) before every write of the step is done.
  await Promise.all(writing.map((w) => w.done));
  await progress.flush();
  if (failure !== undefined) throw failure;
  if (!cursor) return finish(shop, state);
  // Bulk and paged steps of one run (paging after a bulk query was given up) count pages apart.
  return continueWith(shop, state, message, cursor, `${isBulkCursor(cursor) ? "bulk:" : ""}${state.pages}`);
}

/**
 * Hands the run on to a new message that goes on from `cursor` (`step` makes its key),
 * after `delaySeconds` when the run waits for the platform.
 */
async function continueWith(
  shop: ShopItem,
  state: Shop.SyncState,
  message: ShopSyncDraft,
  cursor: string,
  step: string,
  delaySeconds?: number,
): Promise<StepResult> {
  await handOff(shop.shopId, state.runId!, cursor);
  const continuation = await Queue.send("orderSync", [
    Queue.orderSyncRequest(shop.shopId, message.reason, `run:${state.runId}:${step}`, {
      runId: state.runId!,
      cursor,
      delaySeconds,
    }),
  ]);
  if (continuation.failed.length)
    throw new Error(`Could not continue the sync: ${continuation.failed[0]!.reason}`);
  return "continued";
}

/**
 * Saves a step's progress on the shop at most every PROGRESS_EVERY_MS (one write per
 * page would be a tenth of a sync's writes), always the latest counts, one save at a
 * time; `flush` saves what is left and waits for it.
 */
function progressSaver(shop: ShopItem, onSaved: (state: Shop.SyncState) => void) {
  let latest: (Counts & { expected?: number }) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  let lastSave = 0;
  const save = () => {
    timer = undefined;
    const snapshot = latest;
    latest = undefined;
    if (!snapshot) return saving;
    lastSave = Date.now();
    saving = saving.then(async () => onSaved(await saveState(shop, snapshot)));
    return saving;
  };
  return {
    update(counts: Counts & { expected?: number }) {
      latest = counts;
      timer ??= setTimeout(save, Math.max(0, lastSave + PROGRESS_EVERY_MS - Date.now()));
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await save();
    },
  };
}

function isAuthFailure(err: unknown): boolean {
  return (
    (err instanceof Shopify.ShopifyError && err.kind === "auth") ||
    (err instanceof VisibleError && err.code === "shop.not_connected")
  );
}

/** Ends the run with the merchant's reason (Japanese) on the shop and frees the lease. */
async function endRun(shop: ShopItem, state: Shop.SyncState, reason: string): Promise<void> {
  await saveState(shop, { running: false, lastError: reason });
  if (!state.runId) return;
  await endMarker(shop.shopId, state.runId);
  await Lease.release(leaseName(shop.shopId), state.runId);
}

async function finish(shop: ShopItem, state: Shop.SyncState): Promise<StepResult> {
  const runId = state.runId!;
  const nextSince = new Date(Date.parse(state.startedAt!) - OVERLAP_MS).toISOString();
  await saveState(shop, {
    running: false,
    lastSuccessAt: new Date().toISOString(),
    // A bulk query given up for paging stays told until the next run.
    lastError: state.bulk?.abandoned ? state.lastError : null,
    updatedSince: nextSince,
  });
  await endMarker(shop.shopId, runId);
  const { pending } = await Lease.release(leaseName(shop.shopId), runId);
  if (pending) {
    // Triggers arrived during the run: exactly one more run picks up what they asked for.
    await Queue.send("orderSync", [Queue.orderSyncRequest(shop.shopId, "webhook", `rerun:${runId}`)]);
  }
  return "finished";
}

/** A step failed for the last time: the reason goes on the shop (in Japanese), the run ends, the lease is freed. */
export async function recordFailure(message: ShopSyncDraft, error: Error): Promise<void> {
  const shop = await Shop.find(message.shopId);
  if (!shop) return;
  const state = Shop.syncStateOf(shop);
  const reason =
    error instanceof Shopify.ShopifyError || error instanceof Ecforce.EcforceError
      ? error.message
      : "注文の取り込み中にエラーが発生しました。時間をおいて再度お試しください。";
  await endRun(shop, state, reason);
}
