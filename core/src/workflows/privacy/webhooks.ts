import { z } from "zod";
import { ActorContext } from "../../actor";
import { ShopEntity, ShopLinkEntity, type ShopLinkItem } from "../../entities/shop/entity";
import { ConflictError, UnauthenticatedError } from "../../error";
import { Idempotency } from "../../idempotency";
import type { ImportedOrder } from "../../platforms/imported-order";
import { Shopify } from "../../platforms/shopify";
import { webhookOrder } from "../../platforms/shopify/webhook-order";
import { Queue } from "../../queue";
import { receivePrivacy } from "./requests";

/**
 * Shopify webhook deliveries. The HMAC over the raw body is checked before anything
 * is parsed (a bad one is 401, which Shopify requires of the privacy topics); the
 * shop domain finds the company through the routing link. The headers are not
 * signed, so a privacy delivery acts for the shop its signed body names
 * (`shop_domain`), and is refused (401) when the header names another: a signed body
 * replayed under another shop's header must not erase or disclose that shop's orders.
 *
 * Shopify may deliver one event more than once; each delivery carries the event's
 * `X-Shopify-Webhook-Id`, and every topic is handled once per id (an idempotency
 * record in the company's partition): a repeat answers what the first delivery did.
 * An order event carries the order: it is written at once (`OrderWebhooks.upsert`),
 * through the versioned upsert every sync uses, so an out-of-order or late delivery never
 * replaces a newer version; the 15-minute scheduled sync catches whatever a webhook missed.
 * A fulfilment event carries a fulfilment, and a body that is not a readable order is
 * logged: both ask for a sync of the shop instead. The privacy topics are handled in
 * requests.ts.
 */
export type ShopifyDelivery = {
  rawBody: string;
  hmac: string | undefined;
  topic: string | undefined;
  domain: string | undefined;
  webhookId: string | undefined;
};

/**
 * How an order webhook's order is written. The caller hands it in: the order-sync
 * workflow writes orders, and it deletes shops through this one, so this one cannot
 * import it without a cycle.
 */
export type OrderWebhooks = {
  upsert: (shopId: string, order: ImportedOrder) => Promise<unknown>;
  /** Told why an order topic's body could not be read as an order (a sync is asked for instead). */
  unreadable?: (reason: string, topic: string) => void;
  /** A `bulk_operations/finish` for the shop: its sync, waiting for that bulk query, goes on at once. */
  bulkFinished?: (shopId: string, rawBody: string) => Promise<unknown>;
};

export type WebhookOutcome =
  | "order_stored"
  | "sync_requested"
  | "uninstalled"
  | "privacy_recorded"
  | "ignored";

/** Topics whose body is the order (Shopify's REST order). */
const ORDER_PAYLOAD_TOPICS = new Set([
  "orders/create",
  "orders/updated",
  "orders/cancelled",
  "orders/fulfilled",
  "orders/partially_fulfilled",
  "orders/paid",
]);
/** Topics whose body is a fulfilment, not its order: the order is read by a sync. */
const FULFILLMENT_TOPICS = new Set(["fulfillments/create", "fulfillments/update"]);
const PRIVACY_TOPICS = new Set(["customers/data_request", "customers/redact", "shop/redact"]);

/** Shopify's webhook ids are UUIDs; anything else printable and short is still usable as a key. */
const WebhookId = z.string().regex(/^[\x21-\x7E]{1,150}$/);

const SignedShop = z.object({ shop_domain: z.string() });

const shopMismatch = () =>
  new UnauthenticatedError(
    "webhook.shop_mismatch",
    "Webhook の本文に署名されたストアとヘッダーのストアが一致しません。",
  );

/** The shop a privacy delivery's signed body names, when it is the shop of the header; else refused. */
function signedShopOf(rawBody: string, headerDomain: string): string {
  let named: string | undefined;
  try {
    named = SignedShop.safeParse(JSON.parse(rawBody)).data?.shop_domain;
  } catch {
    named = undefined;
  }
  if (!named || named !== headerDomain) throw shopMismatch();
  return named;
}

export async function receiveShopifyWebhook(
  delivery: ShopifyDelivery,
  orders: OrderWebhooks,
): Promise<WebhookOutcome> {
  const { clientSecret } = Shopify.app();
  if (!Shopify.isValidWebhookHmac(delivery.rawBody, delivery.hmac, clientSecret)) {
    throw new UnauthenticatedError("webhook.invalid_hmac", "署名を検証できませんでした。");
  }
  const topic = delivery.topic ?? "";
  const header = delivery.domain ?? "";
  const domain = PRIVACY_TOPICS.has(topic) ? signedShopOf(delivery.rawBody, header) : header;
  if (!Shopify.isShopDomain(domain)) return "ignored";
  const { data: link } = await ShopLinkEntity.get({ platform: "shopify", domain }).go();
  if (!link) return "ignored";
  const webhookId = WebhookId.safeParse(delivery.webhookId).data;
  const handle = () => handleTopic(topic, link, delivery.rawBody, webhookId, orders);
  return ActorContext.with({ type: "system", properties: { tenantId: link.tenantId } }, async () => {
    if (!webhookId) return handle();
    try {
      return await Idempotency.idempotentMessage(`shopify-webhook:${webhookId}`, handle);
    } catch (err) {
      if (Idempotency.isInProgress(err))
        throw new ConflictError(
          "webhook.in_progress",
          "同じ Webhook を処理中です。しばらくしてから再送してください。",
        );
      throw err;
    }
  });
}

async function handleTopic(
  topic: string,
  link: ShopLinkItem,
  rawBody: string,
  webhookId: string | undefined,
  orders: OrderWebhooks,
): Promise<WebhookOutcome> {
  if (PRIVACY_TOPICS.has(topic)) {
    await receivePrivacy(topic, link, rawBody);
    return "privacy_recorded";
  }
  if (topic === "app/uninstalled") {
    await ShopEntity.patch({ tenantId: link.tenantId, shopId: link.shopId })
      .set({ status: "inactive" })
      .remove(["credentials"])
      .go();
    // The link stays (marked) for the privacy webhooks that follow an uninstall.
    await ShopLinkEntity.patch({ platform: "shopify", domain: link.domain })
      .set({ uninstalledAt: new Date().toISOString() })
      .go();
    return "uninstalled";
  }
  if (link.uninstalledAt) return "ignored";
  if (topic === Shopify.BULK_FINISH_TOPIC) {
    if (!orders.bulkFinished) return "ignored";
    await orders.bulkFinished(link.shopId, rawBody);
    return "sync_requested";
  }
  if (ORDER_PAYLOAD_TOPICS.has(topic)) {
    const reading = webhookOrder(rawBody);
    if (reading.ok) {
      // A failure here is thrown: the API answers 5xx, the idempotency record is dropped,
      // and Shopify delivers the webhook again later (it retries any answer but 2xx).
      await orders.upsert(link.shopId, reading.order);
      return "order_stored";
    }
    orders.unreadable?.(reading.reason, topic);
  } else if (!FULFILLMENT_TOPICS.has(topic)) return "ignored";
  return requestSync(link, webhookId);
}

async function requestSync(link: ShopLinkItem, webhookId: string | undefined): Promise<WebhookOutcome> {
  const dedupeKey = webhookId
    ? `webhook:${webhookId}`
    : `webhook:${link.shopId}:${Math.floor(Date.now() / 10_000)}`;
  const result = await Queue.send("orderSync", [Queue.orderSyncRequest(link.shopId, "webhook", dedupeKey)]);
  if (result.failed.length)
    throw new Error(`Could not queue the webhook's sync: ${result.failed[0]!.reason}`);
  return "sync_requested";
}
