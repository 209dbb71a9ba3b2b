/**
 * Connecting, configuring and disconnecting shops. Credentials are sealed with the
 * tenant and the shop bound in (entities/shop/credentials.ts); a shop connects to one
 * company only (its routing link is written conditionally with it, save.ts).
 */
export { connectEcforce, EcforceConnect, ecforceCarriers } from "./ecforce";
export * as ShopConnection from "./index";
export { disconnect, EcforceSettingsUpdate, SettingsUpdate, updateSettings } from "./settings";
export { completeShopify, ShopifyReturn, ShopifyStart, startShopify } from "./shopify";
