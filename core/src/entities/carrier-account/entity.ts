import { CustomAttributeType, type EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { parcelCarriers } from "../../shared/tracking-number";

/** The carrier of an account and of its ranges, fixed at creation. */
const carrier = { type: parcelCarriers, required: true, readOnly: true } as const;

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite     | used by                                   |
 * | byId    | primary | tenantId     | carrierAccountId | CarrierAccount get/update/remove, list    |
 *
 * A merchant's contract with a carrier. The codes that bill the contract are sealed
 * (`sealedCodes`, see Secret) and shown only by their last digits (`codeHint`).
 */
export const CarrierAccountEntity = defineEntity("carrierAccount", {
  attributes: {
    tenantId: keyString,
    carrierAccountId: keyString,
    carrier,
    name: { type: "string", required: true },
    mode: { type: ["self_printed", "handoff"] as const, required: true },
    /** The carrier's other fields (分類コード, 運賃管理番号, 送り状種別, 差出事業所), snake_case as on the wire. */
    settings: { type: CustomAttributeType<Record<string, string | undefined>>("any"), required: true },
    sealedCodes: { type: "string" },
    codeHint: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("carrierAccountId"),
  },
});
export type CarrierAccountItem = EntityItem<typeof CarrierAccountEntity>;

/**
 * Access patterns
 * | pattern   | index   | pk composite | sk composite              | used by                               |
 * | byAccount | primary | tenantId     | carrierAccountId, rangeId | an account's ranges; number allocation |
 *
 * Serials are the 11 digits before the check digit. `next` only moves forward, in
 * one conditional update with `remaining` (`remaining >= k`), so a number is never
 * handed out twice, whatever runs at the same time; a crash may leave a gap.
 */
export const TrackingRangeEntity = defineEntity("trackingRange", {
  attributes: {
    tenantId: keyString,
    carrierAccountId: keyString,
    rangeId: keyString,
    carrier,
    first: { type: "number", required: true, readOnly: true },
    last: { type: "number", required: true, readOnly: true },
    next: { type: "number", required: true },
    remaining: { type: "number", required: true },
    ...timestamps,
  },
  indexes: {
    byAccount: tenantIndex("carrierAccountId", "rangeId"),
  },
});
export type TrackingRangeItem = EntityItem<typeof TrackingRangeEntity>;
