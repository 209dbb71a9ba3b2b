import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { coreConfig } from "../config";
import { sharedLimit } from "../util/concurrency";
import { dynamo } from "./client";

/**
 * The sync's unconditional writes (search tokens of new orders, token changes of
 * updated orders) as BatchWriteItem requests, a bounded number in flight for the whole
 * process, so that the pages of a step in flight at once share one limit rather than
 * each adding its own.
 *
 * Requests of every caller wait in one line and leave it 25 to a BatchWriteItem: the
 * tail of one page's tokens travels with the next page's, so a sync sends full
 * batches (as many requests as a plain BatchWrite of the same items would) instead of
 * two or three part-filled ones per page. A part-filled batch still leaves at once when
 * nothing else is in flight (a merchant's single edit waits for nobody), or after
 * MAX_WAIT_MS. What DynamoDB leaves unprocessed (throttling) goes back to the front of
 * the line after a pause until it is written: a caller's call either completes or
 * fails, never silently drops items that the tab counts already include.
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
/** The longest a part-filled batch waits for more requests while others are in flight. */
const MAX_WAIT_MS = 8;

/** Runs `work` when one of the WRITE_CONCURRENCY slots is free (any single DynamoDB request). */
export const withWriteSlot = sharedLimit(WRITE_CONCURRENCY);

type Caller = { left: number; settled: boolean; resolve: () => void; reject: (err: unknown) => void };
type Entry = { request: WriteRequest; key: string; caller: Caller; round: number; since: number };

/** Requests waiting for a batch, oldest first. */
const line: Entry[] = [];
/** Batches taken from the line and not finished (waiting for a slot or sent). */
let batchesOut = 0;
/** Whether a timer will pump again for a part-filled batch. */
let waking = false;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function keyOf(request: WriteRequest): string {
  const key = "PutRequest" in request ? request.PutRequest.Item : request.DeleteRequest.Key;
  return `${String(key.pk)}\u0000${String(key.sk)}`;
}

/** Up to 25 requests from the front of the line, each key once (DynamoDB refuses a batch naming a key twice). */
function takeBatch(): Entry[] {
  const batch: Entry[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < line.length && batch.length < BATCH_SIZE; ) {
    const entry = line[i]!;
    if (keys.has(entry.key)) {
      i += 1;
      continue;
    }
    keys.add(entry.key);
    batch.push(entry);
    line.splice(i, 1);
  }
  return batch;
}

function pump(): void {
  while (batchesOut < WRITE_CONCURRENCY && line.length > 0) {
    const full = line.length >= BATCH_SIZE;
    const waited = Date.now() - line[0]!.since;
    if (!full && batchesOut > 0 && waited < MAX_WAIT_MS) {
      if (!waking) {
        waking = true;
        setTimeout(() => {
          waking = false;
          pump();
        }, MAX_WAIT_MS - waited);
      }
      return;
    }
    const batch = takeBatch();
    batchesOut += 1;
    void send(batch).finally(() => {
      batchesOut -= 1;
      pump();
    });
  }
}

function settle(entry: Entry, error?: unknown): void {
  const { caller } = entry;
  if (caller.settled) return;
  if (error !== undefined) {
    caller.settled = true;
    caller.reject(error);
    return;
  }
  caller.left -= 1;
  if (caller.left === 0) {
    caller.settled = true;
    caller.resolve();
  }
}

async function send(batch: Entry[]): Promise<void> {
  const table = coreConfig().tableName;
  let unprocessed: WriteRequest[];
  try {
    const out = await withWriteSlot(() =>
      dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: batch.map((e) => e.request) } })),
    );
    unprocessed = (out.UnprocessedItems?.[table] as WriteRequest[] | undefined) ?? [];
  } catch (err) {
    for (const entry of batch) settle(entry, err);
    return;
  }
  const left = new Set(unprocessed.map(keyOf));
  const again: Entry[] = [];
  for (const entry of batch) {
    if (!left.has(entry.key)) settle(entry);
    else if (entry.round + 1 >= MAX_ROUNDS)
      settle(entry, new Error(`BatchWriteItem left ${left.size} items unprocessed`));
    else again.push({ ...entry, round: entry.round + 1 });
  }
  if (again.length === 0) return;
  // Unprocessed means DynamoDB is throttling: pause, then these go first.
  await pause(Math.min(2_000, 50 * 2 ** again[0]!.round));
  const now = Date.now();
  line.unshift(...again.map((entry) => ({ ...entry, since: now - MAX_WAIT_MS })));
}

/**
 * Writes every request, 25 to a BatchWriteItem, sharing batches with other callers'
 * requests. Two requests for one key must not be in one call: callers pass each key
 * once (requests of different callers for one key go in different batches).
 */
export function batchWrite(requests: WriteRequest[]): Promise<void> {
  if (requests.length === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const caller: Caller = { left: requests.length, settled: false, resolve, reject };
    const since = Date.now();
    for (const request of requests) line.push({ request, key: keyOf(request), caller, round: 0, since });
    pump();
  });
}
