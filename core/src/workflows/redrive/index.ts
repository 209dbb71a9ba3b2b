export * as Redrive from "./index";

import { ActorContext } from "../../actor";
import { HEARTBEAT_LIMIT_MS } from "../../entities/jobs/heartbeat";
import { mapLimited } from "../../util/concurrency";
import { webhookDelivery } from "./deliveries";
import * as jobs from "./jobs";
import type { Outcome } from "./outcome";
import { type StaleWork, staleWork } from "./stale";
import { syncRun } from "./sync";

/**
 * No job is left without a message in flight. Whoever works on a job keeps its heartbeat
 * fresh (a sync step on its marker, every part or result written on a job item); the
 * sweep, run every minute (EventBridge in AWS, a timer locally), finds the jobs whose
 * heartbeat is older than the limit and sends again the messages of their unfinished
 * work (limits.ts). A job waiting its turn behind a long queue may be sent again
 * though its message is still there: every consumer takes a message twice safely.
 */

export { BEAT_EVERY_MS, HEARTBEAT_LIMIT_MS, SWEEP_EVERY_MS } from "../../entities/jobs/heartbeat";

const redrivers: Record<string, (work: StaleWork, now: Date) => Promise<Outcome>> = {
  syncRun,
  labelBatch: jobs.labelBatch,
  trackingUploadJob: jobs.uploadJob,
  exportJob: jobs.exportJob,
  webhookDelivery,
};

export type SweepResult = Record<Outcome, number> & {
  failed: { entity: string; tenantId: string; id: string; reason: string }[];
};

/** Items handled at once (each a few reads, a conditional write and a send). */
const AT_ONCE = 8;

/**
 * One pass over the running jobs as of `now`; `tenantIds` keeps it to those companies
 * (re-driving one company's work by hand, or a test among others sharing the table).
 */
export async function sweep(options: { now?: Date; tenantIds?: string[] } = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const only = options.tenantIds && new Set(options.tenantIds);
  const stale = (await staleWork(new Date(now.getTime() - HEARTBEAT_LIMIT_MS).toISOString())).filter(
    (work) => !only || only.has(work.tenantId),
  );
  const result: SweepResult = { redriven: 0, finished: 0, claimed: 0, unknown: 0, failed: [] };
  await mapLimited(stale, AT_ONCE, async (work) => {
    const redrive = redrivers[work.entity];
    if (!redrive) return;
    try {
      const outcome = await ActorContext.with(
        { type: "system", properties: { tenantId: work.tenantId } },
        () => redrive(work, now),
      );
      result[outcome] += 1;
    } catch (err) {
      const { entity, tenantId, id } = work;
      result.failed.push({ entity, tenantId, id, reason: (err as Error).message });
    }
  });
  return result;
}
