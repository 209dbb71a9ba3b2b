export * as WebhookEndpoint from "./index";

import { randomBytes } from "node:crypto";
import { z } from "zod";
import { assertAdmin, useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { InputError, NotFoundError, RuleError } from "../../error";
import { checkPublicUrl, OutboundRefused } from "../../platforms/outbound-url";
import { Secret } from "../../secret";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WebhookEndpointInput,
  type WebhookEvent,
  webhookEvents,
} from "../../shared/webhook-events";
import { createID, isID } from "../../util/id";
import { Counter } from "../counter";
import { Database } from "../service";
import {
  WebhookDeliveryEntity,
  type WebhookDeliveryItem,
  WebhookEndpointEntity,
  type WebhookEndpointItem,
} from "./entity";

export type { WebhookDeliveryItem, WebhookEndpointItem };
export { WebhookDeliveryEntity, WebhookEndpointEntity };

export const Info = z
  .object({
    id: z.string(),
    credential_id: z.string(),
    url: z.string(),
    events: z.array(z.enum(webhookEvents)),
    enabled: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type Info = z.infer<typeof Info>;

/** The answer of a creation or a rotation: the only time the signing secret is shown. */
export const WithSecret = Info.extend({
  secret: z.string().meta({ description: "署名用シークレット（作成時とローテーション時に一度だけ表示）" }),
}).meta({ id: "WebhookEndpointWithSecret" });

export const DeliveryInfo = z
  .object({
    id: z.string(),
    event: z.enum(webhookEvents),
    event_id: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryInfo = z.infer<typeof DeliveryInfo>;

export function serialize(item: WebhookEndpointItem): Info {
  return {
    id: item.endpointId,
    credential_id: item.credentialId,
    url: item.url,
    events: item.events.filter((e): e is WebhookEvent => (webhookEvents as readonly string[]).includes(e)),
    enabled: item.enabled,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

export function serializeDelivery(item: WebhookDeliveryItem): DeliveryInfo {
  return {
    id: item.deliveryId,
    event: item.event as WebhookEvent,
    event_id: item.eventId,
    status: item.status,
    attempts: item.attempts,
    last_status_code: item.lastStatusCode ?? null,
    last_error: item.lastError ?? null,
    last_attempt_at: item.lastAttemptAt ?? null,
    next_attempt_at: item.nextAttemptAt ?? null,
    created_at: item.createdAt,
  };
}

export const notFound = () => new NotFoundError("webhook.not_found", "Webhook の送信先が見つかりません。");

const COUNTER = "webhookEndpoint";
const secretPurpose = (endpointId: string) => `webhook-secret:${endpointId}`;
/** `whsec_` and 32 random bytes: recognisable in a config file, unguessable. */
const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/**
 * Refuses an address the product must not post to (a private or loopback address, plain
 * http), exactly as a shop URL is refused, before anything is stored.
 */
async function assertPublicUrl(url: string): Promise<void> {
  try {
    await checkPublicUrl(url);
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      url: "送信先URLには、インターネットから届く https のURLを指定してください（社内・ローカルのアドレスは使えません）",
    });
  }
}

export async function list(credentialId?: string): Promise<WebhookEndpointItem[]> {
  const { data } = await WebhookEndpointEntity.query
    .byId({ tenantId: useTenantID() })
    .go({ pages: "all", limit: MAX_WEBHOOK_ENDPOINTS * 2 });
  return credentialId ? data.filter((e) => e.credentialId === credentialId) : data;
}

export async function get(endpointId: string, credentialId?: string): Promise<WebhookEndpointItem> {
  if (!isID("webhookEndpoint", endpointId)) throw notFound();
  const { data } = await WebhookEndpointEntity.get({ tenantId: useTenantID(), endpointId }).go();
  if (!data || (credentialId !== undefined && data.credentialId !== credentialId)) throw notFound();
  return data;
}

/** A new endpoint and its secret, counted against the company's limit in the same write. */
export async function create(
  credentialId: string,
  input: WebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpointItem; secret: string }> {
  assertAdmin();
  const value = WebhookEndpointInput.parse(input);
  await assertPublicUrl(value.url);
  const tenantId = useTenantID();
  const endpointId = createID("webhookEndpoint");
  const secret = newSecret();
  const sealedSecret = await Secret.seal(secret, { tenantId, purpose: secretPurpose(endpointId) });
  await Counter.ensure(COUNTER, async () => (await list()).length);
  const now = new Date().toISOString();
  const item = {
    tenantId,
    endpointId,
    credentialId,
    url: value.url,
    events: value.events,
    enabled: value.enabled,
    sealedSecret,
    createdAt: now,
    updatedAt: now,
  };
  const result = await Database.transaction
    .write(({ webhookEndpoint, counter }) => [
      webhookEndpoint.create(item).commit(),
      Counter.increment(counter, tenantId, COUNTER, MAX_WEBHOOK_ENDPOINTS),
    ])
    .go();
  if (result.canceled) {
    throw new RuleError("webhook.limit", `Webhook の送信先は${MAX_WEBHOOK_ENDPOINTS}件まで登録できます。`);
  }
  return { endpoint: item, secret };
}

export async function update(
  credentialId: string,
  endpointId: string,
  input: WebhookEndpointInput,
): Promise<WebhookEndpointItem> {
  assertAdmin();
  const value = WebhookEndpointInput.parse(input);
  await get(endpointId, credentialId);
  await assertPublicUrl(value.url);
  try {
    const { data } = await WebhookEndpointEntity.patch({ tenantId: useTenantID(), endpointId })
      .set({ url: value.url, events: value.events, enabled: value.enabled })
      .where((attr, op) => op.eq(attr.credentialId, credentialId))
      .go({ response: "all_new" });
    return data as WebhookEndpointItem;
  } catch (err) {
    if (isConditionalFailure(err)) throw notFound();
    throw err;
  }
}

/** A new signing secret: the old one stops signing at once. */
export async function rotateSecret(
  credentialId: string,
  endpointId: string,
): Promise<{ endpoint: WebhookEndpointItem; secret: string }> {
  assertAdmin();
  const tenantId = useTenantID();
  await get(endpointId, credentialId);
  const secret = newSecret();
  const sealedSecret = await Secret.seal(secret, { tenantId, purpose: secretPurpose(endpointId) });
  try {
    const { data } = await WebhookEndpointEntity.patch({ tenantId, endpointId })
      .set({ sealedSecret })
      .where((attr, op) => op.eq(attr.credentialId, credentialId))
      .go({ response: "all_new" });
    return { endpoint: data as WebhookEndpointItem, secret };
  } catch (err) {
    if (isConditionalFailure(err)) throw notFound();
    throw err;
  }
}

export async function remove(credentialId: string, endpointId: string): Promise<void> {
  assertAdmin();
  const tenantId = useTenantID();
  await get(endpointId, credentialId);
  const result = await Database.transaction
    .write(({ webhookEndpoint, counter }) => [
      webhookEndpoint
        .delete({ tenantId, endpointId })
        .where((attr, op) => `${op.exists(attr.endpointId)} AND ${op.eq(attr.credentialId, credentialId)}`)
        .commit(),
      Counter.decrement(counter, tenantId, COUNTER),
    ])
    .go();
  if (result.canceled) throw notFound();
}

/** Every endpoint of a credential goes with it (a revoked credential posts nothing more). */
export async function removeAllOf(credentialId: string): Promise<void> {
  for (const endpoint of await list(credentialId)) {
    await remove(credentialId, endpoint.endpointId).catch((err) => {
      if (!(err instanceof NotFoundError)) throw err;
    });
  }
}

export function secretOf(endpoint: WebhookEndpointItem): Promise<string> {
  return Secret.open(endpoint.sealedSecret, {
    tenantId: endpoint.tenantId,
    purpose: secretPurpose(endpoint.endpointId),
  });
}

/** The endpoint's recent deliveries, newest first. */
export async function deliveries(credentialId: string, endpointId: string, limit = 50) {
  await get(endpointId, credentialId);
  const { data } = await WebhookDeliveryEntity.query
    .byEndpoint({ tenantId: useTenantID(), endpointId })
    .go({ order: "desc", limit });
  return data;
}
