import { SyncRunEntity } from "../../entities/jobs/sync-run";
import { end } from "../../entities/jobs/sync-run-marker";
import { Shop } from "../../entities/shop";
import { Queue } from "../../queue";
import { runsFor } from "../order-sync";
import { applied, type Outcome, redriveKey } from "./outcome";
import type { StaleWork } from "./stale";

/**
 * A shop's sync whose heartbeat stopped: while the shop still shows that run, its step is
 * sent again from the marker's cursor: the step it was on, or the next one once the
 * step had handed on (the run's first page when there is none). A step run again counts
 * from what it began with, so pages an earlier attempt wrote are not counted twice, and
 * orders are upserted by content.
 */
export async function syncRun(work: StaleWork, now: Date): Promise<Outcome> {
  const shopId = work.id;
  const { data: marker } = await SyncRunEntity.get({ tenantId: work.tenantId, shopId }).go();
  if (!marker) return "finished";
  const shop = await Shop.find(shopId);
  const state = shop ? Shop.syncStateOf(shop) : undefined;
  if (!shop || !runsFor(shop) || !state?.running || state.runId !== marker.runId) {
    await end(shopId, marker.runId);
    return "finished";
  }
  const claimed = await applied(
    SyncRunEntity.patch({ tenantId: work.tenantId, shopId })
      .set({ heartbeatAt: now.toISOString() })
      .where(
        (attr, op) => `${op.eq(attr.heartbeatAt, work.heartbeatAt)} AND ${op.eq(attr.runId, marker.runId)}`,
      )
      .go({ response: "none" }),
  );
  if (!claimed) return "claimed";
  const sent = await Queue.send("orderSync", [
    Queue.orderSyncRequest(shopId, "scheduled", redriveKey(marker.runId, work.heartbeatAt), {
      at: now,
      runId: marker.runId,
      ...(marker.cursor ? { cursor: marker.cursor } : {}),
    }),
  ]);
  if (sent.failed.length) throw new Error(`re-drive not sent: ${sent.failed[0]!.reason}`);
  return "redriven";
}
