export { deleteShop } from "./delete-shop";
export * as Privacy from "./index";
export { receiveShopifyWebhook, type ShopifyDelivery, type WebhookOutcome } from "./webhooks";
