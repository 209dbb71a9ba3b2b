import type { Shop } from "../../entities/shop";
import { shopifyToken } from "../../entities/shop/credentials";
import type { ShopItem } from "../../entities/shop/entity";
import { Shopify } from "../../platforms/shopify";
import { delayAfter, looksOf, waitCursor } from "./bulk-wait";
import { writeNewestFirst } from "./newest-first";
import type { PageReader } from "./page-reader";

/**
 * A Shopify run through a bulk query (docs/platforms.md#how-the-product-uses-bulk-operations):
 * chosen at the run's first step for a first import of more than a page, or a catch-up of
 * more than BULK_FROM_ORDERS. The step that starts the query first writes the newest
 * orders by paging (newest-first.ts), then makes sure the shop announces the query's end
 * to us (`bulk_operations/finish`), starts it and looks at it once; while Shopify still works
 * the run waits in the queue, not in a consumer (bulk-wait.ts: `bulk:wait:<n>`, looked at
 * again after a growing delay, or at once when the finish webhook comes). The result file
 * is read as a stream in pages of BULK_PAGE_SIZE orders, which the run writes as it writes
 * pages it reads from the orders connection; a step that runs out of time continues from
 * the file's line (`bulk:<line>`), so nothing is written twice or missed. A bulk query that
 * fails, is refused or whose file cannot be read is given up: the run pages instead, from
 * the start, with the reason on the shop.
 */

/**
 * A catch-up of more orders than this reads in bulk. Paging reads about 4 orders a second on
 * a standard plan, so 250 orders take a minute; a bulk query has a fixed cost of its own
 * (Shopify queues it for seconds to tens of seconds before it runs), which paging beats on
 * smaller windows, and paging lists the first orders at once.
 */
export const BULK_FROM_ORDERS = 250;
/** Orders written per page of the file: a page of upserts like the paged path's, several in flight. */
export const BULK_PAGE_SIZE = 100;
const LINE_CURSOR = /^bulk:(\d+)$/;

export const isBulkCursor = (cursor: string | null) => cursor?.startsWith("bulk:") ?? false;

/** A reader of the bulk file that must be closed when the step ends (it holds the response). */
export type BulkReader = PageReader & { close(): Promise<void> };

export type BulkPlan =
  /** Page as before: a small window, or a bulk query given up (`cursor` null: from the start). */
  | { kind: "paged"; cursor: string | null }
  /** Read the file from `cursor` with `reader`. */
  | { kind: "read"; cursor: string; reader: BulkReader }
  /** Shopify is still working: look again from `cursor` in a message held back `delaySeconds`. */
  | { kind: "wait"; cursor: string; delaySeconds: number }
  /** The operation found nothing to read. */
  | { kind: "empty" };

export type BulkDeps = {
  save: (state: Partial<Shop.SyncState>) => Promise<Shop.SyncState>;
};

/** What a Shopify step does about bulk reading, from its message's cursor. */
export async function planBulk(
  shop: ShopItem,
  state: Shop.SyncState,
  cursorIn: string | null,
  deps: BulkDeps,
): Promise<BulkPlan> {
  if (cursorIn !== null && !isBulkCursor(cursorIn)) return { kind: "paged", cursor: cursorIn };
  // A run that has already read pages by paging (its message delivered again) goes on paging:
  // a bulk query now would read and count those orders a second time.
  if (!state.bulk && state.seen > 0) return { kind: "paged", cursor: cursorIn };
  // A bulk cursor of a run that has since given its bulk query up: paging starts over.
  if (state.bulk?.abandoned) return { kind: "paged", cursor: null };
  const token = await shopifyToken(shop);
  if (cursorIn === null && !state.bulk) {
    const count = await Shopify.ordersCount(shop.domain, token, state.runSince);
    const firstImport = !state.lastSuccessAt;
    const bulk = count > (firstImport ? Shopify.ORDERS_PAGE_SIZE : BULK_FROM_ORDERS);
    if (!bulk) {
      await deps.save({ expected: count, method: "paged" });
      return { kind: "paged", cursor: null };
    }
    // An earlier attempt of this step got as far as choosing the bulk query.
    const retried = state.method === "bulk";
    state = await deps.save({ expected: count, method: "bulk" });
    // The newest orders first, before the bulk query: its start and its finish subscription
    // would take their turn in the shop's cost bucket and in the step ahead of the orders
    // the merchant waits for, and the query itself gains little from a few seconds' lead.
    const imported = await writeNewestFirst(shop, token, {
      updatedSince: state.runSince,
      runStartedAt: state.startedAt ?? new Date().toISOString(),
      retried,
    });
    // Nothing else of the run has been counted yet: these are its whole import so far.
    if (imported !== state.imported) state = await deps.save({ imported });
    try {
      await subscribeFinish(shop, token);
      const operationId = await Shopify.startBulkOrders(shop.domain, token, state.runSince);
      state = await deps.save({ bulk: { operationId, url: null, abandoned: false } });
    } catch (err) {
      return giveUp(err, deps, null);
    }
  }
  const bulk = state.bulk!;
  const line = cursorIn?.match(LINE_CURSOR);
  if (line && bulk.url) return openFile(bulk.url, Number(line[1]), deps, bulk.operationId);

  const looked = await lookAt(shop, token, bulk.operationId).catch((err: unknown) => ({ failed: err }));
  if ("failed" in looked) return giveUp(looked.failed, deps, bulk.operationId);
  if ("working" in looked) {
    const looks = (looksOf(cursorIn) ?? 0) + 1;
    return { kind: "wait", cursor: waitCursor(looks), delaySeconds: delayAfter(looks) };
  }
  await deps.save({ expected: looked.orders, bulk: { ...bulk, url: looked.url } });
  if (!looked.url) return { kind: "empty" };
  return openFile(looked.url, 0, deps, bulk.operationId);
}

/**
 * Without the subscription the run still ends: its delayed looks find the file. So a
 * refusal here costs only speed, and the bulk query goes ahead; a refused token does not.
 */
async function subscribeFinish(shop: ShopItem, token: string): Promise<void> {
  try {
    await Shopify.ensureBulkFinishWebhook(shop.domain, token, Shopify.webhookUrl());
  } catch (err) {
    if (!(err instanceof Shopify.ShopifyError) || err.kind === "auth") throw err;
  }
}

type Looked = { url: string | null; orders: number } | { working: true };

/** One look at the operation; a failed or cancelled one throws. */
async function lookAt(shop: ShopItem, token: string, operationId: string): Promise<Looked> {
  const op = await Shopify.bulkOperation(shop.domain, token, operationId);
  if (op.status === "COMPLETED") return { url: op.url, orders: op.rootObjectCount };
  if (op.status === "CREATED" || op.status === "RUNNING") return { working: true };
  throw new Shopify.ShopifyError(bulkFailure(op), "query");
}

function bulkFailure(op: Shopify.BulkOperation): string {
  if (op.status === "CANCELED" || op.status === "CANCELING") return "Shopify の一括取得が取り消されました。";
  if (op.status === "EXPIRED") return "Shopify の一括取得の結果の保存期間が過ぎていました。";
  if (op.errorCode === "ACCESS_DENIED") return "Shopify の一括取得が権限不足で失敗しました。";
  if (op.errorCode === "TIMEOUT") return "Shopify の一括取得が時間切れで失敗しました。";
  return "Shopify の一括取得が失敗しました。";
}

/** The bulk query is given up: the run pages from the start, and the shop says why. */
async function giveUp(
  err: unknown,
  deps: BulkDeps,
  operationId: string | null,
  extra: Partial<Shop.SyncState> = {},
): Promise<BulkPlan> {
  if (!(err instanceof Shopify.ShopifyError) || err.kind === "auth") throw err;
  const reason = `${err.message}通常の取り込みに切り替えて続けます。`;
  await deps.save({
    ...extra,
    method: "paged",
    lastError: reason,
    seen: 0,
    imported: 0,
    pages: 0,
    stepCursor: null,
    stepBase: { seen: 0, imported: 0, pages: 0 },
    bulk: { operationId: operationId ?? "", url: null, abandoned: true },
  });
  return { kind: "paged", cursor: null };
}

/**
 * The file from `fromLine`, its first page read before the step commits to it: a file
 * that cannot be read is given up here, before anything of it is written.
 */
async function openFile(
  url: string,
  fromLine: number,
  deps: BulkDeps,
  operationId: string,
): Promise<BulkPlan> {
  let pages = Shopify.bulkOrderPages(url, fromLine, BULK_PAGE_SIZE);
  let first: Shopify.BulkPage;
  try {
    const next = await pages.next();
    first = next.value as Shopify.BulkPage;
  } catch (err) {
    return giveUp(err, deps, operationId);
  }
  let ahead: Shopify.BulkPage | null = first;
  let at = fromLine;
  const reader: BulkReader = async (_shop, page) => {
    const from = Number(page.cursor?.match(LINE_CURSOR)?.[1] ?? 0);
    if (from !== at) {
      // Not where the open stream stands (never in one step's order): read the file again from there.
      await pages.return(undefined);
      pages = Shopify.bulkOrderPages(url, from, BULK_PAGE_SIZE);
      ahead = null;
    }
    const value = ahead ?? ((await pages.next()).value as Shopify.BulkPage);
    ahead = null;
    at = value.nextLine;
    return { orders: value.orders, nextCursor: value.last ? null : `bulk:${value.nextLine}` };
  };
  reader.close = async () => {
    await pages.return(undefined).catch(() => undefined);
  };
  return { kind: "read", cursor: `bulk:${fromLine}`, reader };
}
