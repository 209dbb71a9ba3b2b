import type { z } from "zod";
import { assertAdmin, useTenantID } from "../actor";
import { isConditionalFailure } from "../db/attributes";
import { tableDefinition } from "../db/table";
import { concurrentUpdate, InputError, VisibleError } from "../error";
import { createID, type IdKind, isID } from "../util/id";
import { retryRemaining } from "../util/retry";
import { Counter } from "./counter";
import { Database, databaseEntities, type TransactionEntities } from "./service";

/** Reads of keys DynamoDB keeps leaving unprocessed (throttling) end with this, never with fewer items. */
const busyDatabase = () =>
  new VisibleError(
    "rate_limited",
    "db.busy",
    "ただいま混み合っています。しばらくしてから再度お試しください。",
  );

const BATCH_GET_ATTEMPTS = 5;

/**
 * Items by key in BatchGets of a hundred (DynamoDB's most per request): `read` is the
 * entity's batch get. Keys DynamoDB leaves unprocessed are asked again after a growing
 * pause; still unprocessed after the last attempt, the read fails (busyDatabase) rather
 * than answer as if those items did not exist.
 */
export async function batchGet<Key, Item>(
  keys: Key[],
  read: (keys: Key[]) => Promise<{ data: Item[]; unprocessed: unknown[] }>,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    const readRound = async (pending: Key[]) => {
      const { data, unprocessed } = await read(pending);
      found.push(...data);
      return unprocessed as Key[];
    };
    const left = await retryRemaining(keys.slice(i, i + 100), readRound, {
      attempts: BATCH_GET_ATTEMPTS,
      delayMs: (attempt) => 25 * 2 ** attempt,
      sleep: pause,
    });
    if (left.length) throw busyDatabase();
  }
  return found;
}

/** Page sizes are bounded: one request never reads a tenant's whole partition. */
export const PAGE_SIZE = { default: 100, max: 100 } as const;

export type PageRequest = { cursor?: string | null; limit?: number };
export type Page<T> = { items: T[]; cursor: string | null };

const invalidCursor = () =>
  new InputError(
    "input.invalid_cursor",
    "ページの指定が正しくありません。最初のページから読み直してください。",
    {
      cursor: "ページの指定が正しくありません。",
    },
  );

const keyAttributes = new Set<string>([
  tableDefinition.partitionKey,
  tableDefinition.sortKey,
  ...Object.values(tableDefinition.globalIndexes).flatMap((index) => Object.values(index)),
]);

type QueryParams = {
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/**
 * A cursor is the last key of the previous page (ElectroDB encodes it as base64url
 * JSON). It is accepted only if it is a key of this very query: the same partition
 * as the query's own key condition, which already carries the tenant. A cursor
 * made for another tenant, another list or by hand is refused as input, never
 * handed to DynamoDB (where it would be a 500) or used to read across tenants.
 */
function checkCursor(cursor: string, params: QueryParams) {
  if (cursor.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!key || typeof key !== "object" || Array.isArray(key)) throw invalidCursor();
  const entries = Object.entries(key as Record<string, unknown>);
  if (
    entries.length === 0 ||
    entries.some(([name, value]) => !keyAttributes.has(name) || typeof value !== "string")
  )
    throw invalidCursor();
  const partitionName = params.ExpressionAttributeNames?.["#pk"];
  const partitionValue = params.ExpressionAttributeValues?.[":pk"];
  if (!partitionName || (key as Record<string, unknown>)[partitionName] !== partitionValue)
    throw invalidCursor();
}

type PagedQuery<T> = {
  params(options?: object): QueryParams;
  go(options: {
    cursor?: string | null;
    limit: number;
    count?: number;
  }): Promise<{ data: T[]; cursor: string | null }>;
};

/** One page of an ElectroDB query, with the cursor checked against the query and the size bounded. */
export async function page<T>(
  query: PagedQuery<T>,
  request: PageRequest = {},
  options: { order?: "asc" | "desc"; bounded?: boolean } = {},
): Promise<Page<T>> {
  const limit = Math.min(Math.max(Math.trunc(request.limit ?? PAGE_SIZE.default), 1), PAGE_SIZE.max);
  const cursor = request.cursor || null;
  if (cursor) checkCursor(cursor, query.params());
  // `count` makes ElectroDB read on until it has a full page, which for a filtered query
  // could mean the whole partition; a bounded read takes one index page and may be short.
  const { data, cursor: next } = await query.go({
    cursor,
    limit,
    ...(options.bounded ? {} : { count: limit }),
    ...(options.order ? { order: options.order } : {}),
  });
  return { items: data, cursor: next };
}

type EntityName = keyof TransactionEntities;

/**
 * A record kind's reads by id: `find` (undefined when absent, or for an id that is not
 * of the kind's exact shape, which is never read) and `get` (or the kind's not-found
 * error). `read` gets the item by the actor's tenant and the id.
 */
export function readsById<Item>(
  kind: IdKind,
  read: (tenantId: string, id: string) => Promise<{ data: Item | null }>,
  notFound: () => Error,
) {
  const find = async (id: string): Promise<Item | undefined> =>
    isID(kind, id) ? ((await read(useTenantID(), id)).data ?? undefined) : undefined;
  return { find, get: orNotFound(find, notFound) };
}

/**
 * Several records of the kind by id, at once (batchGet): `idAttribute` is the key
 * composite holding the id; ids not of the kind's exact shape are never read, and the
 * answer has only the ids found.
 */
export async function findManyById<Key, Item>(
  kind: IdKind,
  idAttribute: string,
  ids: string[],
  read: (keys: Key[]) => Promise<{ data: Item[]; unprocessed: unknown[] }>,
): Promise<Map<string, Item>> {
  const tenantId = useTenantID();
  const keys = [...new Set(ids)]
    .filter((id) => isID(kind, id))
    .map((id) => ({ tenantId, [idAttribute]: id }));
  const found = await batchGet(keys as Key[], read);
  return new Map(found.map((item) => [(item as Record<string, string>)[idAttribute]!, item]));
}

/** A record kind's `get`: its `find`, or the kind's not-found error. */
export function orNotFound<Item>(find: (id: string) => Promise<Item | undefined>, notFound: () => Error) {
  return async (id: string): Promise<Item> => {
    const found = await find(id);
    if (!found) throw notFound();
    return found;
  };
}

/**
 * The CRUD every tenant-owned settings record shares (senders, item categories,
 * and next carrier accounts and shop credentials): the tenant always comes from the
 * actor, ids are checked for their exact canonical shape before any read (so a
 * lower-cased or oversized id is simply not found), writes are administrators',
 * and a count limit is enforced in the same transaction as the write.
 *
 * `entity` is the entity's key in the Database service; `Item` its stored item type.
 */
export function tenantRecords<Item, Input extends z.ZodType>(options: {
  entity: EntityName;
  idKind: IdKind;
  /** The attribute holding the record's id (the entity's sort-key composite). */
  idAttribute: string;
  /** Validates and maps a create/update body to stored attributes. */
  input: Input;
  toAttributes: (value: z.output<Input>) => Record<string, unknown>;
  notFound: () => VisibleError;
  /** At most this many records per tenant, counted in `Counter` under the entity's name. */
  limit: { max: number; error: () => VisibleError };
}) {
  const { idKind, idAttribute, notFound } = options;
  // ElectroDB's types are per entity; this helper is generic over them, so it speaks to them loosely.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const entity = databaseEntities[options.entity] as any;
  const counterName = options.entity;
  const keyOf = (id: string) => ({ tenantId: useTenantID(), [idAttribute]: id });

  async function find(id: string): Promise<Item | undefined> {
    if (!isID(idKind, id)) return undefined;
    const { data } = await entity.get(keyOf(id)).go();
    return data ?? undefined;
  }

  async function countAll(): Promise<number> {
    let count = 0;
    let cursor: string | null = null;
    do {
      const result: { data: unknown[]; cursor: string | null } = await entity.query
        .byId({ tenantId: useTenantID() })
        .go({ cursor, attributes: [idAttribute] });
      count += result.data.length;
      cursor = result.cursor;
    } while (cursor);
    return count;
  }

  return {
    find,
    get: orNotFound(find, notFound),

    async list(request?: PageRequest): Promise<Page<Item>> {
      return page<Item>(entity.query.byId({ tenantId: useTenantID() }), request);
    },

    async create(input: z.input<Input>): Promise<Item> {
      assertAdmin();
      const value = options.input.parse(input);
      await Counter.ensure(counterName, countAll);
      const tenantId = useTenantID();
      const record = { tenantId, [idAttribute]: createID(idKind), ...options.toAttributes(value) };
      const result = await Database.transaction
        .write((entities) => [
          // biome-ignore lint/suspicious/noExplicitAny: see above
          (entities[options.entity] as any).create(record).commit(),
          Counter.increment(entities.counter, tenantId, counterName, options.limit.max),
        ])
        .go();
      if (result.canceled) {
        if (result.data[1]?.code === "ConditionalCheckFailed") throw options.limit.error();
        throw concurrentUpdate();
      }
      return (await find(record[idAttribute] as string)) as Item;
    },

    async update(id: string, input: z.input<Input>): Promise<Item> {
      assertAdmin();
      const value = options.input.parse(input);
      if (!isID(idKind, id)) throw notFound();
      try {
        const { data } = await entity
          .patch(keyOf(id))
          .set(options.toAttributes(value))
          .go({ response: "all_new" });
        return data as Item;
      } catch (err) {
        // patch() conditions on the record existing: a missing (or deleted meanwhile) record is not found.
        if (isConditionalFailure(err)) throw notFound();
        throw err;
      }
    },

    /**
     * Deletes the record and decrements the count together. `guard` adds conditions
     * that must hold in the same transaction (e.g. not the brand's default); when one
     * fails, `guardError` says why.
     */
    async remove(
      id: string,
      guard?: {
        check: (entities: TransactionEntities, tenantId: string) => unknown;
        error: () => VisibleError;
      },
    ): Promise<void> {
      assertAdmin();
      if (!isID(idKind, id)) throw notFound();
      await Counter.ensure(counterName, countAll);
      const tenantId = useTenantID();
      const result = await Database.transaction
        .write((entities) => [
          // biome-ignore lint/suspicious/noExplicitAny: see above
          (entities[options.entity] as any)
            .delete(keyOf(id))
            .where((attr: Record<string, unknown>, op: { exists: (a: unknown) => string }) =>
              op.exists(attr[idAttribute]),
            )
            .commit(),
          Counter.decrement(entities.counter, tenantId, counterName),
          // biome-ignore lint/suspicious/noExplicitAny: ElectroDB commit types differ per entity
          ...(guard ? [guard.check(entities, tenantId) as any] : []),
        ])
        .go();
      if (!result.canceled) return;
      if (result.data[0]?.code === "ConditionalCheckFailed") throw notFound();
      const guardResult = (result.data as { code: string }[])[2];
      if (guard && guardResult?.code === "ConditionalCheckFailed") throw guard.error();
      throw concurrentUpdate();
    },
  };
}
