import type { EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { setupStatuses } from "../../shared/setup-status";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                         |
 * | byId    | primary | tenantId     | (none)       | Company.get, setup status, auth |
 *
 * The company is the tenant: its id is the tenantId every other entity is keyed by.
 */
export const CompanyEntity = defineEntity("company", {
  attributes: {
    tenantId: keyString,
    name: { type: "string", required: true },
    setupStatus: { type: setupStatuses, required: true, default: "basic_information" },
    nameKana: { type: "string", default: "" },
    postalCode: { type: "string", default: "" },
    prefecture: { type: "string", default: "" },
    city: { type: "string", default: "" },
    address1: { type: "string", default: "" },
    address2: { type: "string", default: "" },
    phone: { type: "string", default: "" },
    contactName: { type: "string", default: "" },
    contactEmail: { type: "string", default: "" },
    /** Feature switches per company; `apiIntegration` shows the API連携 settings tab. */
    features: {
      type: "map",
      properties: { apiIntegration: { type: "boolean", default: false } },
      default: () => ({ apiIntegration: false }),
    },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex(),
  },
});

export type CompanyItem = EntityItem<typeof CompanyEntity>;
