import type { EntityItem } from "electrodb";
import { keyString, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { roles } from "../../shared/user";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                      |
 * | byId    | primary | tenantId     | userId       | User.get, User.list (by pk)  |
 *
 * From a Cognito subject to a user goes through Identity (identity/entity.ts).
 */
export const UserEntity = defineEntity("user", {
  attributes: {
    tenantId: keyString,
    userId: keyString,
    subject: { type: "string", required: true },
    email: { type: "string", required: true },
    name: { type: "string", required: true, default: "" },
    role: { type: roles, required: true, default: "member" },
    /** When the invitation was sent (or last sent again); removed at the user's first request. */
    invitedAt: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("userId"),
  },
});

export type UserItem = EntityItem<typeof UserEntity>;
