import { Shop } from "../../entities/shop";
import { Shopify } from "../../platforms/shopify";
import { Queue } from "../../queue";
import { claimWait, isWaitCursor, markerOf } from "./bulk-wait";

export type BulkFinishedOutcome = "continued" | "ignored";

/**
 * Shopify's `bulk_operations/finish` for the shop: when the shop's running sync waits for
 * that very operation, the wait is claimed (bulk-wait.ts) and the run is sent on at once,
 * without asking Shopify anything here; the run's own look finds the file. A finish of
 * another operation, or one that comes while a step is already looking or reading, changes
 * nothing: the delayed look is still coming, and it is the fallback whenever this is lost.
 */
export async function continueFinishedBulk(shopId: string, rawBody: string): Promise<BulkFinishedOutcome> {
  const finished = Shopify.bulkFinishOf(rawBody);
  if (!finished) return "ignored";
  const shop = await Shop.find(shopId);
  const state = shop ? Shop.syncStateOf(shop) : null;
  if (!state?.running || !state.runId || state.bulk?.operationId !== finished.operationId) return "ignored";
  const marker = await markerOf(shopId);
  if (!marker || marker.runId !== state.runId || !isWaitCursor(marker.cursor)) return "ignored";
  const cursor = await claimWait(shopId, state.runId, marker.cursor!);
  if (!cursor) return "ignored";
  // If this send fails the webhook answers 5xx; the claimed wait is then the re-drive's,
  // as a step that died would be.
  const sent = await Queue.send("orderSync", [
    Queue.orderSyncRequest(shopId, "webhook", `run:${state.runId}:finished:${cursor}`, {
      runId: state.runId,
      cursor,
    }),
  ]);
  if (sent.failed.length) throw new Error(`Could not continue the sync: ${sent.failed[0]!.reason}`);
  return "continued";
}
