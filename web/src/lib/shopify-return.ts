/**
 * The search of the Shopify authorisation return pages: every parameter kept (code,
 * hmac, host, shop, state, timestamp and whatever else Shopify adds) exactly as the
 * router parsed it. Not coerced to strings here: the router writes the validated
 * search back into the URL, and a string such as "1735689600" would come back quoted
 * (timestamp=%221735689600%22), breaking the HMAC. The page reads the strings from
 * the URL itself (ShopifyConnectionResult).
 */
export const shopifyReturnSearch = (input: unknown): Record<string, unknown> =>
  input && typeof input === "object" && !Array.isArray(input) ? { ...input } : {};
