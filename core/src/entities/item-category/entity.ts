import type { EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite   | used by                                |
 * | byId    | primary | tenantId     | itemCategoryId | ItemCategory.get/update/remove, list   |
 */
export const ItemCategoryEntity = defineEntity("itemCategory", {
  attributes: {
    tenantId: keyString,
    itemCategoryId: keyString,
    name: { type: "string", required: true },
    handling1: { type: "string", default: "" },
    handling2: { type: "string", default: "" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("itemCategoryId"),
  },
});

export type ItemCategoryItem = EntityItem<typeof ItemCategoryEntity>;
