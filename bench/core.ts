/**
 * The core modules the benches work with, in one import: a bench loads it inside
 * `withBenchStack`, once the stand-ins' environment is set, as every core import of
 * a bench is made.
 */
export { ActorContext } from "@okuru/core/actor";
export { Order } from "@okuru/core/entities/order";
export { Shop } from "@okuru/core/entities/shop";
export { Shopify } from "@okuru/core/platforms/shopify";
export { Labels } from "@okuru/core/workflows/labels";
export { OrderSync } from "@okuru/core/workflows/order-sync";
export { ShopConnection } from "@okuru/core/workflows/shop-connection";
export { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
