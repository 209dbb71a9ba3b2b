import { Entity, type EntityItem } from "electrodb";
import { timestamps } from "../db/attributes";
import { entityConfig } from "../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite     | used by                                   |
 * | byId    | primary | tenantId     | carrierAccountId | CarrierAccount get/update/remove, list    |
 *
 * A merchant's contract with a carrier. The codes that bill the contract are sealed
 * (`sealedCodes`, see Secret) and shown only by their last digits (`codeHint`).
 */
export const CarrierAccountEntity = new Entity(
  {
    model: { entity: "carrierAccount", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      carrierAccountId: { type: "string", required: true, readOnly: true },
      carrier: { type: ["yamato", "sagawa", "japan_post"] as const, required: true, readOnly: true },
      name: { type: "string", required: true },
      mode: { type: ["self_printed", "handoff"] as const, required: true },
      /** The carrier's other fields (分類コード, 運賃管理番号, 送り状種別, 差出事業所), snake_case as on the wire. */
      settings: { type: "any", required: true },
      sealedCodes: { type: "string" },
      codeHint: { type: "string" },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["carrierAccountId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);
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
export const TrackingRangeEntity = new Entity(
  {
    model: { entity: "trackingRange", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      carrierAccountId: { type: "string", required: true, readOnly: true },
      rangeId: { type: "string", required: true, readOnly: true },
      carrier: { type: ["yamato", "sagawa", "japan_post"] as const, required: true, readOnly: true },
      first: { type: "number", required: true, readOnly: true },
      last: { type: "number", required: true, readOnly: true },
      next: { type: "number", required: true },
      remaining: { type: "number", required: true },
      ...timestamps,
    },
    indexes: {
      byAccount: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["carrierAccountId", "rangeId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);
export type TrackingRangeItem = EntityItem<typeof TrackingRangeEntity>;
