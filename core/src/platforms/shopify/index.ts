export * as Shopify from "./index";

import { z } from "zod";
import { coreConfig } from "../../config";
import { graphql, ShopifyError, shopOrigin } from "./client";

export { BULK_FINISH_TOPIC, bulkFinishOf, ensureBulkFinishWebhook } from "./bulk-finish-webhook";
export {
  type BulkOperation,
  type BulkPage,
  bulkOperation,
  bulkOrderPages,
  bulkOrdersQuery,
  ordersCount,
  startBulkOrders,
} from "./bulk-orders";
export { API_VERSION, graphql, resetBuckets, ShopifyError, shopOrigin } from "./client";
export {
  isShopDomain,
  isValidQueryHmac,
  isValidWebhookHmac,
  queryHmac,
  shopDomainFrom,
  webhookHmac,
} from "./oauth";
export {
  type MailingAddress,
  ORDERS_PAGE_SIZE,
  type OrdersPage,
  ordersPage,
  ordersSearch,
  toImportedOrder,
} from "./orders";

/** What the app asks a shop for: orders, and fulfilment to send tracking numbers back. */
export const SCOPES = [
  "read_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
] as const;

/** The webhook topics the app subscribes to once connected (privacy topics are app configuration). */
export const WEBHOOK_TOPICS = [
  "ORDERS_CREATE",
  "ORDERS_UPDATED",
  "ORDERS_CANCELLED",
  "APP_UNINSTALLED",
] as const;

export function app() {
  const { clientId, clientSecret } = coreConfig().shopify;
  if (!clientId || !clientSecret) {
    throw new ShopifyError("Shopify アプリの設定がありません（OKURU_SHOPIFY_CLIENT_ID / SECRET）。", "auth");
  }
  return { clientId, clientSecret };
}

/**
 * Where Shopify sends the merchant back (docs/requirements.md#shop-authorisation-return): the settings or
 * the wizard's completed page.
 */
export function redirectUri(from: "settings" | "setup"): string {
  return `${coreConfig().appUrl}/${from}/stores/shopify/completed`;
}

export function authorizeUrl(domain: string, state: string, from: "settings" | "setup"): string {
  const params = new URLSearchParams({
    client_id: app().clientId,
    scope: SCOPES.join(","),
    redirect_uri: redirectUri(from),
    state,
  });
  return `${shopOrigin(domain)}/admin/oauth/authorize?${params}`;
}

export const Tokens = z.object({
  accessToken: z.string().min(1),
  scope: z.string().default(""),
  /** Epoch ms; null for a non-expiring offline token. */
  expiresAt: z.number().nullable(),
  refreshToken: z.string().nullable(),
  refreshExpiresAt: z.number().nullable(),
});
export type Tokens = z.infer<typeof Tokens>;

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  scope: z.string().default(""),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().optional(),
});

async function tokenRequest(domain: string, body: Record<string, string | number>): Promise<Tokens> {
  const response = await fetch(`${shopOrigin(domain)}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  }).catch(() => {
    throw new ShopifyError("Shopify に接続できませんでした。時間をおいて再度お試しください。", "network");
  });
  if (!response.ok) {
    throw new ShopifyError(
      "Shopify が認可を受け付けませんでした。最初から接続をやり直してください。",
      "auth",
    );
  }
  const answer = TokenAnswer.safeParse(await response.json().catch(() => ({})));
  if (!answer.success) throw new ShopifyError("Shopify から予期しない応答を受け取りました。", "server");
  const now = Date.now();
  const a = answer.data;
  return {
    accessToken: a.access_token,
    scope: a.scope,
    expiresAt: a.expires_in ? now + a.expires_in * 1000 : null,
    refreshToken: a.refresh_token ?? null,
    refreshExpiresAt: a.refresh_token_expires_in ? now + a.refresh_token_expires_in * 1000 : null,
  };
}

/**
 * The authorization code for an expiring offline token with its refresh token
 * (docs/platforms.md#shopify-oauth).
 */
export function exchangeCode(domain: string, code: string): Promise<Tokens> {
  const { clientId, clientSecret } = app();
  return tokenRequest(domain, { client_id: clientId, client_secret: clientSecret, code, expiring: 1 });
}

export function refresh(domain: string, refreshToken: string): Promise<Tokens> {
  const { clientId, clientSecret } = app();
  return tokenRequest(domain, {
    client_id: clientId,
    client_secret: clientSecret,
    grant_type: "refresh_token",
    refresh_token: refreshToken,
  });
}

/** Refresh this long before expiry, so a page read never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export function needsRefresh(tokens: Tokens, now = Date.now()): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt - REFRESH_MARGIN_MS <= now;
}

export async function shopName(domain: string, accessToken: string): Promise<string> {
  const data = await graphql<{ shop: { name: string } }>(domain, accessToken, "query { shop { name } }");
  return data.shop.name;
}

const SUBSCRIBE = /* GraphQL */ `
  mutation OkuruSubscribe($topic: WebhookSubscriptionTopic!, $callbackUrl: URL!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { callbackUrl: $callbackUrl, format: JSON }) {
      webhookSubscription { id }
      userErrors { field message }
    }
  }
`;

/** Where every topic (orders, uninstall and the privacy topics) is delivered; a public route, checked by HMAC. */
export function webhookUrl(): string {
  return `${coreConfig().appUrl}/api/webhooks/shopify`;
}

/** Subscribes the shop's order and uninstall events to our webhook endpoint. */
export async function registerWebhooks(domain: string, accessToken: string): Promise<void> {
  const callbackUrl = webhookUrl();
  for (const topic of WEBHOOK_TOPICS) {
    const data = await graphql<{
      webhookSubscriptionCreate: { userErrors: { message: string }[] };
    }>(domain, accessToken, SUBSCRIBE, { topic, callbackUrl });
    const errors = data.webhookSubscriptionCreate.userErrors.filter((e) => !/already|taken/i.test(e.message));
    if (errors.length) {
      throw new ShopifyError(
        `Shopify の Webhook 登録に失敗しました: ${errors.map((e) => e.message).join(" / ")}`,
        "query",
      );
    }
  }
}
