import { Entity, type EntityItem } from "electrodb";
import { timestamps } from "../db/attributes";
import { entityConfig } from "../db/client";
import { platforms } from "./imported-order";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                   |
 * | byId    | primary | tenantId     | shopId       | Shop.get, Shop.list (GET /api/shops), sync |
 *
 * A connected shop: where it is, how to reach it (credentials sealed with the
 * tenant and purpose bound in, never returned), what to import, and the state of
 * its sync (running or idle, counts of the current or last run, last success, last
 * error in Japanese) that GET /api/shops and the screens show.
 */
export const ShopEntity = new Entity(
  {
    model: { entity: "shop", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      shopId: { type: "string", required: true, readOnly: true },
      platform: { type: platforms, required: true, readOnly: true },
      /** Shopify: `{store}.myshopify.com`; Ecforce: the shop's host. */
      domain: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      status: { type: ["active", "inactive"] as const, required: true, default: "active" },
      /** Sealed (Secret.seal) JSON of the platform credentials. */
      credentials: { type: "string" },
      /** Which orders to import and from when ({ importSince, includePartiallyFulfilled }). */
      settings: { type: "any" },
      /**
       * Ecforce: which of the shop's delivery companies (by id) stands for each of our
       * carriers ({ yamato, sagawa, japan_post }, see carriers.ts); absent: matched by name.
       */
      carrierMapping: { type: "any" },
      /** { running, runId, startedAt, seen, imported, lastSuccessAt, lastError, updatedSince }. */
      syncState: { type: "any" },
      /** Shopify's privacy requests about this shop's customers, newest first (a few dozen at most). */
      privacyRequests: { type: "any" },
      /** Shopify asked for every record of this shop to be deleted (shop/redact); the order-sync consumer does it. */
      redactRequestedAt: { type: "string" },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["shopId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type ShopItem = EntityItem<typeof ShopEntity>;

/**
 * Access patterns
 * | pattern      | index   | pk composite     | sk composite | used by                                       |
 * | byDomain     | primary | platform, domain | (none)       | webhooks: shop domain → tenant and shop;       |
 * |              |         |                  |              | one shop connects to one company only          |
 * | byPlatform   | gsi1    | platform         | domain       | the scheduled sync: every connected shop       |
 *
 * Like Identity, a routing record read before the tenant is known (a webhook names
 * only the shop's domain); it holds no merchant data, only the link.
 */
export const ShopLinkEntity = new Entity(
  {
    model: { entity: "shopLink", version: "1", service: "okuru" },
    attributes: {
      platform: { type: platforms, required: true, readOnly: true },
      domain: { type: "string", required: true, readOnly: true },
      tenantId: { type: "string", required: true, readOnly: true },
      shopId: { type: "string", required: true, readOnly: true },
      /**
       * Set when the merchant uninstalled the app in Shopify: the link stays so that the
       * privacy webhooks Shopify sends afterwards (shop/redact, 48 hours later) find the
       * company, and another company may connect the shop in its place.
       */
      uninstalledAt: { type: "string" },
      createdAt: timestamps.createdAt,
    },
    indexes: {
      byDomain: {
        pk: { field: "pk", composite: ["platform", "domain"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byPlatform: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["platform"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["domain"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type ShopLinkItem = EntityItem<typeof ShopLinkEntity>;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                              |
 * | byState | primary | tenantId     | state        | the Shopify install: the nonce sent to Shopify, kept  |
 * |         |         |              |              | here and deleted (conditionally, once) on the return  |
 *
 * The OAuth `state` of a Shopify install in progress: which company and user started
 * it, for which shop domain, and where the merchant returns (settings or the wizard).
 * `expiresAt` is the table's TTL attribute; the return checks it against the clock.
 */
export const ShopInstallEntity = new Entity(
  {
    model: { entity: "shopInstall", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      state: { type: "string", required: true, readOnly: true },
      domain: { type: "string", required: true, readOnly: true },
      from: { type: ["settings", "setup"] as const, required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      expiresAt: { type: "number", required: true, readOnly: true },
      createdAt: timestamps.createdAt,
    },
    indexes: {
      byState: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["state"], casing: "none" },
      },
    },
  },
  entityConfig(),
);
