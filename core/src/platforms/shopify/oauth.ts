import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Shopify's request signatures: the install and OAuth
 * return queries carry a hex HMAC over their other parameters; webhooks carry a
 * base64 HMAC over the raw body. Both keyed with the app's client secret and
 * compared in constant time.
 */

/** A shop's identity: its myshopify domain, in the one spelling Shopify itself uses. */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const ADMIN_URL = /^(?:https?:\/\/)?admin\.shopify\.com\/store\/([^/?#]+)/;

/**
 * `okuru-demo.myshopify.com` from what a merchant types: the domain, a URL of it, or the
 * admin URL. Parsed as a URL, so case, percent-encoding, a trailing dot and the default
 * port all give the one canonical domain; a user, another port or another host give none.
 */
export function shopDomainFrom(input: string): string | undefined {
  const text = input.trim().toLowerCase();
  const admin = text.match(ADMIN_URL);
  const typed = admin ? `${admin[1]}.myshopify.com` : text;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//.test(typed) ? typed : `https://${typed}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.port) return undefined;
  const host = url.hostname.replace(/\.$/, "");
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
