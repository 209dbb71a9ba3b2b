/**
 * The core modules the benches work with, in one import: a bench loads it inside
 * `withBenchStack`, once the stand-ins' environment is set, as every core import of
 * a bench is made.
 */
export { ActorContext } from "@okuru/core/actor";
export { Order } from "@okuru/core/order";
export { Shipment } from "@okuru/core/shipment";
export { Shop } from "@okuru/core/shop";
export { Shopify } from "@okuru/core/shopify";
export { Sync } from "@okuru/core/sync";
export { TrackingUpload } from "@okuru/core/upload";
