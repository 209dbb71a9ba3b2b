import { Entity, type EntityItem } from "electrodb";
import { entityConfig } from "../db/client";

/**
 * Access patterns
 * | pattern     | index   | pk composite | sk composite | used by                                      |
 * | byReference | primary | tenantId     | reference    | an issued-data file's お客様管理番号 → order |
 *
 * Written when an order goes into a carrier file (the reference is derived from the
 * order id, so writing it again changes nothing); the import finds the order by it
 * without a scan.
 */
export const ExportRefEntity = new Entity(
  {
    model: { entity: "exportRef", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      reference: { type: "string", required: true, readOnly: true },
      orderId: { type: "string", required: true, readOnly: true },
      format: { type: "string", required: true },
    },
    indexes: {
      byReference: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["reference"], casing: "none" },
      },
    },
  },
  entityConfig(),
);
export type ExportRefItem = EntityItem<typeof ExportRefEntity>;
