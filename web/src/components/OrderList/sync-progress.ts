import type { Shop } from "../../lib/api";

/**
 * The order list's 注文を同期: what the shops' sync states add up to, and where a
 * sync the merchant asked for stands. Runs are told apart by their start time as the
 * server wrote it, so the browser's clock plays no part.
 */

/** While any shop is importing, the shops are read again this often. */
export const syncPollInterval = 2000;

export interface SyncSummary {
  /** Shops a sync reaches (connected and active). */
  activeShops: number;
  running: boolean;
  /** Orders read and written by the runs under way, over every shop. */
  seen: number;
  imported: number;
  /** Orders the runs under way expect to read; null while any of them does not know yet. */
  expected: number | null;
  /** Seconds until the slowest run under way ends, as the server estimates it; null when unknown. */
  remainingSeconds: number | null;
  /** The latest successful run of any shop. */
  lastSuccessAt: string | null;
  /** Each shop's last failure, in Japanese as the API gives it. */
  errors: { shopId: string; shopName: string; message: string }[];
}

const active = (shops: readonly Shop[]) => shops.filter((shop) => shop.status === "active");

export function summarizeSync(shops: readonly Shop[]): SyncSummary {
  const reachable = active(shops);
  const running = reachable.filter((shop) => shop.sync.status === "running");
  const successes = reachable.flatMap((shop) => (shop.sync.lastSuccessAt ? [shop.sync.lastSuccessAt] : []));
  return {
    activeShops: reachable.length,
    running: running.length > 0,
    seen: running.reduce((sum, shop) => sum + shop.sync.seen, 0),
    imported: running.reduce((sum, shop) => sum + shop.sync.imported, 0),
    expected: running.every((shop) => shop.sync.expected !== null)
      ? running.reduce((sum, shop) => sum + (shop.sync.expected ?? 0), 0)
      : null,
    remainingSeconds: running.every((shop) => shop.sync.remainingSeconds !== null)
      ? running.reduce((longest, shop) => Math.max(longest, shop.sync.remainingSeconds ?? 0), 0)
      : null,
    lastSuccessAt: successes.reduce<string | null>(
      (latest, at) => (latest === null || Date.parse(at) > Date.parse(latest) ? at : latest),
      null,
    ),
    errors: reachable.flatMap((shop) =>
      shop.sync.lastError ? [{ shopId: shop.id, shopName: shop.name, message: shop.sync.lastError }] : [],
    ),
  };
}

/** A sync the merchant asked for: each shop's run start when they clicked, and whether a run was seen since. */
export interface SyncRequest {
  startedAt: Record<string, string | null>;
  sawRunning: boolean;
  /** When it was asked for (browser time), only to give up waiting for a run that never starts. */
  at: number;
}

export function startSyncRequest(shops: readonly Shop[], now: number): SyncRequest {
  return {
    startedAt: Object.fromEntries(shops.map((shop) => [shop.id, shop.sync.startedAt])),
    sawRunning: false,
    at: now,
  };
}

/** How long the button waits for the queue to start a run before it stops polling. */
export const syncStartTimeoutMs = 3 * 60_000;

export type SyncRequestStatus =
  | { state: "waiting" }
  | { state: "running" }
  | { state: "finished"; imported: number; errors: SyncSummary["errors"] }
  | { state: "stalled" };

/**
 * Where a requested sync stands: waiting for the queue, running, finished (no shop
 * running, and a run started since the request or was seen running), or stalled
 * when nothing started in time.
 */
export function syncRequestStatus(
  request: SyncRequest,
  shops: readonly Shop[],
  now: number,
): SyncRequestStatus {
  const reachable = active(shops);
  if (reachable.some((shop) => shop.sync.status === "running")) return { state: "running" };
  const ran = reachable.filter((shop) => shop.sync.startedAt !== (request.startedAt[shop.id] ?? null));
  if (ran.length > 0 || request.sawRunning) {
    const finished = ran.length > 0 ? ran : reachable;
    return {
      state: "finished",
      imported: finished.reduce((sum, shop) => sum + shop.sync.imported, 0),
      errors: summarizeSync(finished).errors,
    };
  }
  return now - request.at > syncStartTimeoutMs ? { state: "stalled" } : { state: "waiting" };
}

const count = new Intl.NumberFormat("ja-JP");

/** 「約 3 分」「約 40 秒」「約 2 時間」: rounded up, as a merchant waits rather than reads a clock. */
export function formatRemaining(seconds: number): string {
  if (seconds < 60) return `約 ${Math.max(1, Math.ceil(seconds / 10) * 10)} 秒`;
  if (seconds < 3600) return `約 ${Math.ceil(seconds / 60)} 分`;
  return `約 ${Math.ceil(seconds / 360) / 10} 時間`;
}

/**
 * An import under way as a merchant reads it: 「注文を取り込み中 1,234 / 10,000 件（残り約 1 分）」, the
 * expected count and the estimate left out while they are not known.
 */
export function importProgressText(progress: {
  seen: number;
  expected: number | null;
  remainingSeconds: number | null;
}): string {
  const read = count.format(progress.seen);
  const of =
    progress.expected !== null ? ` / ${count.format(Math.max(progress.expected, progress.seen))}` : "";
  const left =
    progress.remainingSeconds !== null ? `（残り${formatRemaining(progress.remainingSeconds)}）` : "";
  return `注文を取り込み中 ${read}${of} 件${left}`;
}
