import { consumer } from "./consumer";

/**
 * Wiring only: the queue, its DLQ, validation, tenant scoping and partial batch
 * failures are in place. Bulk label rendering (labels issue) replaces the body; until then a
 * message is reported as failed so it ends in the DLQ instead of being lost.
 */
export const handler = consumer("labelJob", async (message) => {
  throw new Error(`No processor for ${message.kind} yet`);
});
