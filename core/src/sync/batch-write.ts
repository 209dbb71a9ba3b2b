import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { coreConfig } from "../config";
import { dynamo } from "../db/client";

/**
 * The sync's unconditional writes (new orders, their search tokens, token changes of
 * updated orders) as BatchWriteItem requests of 25, a bounded number in flight for the
 * whole process, so that the pages of a step in flight at once share one limit rather
 * than each adding its own. What DynamoDB leaves unprocessed (throttling) is sent again
 * after a pause until it is written: a batch either completes or its call fails, never
 * silently drops items that the tab counts already include.
 */

export type WriteRequest =
  | { PutRequest: { Item: Record<string, unknown> } }
  | { DeleteRequest: { Key: Record<string, unknown> } };

/** BatchWriteItem's ceiling. */
const BATCH_SIZE = 25;
/**
 * Requests in flight at once: enough to keep DynamoDB busy while this process builds the
 * next page, few enough that one sync does not take a table partition's whole capacity.
 */
export const WRITE_CONCURRENCY = 6;
/** Rounds of unprocessed items before giving up (the step fails and is retried whole). */
const MAX_ROUNDS = 10;

let inFlight = 0;
const queue: (() => void)[] = [];

/** Runs `work` when one of the WRITE_CONCURRENCY slots is free (any single DynamoDB request). */
export async function withWriteSlot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= WRITE_CONCURRENCY) await new Promise<void>((resolve) => queue.push(resolve));
  else inFlight += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so the count never exceeds the limit.
    const next = queue.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeBatch(table: string, batch: WriteRequest[]): Promise<void> {
  let pending = batch;
  for (let round = 0; pending.length > 0; round += 1) {
    if (round >= MAX_ROUNDS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
    if (round > 0) await pause(Math.min(2_000, 50 * 2 ** round));
    const out = await withWriteSlot(() =>
      dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending } })),
    );
    pending = (out.UnprocessedItems?.[table] as WriteRequest[] | undefined) ?? [];
  }
}

/**
 * Writes every request, 25 to a BatchWriteItem. Two requests for one key must not be in
 * one call (DynamoDB refuses the batch): callers pass each key once.
 */
export async function batchWrite(requests: WriteRequest[]): Promise<void> {
  if (requests.length === 0) return;
  const table = coreConfig().tableName;
  const batches: Promise<void>[] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE)
    batches.push(writeBatch(table, requests.slice(i, i + BATCH_SIZE)));
  await Promise.all(batches);
}
