import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { SyncRunEntity } from "./sync-run";

/**
 * The heartbeat of a shop's order sync (core/src/workflows/order-sync/run.ts): `beginStep` when a step
 * starts, `beat` while it runs, `handOff` before its continuation is sent, `end` when the
 * run ends. A marker whose heartbeat stopped while the shop still shows the run is what
 * the sweep re-drives, from the marker's cursor.
 */

/** Puts the marker of `runId` at the step from `cursor` (null: the first page); it is there again after any loss. */
export async function beginStep(shopId: string, runId: string, cursor: string | null): Promise<void> {
  await SyncRunEntity.put({ tenantId: useTenantID(), shopId, runId, ...(cursor ? { cursor } : {}) }).go({
    response: "none",
  });
}

/**
 * Records where the next step starts, before its message is sent: a step whose every
 * write is done is not run again when the continuation is what got lost.
 */
export async function handOff(shopId: string, runId: string, cursor: string): Promise<void> {
  await ignoreLost(
    SyncRunEntity.patch({ tenantId: useTenantID(), shopId })
      .set({ cursor, heartbeatAt: new Date().toISOString() })
      .where((attr, op) => op.eq(attr.runId, runId))
      .go({ response: "none" }),
  );
}

/** Refreshes the heartbeat; a marker that is gone or now names another run is left alone. */
export async function beat(shopId: string, runId: string): Promise<void> {
  await ignoreLost(
    SyncRunEntity.patch({ tenantId: useTenantID(), shopId })
      .set({ heartbeatAt: new Date().toISOString() })
      .where((attr, op) => op.eq(attr.runId, runId))
      .go({ response: "none" }),
  );
}

/** Removes the marker of `runId` (a newer run's marker stays). */
export async function end(shopId: string, runId: string): Promise<void> {
  await ignoreLost(
    SyncRunEntity.delete({ tenantId: useTenantID(), shopId })
      .where((attr, op) => op.eq(attr.runId, runId))
      .go({ response: "none" }),
  );
}

async function ignoreLost(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
  }
}
