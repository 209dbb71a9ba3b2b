import { Entity, type EntityItem } from "electrodb";
import { timestamps } from "../db/attributes";
import { entityConfig } from "../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite   | used by                                |
 * | byId    | primary | tenantId     | itemCategoryId | ItemCategory.get/update/remove, list   |
 */
export const ItemCategoryEntity = new Entity(
  {
    model: { entity: "itemCategory", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      itemCategoryId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      handling1: { type: "string", default: "" },
      handling2: { type: "string", default: "" },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["itemCategoryId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type ItemCategoryItem = EntityItem<typeof ItemCategoryEntity>;
