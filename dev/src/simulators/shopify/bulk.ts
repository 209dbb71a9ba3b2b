import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  Kind,
  parse,
  validate,
} from "graphql";
import { gid, ids, isoUtc, parseGid, randomHex } from "./store";

/**
 * Bulk query operations (`bulkOperationRunQuery`): the mutation answers at once, the query runs
 * in the background over every object, and its result is a JSONL file at a URL the simulator
 * hosts. As on Shopify:
 * - statuses CREATED → RUNNING → COMPLETED, or FAILED (with `errorCode` and, when some
 *   objects were written, `partialDataUrl`), or CANCELED after `bulkOperationCancel`;
 * - one line per object; a node of a nested connection gets its own line, after its parent's,
 *   with the parent's id in `__parentId` (a plain list such as `fulfillments` stays inline);
 * - `first`, `after` and `pageInfo` mean nothing in a bulk query: every object is read;
 * - from API version 2026-01 an app may run up to five bulk query operations at a time per
 *   shop (one before); one more is refused with a user error;
 * - `bulk_operations/finish` goes to the shop's subscribers when an operation ends.
 *
 * Pace: Shopify publishes no throughput for bulk queries, only that they take minutes for
 * large stores; the simulator queues an operation for a second (CREATED) and then writes
 * 2,000 objects a second (RUNNING), so 10,000 orders with five line items each take about
 * half a minute. Tests choose their own pace. The objects are written from when the query has
 * executed, if that ends after the queueing: until then the operation is RUNNING with none.
 */

export type BulkPace = { startDelayMs: number; objectsPerSecond: number };
export const SHOPIFY_BULK_PACE: BulkPace = { startDelayMs: 1000, objectsPerSecond: 2000 };

export type BulkErrorCode = "ACCESS_DENIED" | "INTERNAL_SERVER_ERROR" | "TIMEOUT";
type Status = "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELED";

/** What an executed bulk query has to write. */
type Output = {
  executedAt: number;
  lines: string[];
  /** How many of the first i lines are root objects, for each i. */
  rootsBefore: number[];
  /** Where the run ends: every line written, or a failure after `at` lines. */
  fate: { failure: null } | { failure: BulkErrorCode; at: number };
};

type BulkOperationRecord = {
  numericId: number;
  shop: string;
  query: string;
  createdAt: number;
  pace: BulkPace;
  /** Null while the query still executes. */
  output: Output | null;
  /** The failure a test asked for (`failNext`), taken when the operation was created. */
  forcedFailure: BulkErrorCode | null;
  /** Settled when the query has executed, or the operation was canceled before. */
  executed: { done: Promise<void>; settle: () => void };
  canceledAt: number | null;
  fileKey: string;
  origin: string;
  announced: boolean;
};

export type BulkFinish = { shop: string; payload: Record<string, unknown> };

const MAX_CONNECTIONS = 5;

/** Bulk query operations allowed at once per app and shop in an API version. */
export const concurrentBulkQueries = (apiVersion: string) => (apiVersion >= "2026-01" ? 5 : 1);

/** A bulk query as Shopify checks it: one top-level connection field, at most five connections. */
export function checkBulkQuery(
  schema: GraphQLSchema,
  query: string,
): { document: DocumentNode } | { error: string } {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { error: `Invalid bulk query: ${(error as GraphQLError).message}` };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { error: `Invalid bulk query: ${invalid[0]!.message}` };
  const operation = getOperationAST(document);
  if (operation?.operation !== "query")
    return { error: "Invalid bulk query: the query must be a single query operation." };
  const queryType = schema.getQueryType()!;
  const top = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
  const field =
    top.length === 1 && top[0]!.kind === Kind.FIELD ? queryType.getFields()[top[0]!.name.value] : null;
  if (!field || !getNamedType(field.type).name.endsWith("Connection"))
    return { error: "Bulk queries must contain at least one connection." };
  const connections = (query.match(/\b(edges|nodes)\s*\{/g) ?? []).length;
  if (connections > MAX_CONNECTIONS)
    return { error: `Bulk queries cannot contain more than ${MAX_CONNECTIONS} connections.` };
  return { document };
}

type Connection = { edges?: { node?: unknown }[]; nodes?: unknown[] };
const isConnection = (value: unknown): value is Connection =>
  !!value &&
  typeof value === "object" &&
  (Array.isArray((value as Connection).edges) || Array.isArray((value as Connection).nodes));
const nodesOf = (c: Connection) =>
  (c.nodes ?? c.edges?.map((e) => e.node) ?? []) as Record<string, unknown>[];

/** Longest the simulator works on a bulk query at a time before it answers anything else. */
const SLICE_MS = 20;

const nextTurn = () => new Promise<void>((resume) => setImmediate(resume));

/**
 * Promises of the nodes `views` make, settled a slice of SLICE_MS at a time: graphql-js
 * completes each node (its nested fields and connections) as its promise settles, so the
 * execution yields to the event loop between slices. Once the operation is no longer wanted
 * (canceled), the rest stay unsettled and the execution is left to be collected.
 */
export function inSlices<V>(views: (() => V)[], stillWanted: () => boolean): Promise<V>[] {
  const settle: { resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  const nodes = views.map((_, i) => new Promise<V>((resolve, reject) => (settle[i] = { resolve, reject })));
  void (async () => {
    // The first slice waits a turn as well, for graphql-js to take every node's promise.
    let sliceStarted = Number.NEGATIVE_INFINITY;
    for (const [i, view] of views.entries()) {
      if (performance.now() - sliceStarted > SLICE_MS) {
        await nextTurn();
        if (!stillWanted()) return;
        sliceStarted = performance.now();
      }
      try {
        settle[i]!.resolve(view());
      } catch (error) {
        settle[i]!.reject(error);
      }
      // graphql-js completes the node in the microtasks that run before this resumes, so the
      // slice's clock counts that work too.
      await null;
    }
  })();
  return nodes;
}

/** The JSONL lines of a bulk query's answer: each node its own line, children after their parent. */
export function jsonLines(data: Record<string, unknown>): { lines: string[]; roots: boolean[] } {
  const lines: string[] = [];
  const roots: boolean[] = [];
  const write = (node: Record<string, unknown>, parentId: unknown) => {
    const own: Record<string, unknown> = {};
    const children: Record<string, unknown>[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (isConnection(value)) children.push(...nodesOf(value));
      else own[key] = value;
    }
    if (parentId !== undefined) own.__parentId = parentId;
    lines.push(JSON.stringify(own));
    roots.push(parentId === undefined);
    for (const child of children) write(child, node.id);
  };
  for (const value of Object.values(data))
    if (isConnection(value)) for (const node of nodesOf(value)) write(node, undefined);
  return { lines, roots };
}

function settleable() {
  let settle = () => {};
  const done = new Promise<void>((resolve) => (settle = resolve));
  return { done, settle };
}

/** What an executed query writes: every object, none when access was denied, or half when a test asked for a failure. */
function outputOf(result: ExecutionResult, forced: BulkErrorCode | null, executedAt: number): Output {
  const denied = (result.errors ?? []).some((e) => e.extensions?.code === "ACCESS_DENIED");
  const { lines, roots } = jsonLines((result.data ?? {}) as Record<string, unknown>);
  const rootsBefore = [0];
  for (const root of roots) rootsBefore.push(rootsBefore[rootsBefore.length - 1]! + (root ? 1 : 0));
  return {
    executedAt,
    lines: denied ? [] : lines,
    rootsBefore,
    fate: denied
      ? { failure: "ACCESS_DENIED", at: 0 }
      : forced
        ? { failure: forced, at: Math.floor(lines.length / 2) }
        : { failure: null },
  };
}

export function createBulkOperations(options: {
  now: () => Date;
  pace: BulkPace;
  onFinish: (finish: BulkFinish) => void;
}) {
  const { now, pace } = options;
  const operations = new Map<number, BulkOperationRecord>();
  /** Result files by the key in their URL, with the shop whose operation wrote each. */
  const files = new Map<string, { body: string; shop: string }>();
  /** Shops whose next operation fails, with the error it fails with (a test's doing). */
  const failNext = new Map<string, BulkErrorCode>();
  /** Shops whose operations run at a pace of their own. */
  const paces = new Map<string, BulkPace>();

  /** Queries still executing that someone may wait for. */
  const executing = new Set<Promise<void>>();

  const queuedUntil = (op: BulkOperationRecord) => op.createdAt + op.pace.startDelayMs;
  const writingFrom = (op: BulkOperationRecord) =>
    op.output ? Math.max(queuedUntil(op), op.output.executedAt) : Number.POSITIVE_INFINITY;
  const target = ({ output }: BulkOperationRecord) =>
    !output ? 0 : output.fate.failure ? output.fate.at : output.lines.length;
  const endsAt = (op: BulkOperationRecord) =>
    writingFrom(op) + (target(op) / op.pace.objectsPerSecond) * 1000;

  const state = (op: BulkOperationRecord) => {
    const t = now().getTime();
    const written = (at: number) =>
      at <= writingFrom(op)
        ? 0
        : Math.min(target(op), Math.floor(((at - writingFrom(op)) / 1000) * op.pace.objectsPerSecond));
    if (op.canceledAt !== null)
      return { status: "CANCELED" as Status, objects: written(op.canceledAt), completedAt: op.canceledAt };
    if (t < queuedUntil(op)) return { status: "CREATED" as Status, objects: 0, completedAt: null };
    if (t < endsAt(op)) return { status: "RUNNING" as Status, objects: written(t), completedAt: null };
    const status: Status = op.output?.fate.failure ? "FAILED" : "COMPLETED";
    return { status, objects: target(op), completedAt: Math.ceil(endsAt(op)) };
  };

  /** The file of the first `lines` lines (Shopify gives no file for an answer without objects). */
  const fileOf = ({ output, fileKey, origin, shop }: BulkOperationRecord, lines: number) => {
    if (!output || lines === 0) return null;
    const key = lines === output.lines.length ? fileKey : `${fileKey}-partial`;
    if (!files.has(key)) files.set(key, { body: `${output.lines.slice(0, lines).join("\n")}\n`, shop });
    return { url: `${origin}/_bulk/${key}.jsonl`, size: Buffer.byteLength(files.get(key)!.body) };
  };

  /** The operation now, announcing its end the first time it is seen ended. */
  const look = (op: BulkOperationRecord) => {
    const now = state(op);
    const ended = now.status === "COMPLETED" || now.status === "FAILED" || now.status === "CANCELED";
    if (ended && !op.announced) {
      op.announced = true;
      options.onFinish({
        shop: op.shop,
        payload: {
          admin_graphql_api_id: gid("BulkOperation", op.numericId),
          completed_at: isoUtc(now.completedAt!),
          created_at: isoUtc(op.createdAt),
          error_code: now.status === "FAILED" ? (op.output?.fate.failure?.toLowerCase() ?? null) : null,
          status: now.status.toLowerCase(),
          type: "query",
        },
      });
    }
    return now;
  };

  const view = (op: BulkOperationRecord) => {
    const { status, objects, completedAt } = look(op);
    const file = ["COMPLETED", "FAILED", "CANCELED"].includes(status) ? fileOf(op, objects) : null;
    return {
      __typename: "BulkOperation",
      id: gid("BulkOperation", op.numericId),
      type: "QUERY",
      status,
      errorCode: status === "FAILED" ? (op.output?.fate.failure ?? null) : null,
      query: op.query,
      objectCount: String(objects),
      rootObjectCount: String(op.output?.rootsBefore[objects] ?? 0),
      fileSize: file ? String(file.size) : null,
      url: status === "COMPLETED" ? (file?.url ?? null) : null,
      partialDataUrl: status === "COMPLETED" ? null : (file?.url ?? null),
      createdAt: isoUtc(op.createdAt),
      completedAt: completedAt === null ? null : isoUtc(completedAt),
    };
  };

  /** Check again when the operation should have ended, for a simulator on the real clock. */
  const wake = (op: BulkOperationRecord) => {
    const timer = setTimeout(() => look(op), Math.max(0, endsAt(op) - now().getTime()) + 5);
    timer.unref?.();
  };

  const ofShop = (shop: string) => [...operations.values()].filter((op) => op.shop === shop);
  const running = (shop: string) =>
    ofShop(shop).filter((op) => ["CREATED", "RUNNING"].includes(look(op).status));

  return {
    /**
     * Queue a checked bulk query, answered at once, that `execute` runs in the background (told
     * whether the operation is still wanted); a user error when too many run.
     */
    start(input: {
      shop: string;
      query: string;
      apiVersion: string;
      origin: string;
      execute: (stillWanted: () => boolean) => Promise<ExecutionResult>;
    }) {
      const limit = concurrentBulkQueries(input.apiVersion);
      const busy = running(input.shop);
      if (busy.length >= limit) {
        const inProgress = busy.map((op) => gid("BulkOperation", op.numericId)).join(", ");
        return {
          bulkOperation: null,
          userErrors: [
            {
              field: null,
              message: `A bulk query operation for this app and shop is already in progress: ${inProgress}.`,
              code: "OPERATION_IN_PROGRESS",
            },
          ],
        };
      }
      const forcedFailure = failNext.get(input.shop) ?? null;
      failNext.delete(input.shop);
      const op: BulkOperationRecord = {
        numericId: ids.bulkOperation.next(),
        shop: input.shop,
        query: input.query,
        createdAt: now().getTime(),
        pace: paces.get(input.shop) ?? pace,
        output: null,
        forcedFailure,
        executed: settleable(),
        canceledAt: null,
        fileKey: randomHex(16),
        origin: input.origin,
        announced: false,
      };
      operations.set(op.numericId, op);
      executing.add(op.executed.done);
      void op.executed.done.then(() => executing.delete(op.executed.done));
      // From the next turn, so the mutation is answered before any of the query runs.
      setImmediate(() => {
        input
          .execute(() => op.canceledAt === null)
          .then(
            (result) => {
              op.output = outputOf(result, op.forcedFailure, now().getTime());
              op.executed.settle();
              look(op);
              wake(op);
            },
            () => {
              // A fault of the simulator's own: the operation fails as Shopify's do now and then.
              op.output = {
                executedAt: now().getTime(),
                lines: [],
                rootsBefore: [0],
                fate: { failure: "INTERNAL_SERVER_ERROR", at: 0 },
              };
              op.executed.settle();
              look(op);
              wake(op);
            },
          );
      });
      return { bulkOperation: view(op), userErrors: [] };
    },

    cancel(shop: string, id: string) {
      const op = operations.get(parseGid(id, "BulkOperation") ?? -1);
      if (!op || op.shop !== shop)
        return {
          bulkOperation: null,
          userErrors: [{ field: ["id"], message: "Bulk operation does not exist" }],
        };
      const { status } = look(op);
      if (status !== "CREATED" && status !== "RUNNING") {
        return {
          bulkOperation: view(op),
          userErrors: [
            {
              field: null,
              message: `A bulk operation cannot be canceled when it is ${status.toLowerCase()}`,
            },
          ],
        };
      }
      op.canceledAt = now().getTime();
      // A query still executing is given up: nothing waits for it any more.
      op.executed.settle();
      return { bulkOperation: view(op), userErrors: [] };
    },

    /** The shop's newest bulk query operation. */
    current(shop: string) {
      const newest = ofShop(shop).at(-1);
      return newest ? view(newest) : null;
    },

    find(shop: string, id: string) {
      const op = operations.get(parseGid(id, "BulkOperation") ?? -1);
      return op && op.shop === shop ? view(op) : null;
    },

    /** A result file by the key in its URL, and the shop it is of. */
    file: (key: string) => files.get(key),

    /** The shop's next bulk operation fails halfway, as Shopify's do now and then. */
    failNext(shop: string, errorCode: BulkErrorCode = "INTERNAL_SERVER_ERROR") {
      failNext.set(shop, errorCode);
    },

    /**
     * The shop's running operations end now, with every object written (a test's moment of
     * choice); one whose query still executes ends as soon as it has executed.
     */
    finishNow(shop: string) {
      for (const op of running(shop)) {
        op.pace = {
          startDelayMs: now().getTime() - op.createdAt,
          objectsPerSecond: Number.POSITIVE_INFINITY,
        };
        look(op);
      }
    },

    /** The shop's operations started from now on run at `pace`. */
    setPace(shop: string, shopPace: BulkPace) {
      paces.set(shop, shopPace);
    },

    /** Wait until every query of an operation not canceled has executed. */
    async executed() {
      while (executing.size) await Promise.all([...executing]);
    },

    /** Look at every operation, so any that has ended is announced. */
    refresh() {
      for (const op of operations.values()) look(op);
    },
  };
}

export type BulkOperations = ReturnType<typeof createBulkOperations>;
