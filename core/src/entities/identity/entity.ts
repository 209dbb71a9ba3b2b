import type { EntityItem } from "electrodb";
import { keyString, primaryIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";
import { roles } from "../../shared/user";

/**
 * Access patterns
 * | pattern    | index   | pk composite | sk composite | used by                                    |
 * | bySubject  | primary | subject      | (none)       | auth: verified token → user, tenant (actor) |
 *
 * The one partition not led by a tenant: before a request is scoped we only know
 * the verified Cognito subject, and this item is what tells us the tenant. It holds
 * no merchant data, only the link, and is written in the same transaction as the user.
 * It repeats the user's role, changed in the same transaction as the user's, so a
 * request reads one item to know who is asking and what they may do.
 *
 * When a user is removed the link is not deleted but marked `removedAt`, with a TTL
 * longer than any ID token lives: a still-valid token of a removed user must neither
 * reach the company nor sign up a new one.
 */
export const IdentityEntity = defineEntity("identity", {
  attributes: {
    subject: keyString,
    tenantId: keyString,
    userId: { type: "string", required: true, readOnly: true },
    /** The user's role as of the last change (links written before it existed have none). */
    role: { type: roles },
    removedAt: { type: "string" },
    /**
     * Set while the invited user has not signed in yet: the first request seen with this
     * subject clears it here and on the user, so the check costs nothing once accepted.
     */
    invitedAt: { type: "string" },
    /** Epoch seconds; set only on removal (the table's TTL attribute). */
    expiresAt: { type: "number" },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    bySubject: primaryIndex(["subject"], []),
  },
});

export type IdentityItem = EntityItem<typeof IdentityEntity>;
