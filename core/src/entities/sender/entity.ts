import type { EntityItem } from "electrodb";
import { addressAttributes, keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                         |
 * | byId    | primary | tenantId     | senderId     | Sender.get/update/remove, list  |
 */
export const SenderEntity = defineEntity("sender", {
  attributes: {
    tenantId: keyString,
    senderId: keyString,
    name: { type: "string", required: true },
    companyName: { type: "string", default: "" },
    ...addressAttributes,
    phone: { type: "string", required: true },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("senderId"),
  },
});

export type SenderItem = EntityItem<typeof SenderEntity>;
