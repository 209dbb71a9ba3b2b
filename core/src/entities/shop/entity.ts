import { CustomAttributeType, type EntityItem } from "electrodb";
import { keyString, primaryIndex, secondaryIndex, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { platforms } from "../../platforms/imported-order";

/** The shop's platform, part of a shop link's key and fixed with the shop. */
const platform = { type: platforms, required: true, readOnly: true } as const;

/**
 * A value whose shape its reader's schema decides (ShopSettings, SyncState, the carrier
 * mapping, PrivacyRequest in shop/): `unknown` here, so it is read only through them.
 */
const parsedOnRead = () => ({ type: CustomAttributeType<unknown>("any") });

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
export const ShopEntity = defineEntity("shop", {
  attributes: {
    tenantId: keyString,
    shopId: keyString,
    platform,
    /** Shopify: `{store}.myshopify.com`; Ecforce: its canonical base URL without the scheme (`core/src/platforms/outbound-url.ts`), e.g. `127.0.0.1:4011/okuru-demo`. */
    domain: keyString,
    name: { type: "string", required: true },
    status: { type: ["active", "inactive"] as const, required: true, default: "active" },
    /** Sealed (Secret.seal) JSON of the platform credentials. */
    credentials: { type: "string" },
    /** Which orders to import and from when ({ importSince, includePartiallyFulfilled }). */
    settings: parsedOnRead(),
    /**
     * Ecforce: which of the shop's delivery companies (by id) stands for each of our
     * carriers ({ yamato, sagawa, japan_post }, see carriers.ts); absent: matched by name.
     */
    carrierMapping: parsedOnRead(),
    /** { running, runId, startedAt, seen, imported, expected, method, bulk, lastSuccessAt, lastError, updatedSince } (Shop.SyncState). */
    syncState: parsedOnRead(),
    /** Shopify's privacy requests about this shop's customers, newest first (a few dozen at most). */
    privacyRequests: parsedOnRead(),
    /** Shopify asked for every record of this shop to be deleted (shop/redact); the order-sync consumer does it. */
    redactRequestedAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("shopId"),
  },
});

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
export const ShopLinkEntity = defineEntity("shopLink", {
  attributes: {
    platform,
    domain: keyString,
    tenantId: keyString,
    shopId: keyString,
    /**
     * Set when the merchant uninstalled the app in Shopify: the link stays so that the
     * privacy webhooks Shopify sends afterwards (shop/redact, 48 hours later) find the
     * company, and another company may connect the shop in its place.
     */
    uninstalledAt: { type: "string" },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byDomain: primaryIndex(["platform", "domain"], []),
    byPlatform: secondaryIndex("gsi1", ["platform"], ["domain"]),
  },
});

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
export const ShopInstallEntity = defineEntity("shopInstall", {
  attributes: {
    tenantId: keyString,
    state: keyString,
    domain: { type: "string", required: true, readOnly: true },
    from: { type: ["settings", "setup"] as const, required: true, readOnly: true },
    userId: { type: "string", required: true, readOnly: true },
    expiresAt: { type: "number", required: true, readOnly: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byState: tenantIndex("state"),
  },
});
