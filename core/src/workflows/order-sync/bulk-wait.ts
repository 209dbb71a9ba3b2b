import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { SyncRunEntity } from "../../entities/jobs/sync-run";

/**
 * A run waiting for Shopify to finish its bulk query (docs/platforms.md#how-the-product-uses-bulk-operations)
 * does not keep a consumer: each look at the operation that finds it still working hands the
 * run on to a message SQS holds back a little longer each time (`bulk:wait:<n>`), and the
 * `bulk_operations/finish` webhook can send the run on at once. So two messages may carry
 * the same wait, and a redelivered one a third; only one of them may go on with it. The
 * one that turns the run's marker from `bulk:wait:<n>` to `bulk:check:<n>` does (a
 * conditional write); the others find the wait taken and stop. `bulk:check:<n>` is what
 * the re-drive sends again if that step dies.
 */

const WAIT = /^bulk:wait(?::(\d+))?$/;
const CHECK = /^bulk:check:(\d+)$/;

/**
 * Seconds SQS holds each look back: the first soon, since Shopify often finishes a small
 * query within seconds, then longer, up to 15 s, so a long query costs a look every 15 s
 * and the finish webhook, when it comes, ends the wait sooner.
 */
export const WAIT_DELAYS_SECONDS = [2, 5, 10, 15] as const;

export const waitCursor = (looks: number) => `bulk:wait:${looks}`;
const checkCursor = (looks: number) => `bulk:check:${looks}`;

/** The delay before look `looks` + 1. */
export function delayAfter(looks: number): number {
  const delays = WAIT_DELAYS_SECONDS;
  return delays[Math.min(Math.max(looks, 1), delays.length) - 1]!;
}

/** Looks already made at the operation, for a wait or check cursor; null for any other. */
export function looksOf(cursor: string | null): number | null {
  const match = cursor?.match(WAIT) ?? cursor?.match(CHECK);
  return match ? Number(match[1] ?? 0) : null;
}

/** A wait that a message must claim before it looks (a check cursor is already claimed). */
export const isWaitCursor = (cursor: string | null) => cursor !== null && WAIT.test(cursor);

/**
 * Takes the wait `cursor` of run `runId` for the caller: the check cursor to go on with,
 * or null when another message took it first or the run has moved on.
 */
export async function claimWait(shopId: string, runId: string, cursor: string): Promise<string | null> {
  const check = checkCursor(looksOf(cursor) ?? 0);
  try {
    await SyncRunEntity.patch({ tenantId: useTenantID(), shopId })
      .set({ cursor: check, heartbeatAt: new Date().toISOString() })
      .where((attr, op) => `${op.eq(attr.runId, runId)} AND ${op.eq(attr.cursor, cursor)}`)
      .go({ response: "none" });
    return check;
  } catch (err) {
    if (isConditionalFailure(err)) return null;
    throw err;
  }
}

/** Where the run's marker stands: its run and cursor, when there is one. */
export async function markerOf(shopId: string): Promise<{ runId: string; cursor: string | null } | null> {
  const { data } = await SyncRunEntity.get({ tenantId: useTenantID(), shopId }).go();
  return data ? { runId: data.runId, cursor: data.cursor ?? null } : null;
}
