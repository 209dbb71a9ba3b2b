export * as Idempotency from "./index";

import { IdempotencyConfig, makeIdempotent } from "@aws-lambda-powertools/idempotency";
import { DynamoDBPersistenceLayer } from "@aws-lambda-powertools/idempotency/dynamodb";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { z } from "zod";
import { useTenantID } from "../actor";
import { clientOptions, coreConfig } from "../config";
import { tableDefinition } from "../db/table";
import { ConflictError, InputError, RuleError } from "../error";

/**
 * "This was done already": Powertools' idempotency utility, persisted in our one
 * table. A record is written IN_PROGRESS before the work (a conditional put, so of
 * two concurrent duplicates exactly one runs), completed with the result after it,
 * and deleted when the work throws, so a retry runs again. Records expire through
 * the table's TTL attribute.
 *
 * The table rule (the tenant first in every partition key) holds here too: the
 * persistence layer puts each record in its tenant's idempotency partition, with the
 * tenant from the actor context, so one tenant's key never answers another's.
 *
 * Access patterns (Powertools' own items, not an ElectroDB entity)
 * | pattern | index   | pk                                         | sk                               | used by                         |
 * | byKey   | primary | `$okuru#tenantId_<tenantId>#idempotency`   | `message#<sha256>` of queue:key  | idempotentMessage (consumers)   |
 * |         |         |                                            | `request#<sha256>` of the header | idempotentRequest (HTTP)        |
 * Conditional put / get / update / delete of one item; no queries. Attributes:
 * status, expiresAt (TTL, 24 h), in_progress_expiration (ms), data, validation.
 */
class TenantPersistenceLayer extends DynamoDBPersistenceLayer {
  protected override getKey(idempotencyKey: string): Record<string, AttributeValue> {
    return {
      [tableDefinition.partitionKey]: { S: `$okuru#tenantId_${useTenantID()}#idempotency` },
      [tableDefinition.sortKey]: { S: idempotencyKey },
    };
  }
}

function persistence() {
  return new TenantPersistenceLayer({
    tableName: coreConfig().tableName,
    keyAttr: tableDefinition.partitionKey,
    sortKeyAttr: tableDefinition.sortKey,
    expiryAttr: tableDefinition.timeToLiveAttribute,
    awsSdkV3Client: new DynamoDBClient(clientOptions(coreConfig().endpoints.dynamodb)),
  });
}

// A persistence layer keeps the configuration it was first used with, so each use has its own.
let messageStore: TenantPersistenceLayer | undefined;
let requestStore: TenantPersistenceLayer | undefined;

const day = 24 * 60 * 60;

/** How long a delivery may run before a redelivery may take over its record (local runs have no Lambda context). */
const defaultMessageBudgetMs = 30_000;

/**
 * Runs `fn` once per dedupe key in the actor's tenant: a redelivery of work that
 * completed returns the stored result without running; a redelivery while the first
 * delivery still runs throws `IdempotencyAlreadyInProgressError` (the message is
 * retried later); a failure removes the record, so the retry runs. `remainingTimeMs`
 * (from the Lambda context) bounds how long a crashed run keeps the key locked.
 */
export async function idempotentMessage<T>(
  dedupeKey: string,
  fn: () => Promise<T>,
  options: { remainingTimeMs?: number } = {},
): Promise<T> {
  // Outside a tenant there is no partition to write to; say so before Powertools wraps the error.
  useTenantID();
  messageStore ??= persistence();
  const config = new IdempotencyConfig({
    eventKeyJmesPath: "key",
    expiresAfterSeconds: day,
    hashFunction: "sha256",
  });
  const remaining = options.remainingTimeMs ?? defaultMessageBudgetMs;
  config.registerLambdaContext({ getRemainingTimeInMillis: () => remaining } as never);
  const run = makeIdempotent(async (_payload: { key: string }) => fn(), {
    persistenceStore: messageStore,
    config,
    keyPrefix: "message",
  });
  return run({ key: dedupeKey }) as Promise<T>;
}

/** True when a message's work is being done by another delivery right now. */
export function isInProgress(err: unknown): boolean {
  return (err as { name?: string })?.name === "IdempotencyAlreadyInProgressError";
}

/** The client's key for one logical request: visible ASCII, 1–128 characters (Stripe's and the IETF draft's shape). */
export const RequestKey = z.string().regex(/^[\x21-\x7E]{1,128}$/);

export const invalidKey = () =>
  new InputError(
    "idempotency.invalid_key",
    "Idempotency-Key ヘッダーは 1〜128 文字の半角英数字・記号で指定してください。",
  );

export type StoredResponse = { status: number; body: string; contentType: string | null };

/** The request a key was first used with; the same key with another request is refused. */
export type RequestFingerprint = { method: string; path: string; body: unknown };

/**
 * Only answers that are the outcome of the request are kept. Server errors, lost
 * races and rate limits say nothing about the request itself, so a retry runs again.
 */
const storable = (status: number) => status < 500 && status !== 409 && status !== 429;

/** A request's answer the first time; a crashed or stuck request frees its key after this. */
const requestBudgetMs = 60_000;

class NotStored extends Error {
  constructor(readonly response: StoredResponse) {
    super("response not stored");
  }
}

/**
 * Runs a request once per (tenant, key): the first call runs `run` and keeps its
 * answer for 24 hours; a retry with the same key and the same request gets that
 * answer again (`replayed: true`). The same key with another request is a 422
 * (`idempotency.key_reused`); while the first call still runs, a 409
 * (`idempotency.in_progress`).
 */
export async function idempotentRequest(
  key: string,
  request: RequestFingerprint,
  run: () => Promise<StoredResponse>,
): Promise<{ response: StoredResponse; replayed: boolean }> {
  if (!RequestKey.safeParse(key).success) throw invalidKey();
  useTenantID();
  requestStore ??= persistence();
  const config = new IdempotencyConfig({
    eventKeyJmesPath: "key",
    payloadValidationJmesPath: "request",
    expiresAfterSeconds: day,
    hashFunction: "sha256",
  });
  config.registerLambdaContext({ getRemainingTimeInMillis: () => requestBudgetMs } as never);
  let ran = false;
  const once = makeIdempotent(
    async (_payload: { key: string; request: RequestFingerprint }) => {
      ran = true;
      const response = await run();
      if (!storable(response.status)) throw new NotStored(response);
      return response;
    },
    { persistenceStore: requestStore, config, keyPrefix: "request" },
  );
  try {
    const response = (await once({ key, request })) as StoredResponse;
    return { response, replayed: !ran };
  } catch (err) {
    if (err instanceof NotStored) return { response: err.response, replayed: false };
    const name = (err as { name?: string })?.name;
    if (name === "IdempotencyValidationError")
      throw new RuleError(
        "idempotency.key_reused",
        "この Idempotency-Key は別の内容のリクエストで使用済みです。新しいキーで送信してください。",
      );
    if (name === "IdempotencyAlreadyInProgressError")
      throw new ConflictError(
        "idempotency.in_progress",
        "同じリクエストを処理中です。しばらくしてから結果をご確認ください。",
      );
    throw err;
  }
}
