import { isConditionalFailure } from "../../db/attributes";

/**
 * What the sweep did with one stale item: sent its unfinished work again; found the work
 * finished and took the item out of the running index; found it claimed by another sweep
 * (or refreshed since it was read); or could not tell what to send.
 */
export type Outcome = "redriven" | "finished" | "claimed" | "unknown";

/** The dedupe key of a re-sent message: one per item and stale heartbeat, so two sweeps that both get through send one. */
export const redriveKey = (id: string, heartbeatAt: string, part?: number) =>
  `redrive:${id}:${part ?? "-"}:${heartbeatAt}`;

/** A conditional write that lost its condition answers false (another sweep, or the worker, got there first). */
export async function applied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
}
