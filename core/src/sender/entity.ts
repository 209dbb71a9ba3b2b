import { Entity, type EntityItem } from "electrodb";
import { addressAttributes, timestamps } from "../db/attributes";
import { entityConfig } from "../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                         |
 * | byId    | primary | tenantId     | senderId     | Sender.get/update/remove, list  |
 */
export const SenderEntity = new Entity(
  {
    model: { entity: "sender", version: "1", service: "okuru" },
    attributes: {
      tenantId: { type: "string", required: true, readOnly: true },
      senderId: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      companyName: { type: "string", default: "" },
      ...addressAttributes,
      phone: { type: "string", required: true },
      ...timestamps,
    },
    indexes: {
      byId: {
        pk: { field: "pk", composite: ["tenantId"], casing: "none" },
        sk: { field: "sk", composite: ["senderId"], casing: "none" },
      },
    },
  },
  entityConfig(),
);

export type SenderItem = EntityItem<typeof SenderEntity>;
