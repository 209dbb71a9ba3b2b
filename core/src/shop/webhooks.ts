import { ActorContext } from "../actor";
import { UnauthenticatedError } from "../error";
import { Queue } from "../queue";
import { Shopify } from "../shopify";
import { ShopEntity, ShopLinkEntity } from "./entity";
import { receivePrivacy } from "./privacy";

/**
 * Shopify webhook deliveries (carriers.md §6.4). The HMAC over the raw body is
 * checked before anything is parsed (a bad one is 401, which the privacy topics
 * require); the shop domain finds the company through the routing link; order events
 * ask for a sync of that shop, deduplicated by the delivery's webhook id, so a
 * repeated or out-of-order delivery converges on the shop's current order through
 * the same versioned upsert as every other run. The privacy topics are handled in
 * shop/privacy.ts.
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

export async function receiveShopifyWebhook(delivery: ShopifyDelivery): Promise<WebhookOutcome> {
  const { clientSecret } = Shopify.app();
  if (!Shopify.isValidWebhookHmac(delivery.rawBody, delivery.hmac, clientSecret)) {
    throw new UnauthenticatedError("webhook.invalid_hmac", "署名を検証できませんでした。");
  }
  const topic = delivery.topic ?? "";
  const domain = delivery.domain ?? "";
  if (!Shopify.isShopDomain(domain)) return "ignored";
  const { data: link } = await ShopLinkEntity.get({ platform: "shopify", domain }).go();
  if (!link) return "ignored";
  return ActorContext.with({ type: "system", properties: { tenantId: link.tenantId } }, async () => {
    if (PRIVACY_TOPICS.has(topic)) {
      await receivePrivacy(topic, link, delivery.rawBody);
      return "privacy_recorded";
    }
    if (topic === "app/uninstalled") {
      await ShopEntity.patch({ tenantId: link.tenantId, shopId: link.shopId })
        .set({ status: "inactive" })
        .remove(["credentials"])
        .go();
      // The link stays (marked) for the privacy webhooks that follow an uninstall.
      await ShopLinkEntity.patch({ platform: "shopify", domain })
        .set({ uninstalledAt: new Date().toISOString() })
        .go();
      return "uninstalled";
    }
    if (link.uninstalledAt) return "ignored";
    if (!ORDER_TOPICS.has(topic)) return "ignored";
    const webhookId =
      delivery.webhookId && /^[\x21-\x7E]{1,150}$/.test(delivery.webhookId) ? delivery.webhookId : undefined;
    const result = await Queue.send("orderSync", [
      {
        kind: "order_sync",
        shopId: link.shopId,
        reason: "webhook",
        requestedAt: new Date().toISOString(),
        dedupeKey: webhookId
          ? `webhook:${webhookId}`
          : `webhook:${link.shopId}:${Math.floor(Date.now() / 10_000)}`,
      },
    ]);
    if (result.failed.length)
      throw new Error(`Could not queue the webhook's sync: ${result.failed[0]!.reason}`);
    return "sync_requested";
  });
}
