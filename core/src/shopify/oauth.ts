import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify's request signatures (carriers.md §6.3–§6.4): the install and OAuth
 * return queries carry a hex HMAC over their other parameters; webhooks carry a
 * base64 HMAC over the raw body. Both keyed with the app's client secret and
 * compared in constant time.
 */

const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9\-_]*\.myshopify\.com$/;
const ADMIN_URL = /^(?:https?:\/\/)?admin\.shopify\.com\/store\/([a-zA-Z0-9][a-zA-Z0-9\-_]*)\/?/;

/** `okuru-demo.myshopify.com` from what a merchant types: the domain, a URL of it, or the admin URL. */
export function shopDomainFrom(input: string): string | undefined {
  const text = input.trim().toLowerCase();
  const admin = text.match(ADMIN_URL);
  if (admin) return `${admin[1]}.myshopify.com`;
  const host = text.replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  return SHOP_DOMAIN.test(host) ? host : undefined;
}

export function isShopDomain(value: string): boolean {
  return SHOP_DOMAIN.test(value);
}

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The message Shopify signs: every parameter but `hmac` and `signature`, sorted by key, `k=v` joined by `&`. */
export function signedQueryMessage(query: Record<string, string>): string {
  return Object.entries(query)
    .filter(([key]) => key !== "hmac" && key !== "signature")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

export function queryHmac(query: Record<string, string>, secret: string): string {
  return createHmac("sha256", secret).update(signedQueryMessage(query)).digest("hex");
}

export function isValidQueryHmac(query: Record<string, string>, secret: string): boolean {
  const given = query.hmac ?? "";
  return given.length > 0 && safeEqual(given, queryHmac(query, secret));
}

export function webhookHmac(rawBody: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}

export function isValidWebhookHmac(
  rawBody: string | Uint8Array,
  header: string | undefined,
  secret: string,
): boolean {
  return !!header && safeEqual(header, webhookHmac(rawBody, secret));
}
