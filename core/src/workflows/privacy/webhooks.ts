import { z } from "zod";
import { ActorContext } from "../../actor";
import { ShopEntity, ShopLinkEntity, type ShopLinkItem } from "../../entities/shop/entity";
import { ConflictError, UnauthenticatedError } from "../../error";
import { Idempotency } from "../../idempotency";
import { Shopify } from "../../platforms/shopify";
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
 * Order events ask for a sync of that shop, so an out-of-order delivery converges on
 * the shop's current order through the same versioned upsert as every other run. The
 * privacy topics are handled in requests.ts.
 */
export type ShopifyDelivery = {
  rawBody: string;
  hmac: string | undefined;
  topic: string | undefined;
  domain: string | undefined;
  webhookId: string | undefined;
};

export type WebhookOutcome = "sync_requested" | "uninstalled" | "privacy_recorded" | "ignored";

const ORDER_TOPICS = new Set([
  "orders/create",
  "orders/updated",
  "orders/cancelled",
  "orders/fulfilled",
  "orders/paid",
]);
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

export async function receiveShopifyWebhook(delivery: ShopifyDelivery): Promise<WebhookOutcome> {
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
  const handle = () => handleTopic(topic, link, delivery.rawBody, webhookId);
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
  if (!ORDER_TOPICS.has(topic)) return "ignored";
  const dedupeKey = webhookId
    ? `webhook:${webhookId}`
    : `webhook:${link.shopId}:${Math.floor(Date.now() / 10_000)}`;
  const result = await Queue.send("orderSync", [Queue.orderSyncRequest(link.shopId, "webhook", dedupeKey)]);
  if (result.failed.length)
    throw new Error(`Could not queue the webhook's sync: ${result.failed[0]!.reason}`);
  return "sync_requested";
}
