import { Entity, type EntityItem } from "electrodb";
import { timestamps } from "../db/attributes";
import { entityConfig } from "../db/client";

/**
 * Access patterns
 * | pattern    | index   | pk composite | sk composite | used by                           |
 * | bySubject  | primary | subject      | (none)       | auth: verified token → user, tenant |
 *
 * The one partition not led by a tenant: before a request is scoped we only know
 * the verified Cognito subject, and this item is what tells us the tenant. It holds
 * no merchant data, only the link, and is written in the same transaction as the user.
 */
export const IdentityEntity = new Entity(
  {
    model: { entity: "identity", version: "1", service: "okuru" },
    attributes: {
      subject: { type: "string", required: true, readOnly: true },
      tenantId: { type: "string", required: true, readOnly: true },
      userId: { type: "string", required: true, readOnly: true },
      createdAt: timestamps.createdAt,
    },
    indexes: {
      bySubject: { pk: { field: "pk", composite: ["subject"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
);

export type IdentityItem = EntityItem<typeof IdentityEntity>;
