import { CustomAttributeType, type EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import type { Carrier } from "../../shared/brand";
import { parcelCarriers } from "../../shared/tracking-number";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                  |
 * | byId    | primary | tenantId     | (none)       | Brand.get and its updates (one per company) |
 *
 * The brand is the company's face on labels: its name, the default sender and item
 * category for new shipments, per-carrier print settings, and what a tracking upload
 * does (the customer's notification, the upload right after the labels).
 */
export const BrandEntity = defineEntity("brand", {
  attributes: {
    tenantId: keyString,
    name: { type: "string", default: "" },
    defaultSenderId: { type: "string" },
    defaultItemCategoryId: { type: "string" },
    /** The carrier an order ships by when it names none; the first carrier account sets it. */
    defaultCarrier: { type: parcelCarriers },
    /** The account each carrier's labels use unless the order says otherwise: { yamato?, sagawa?, japan_post? }. */
    defaultCarrierAccounts: { type: CustomAttributeType<Partial<Record<Carrier, string>>>("any") },
    /** Bumped with every change of any tracking range, so two changes never overlap ranges unseen. */
    rangesVersion: { type: "number" },
    /**
     * BrandPrintSettings as JSON-compatible map (snake_case keys as on the wire), per
     * carrier; read only through its schema (brand/index.ts printSettingsOf), so a stored
     * value that no longer parses falls back to the defaults.
     */
    printSettings: { type: CustomAttributeType<Record<string, unknown>>("any") },
    /** Shopify tells the customer of a tracking upload (its shipping confirmation); absent = true. */
    notifyCustomer: { type: "boolean" },
    /** A label batch part queues the tracking upload of its new shipments; absent = false. */
    autoUploadTracking: { type: "boolean" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex(),
  },
});

export type BrandItem = EntityItem<typeof BrandEntity>;
