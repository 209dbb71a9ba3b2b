import type { EntityItem } from "electrodb";
import { keyString, primaryIndex, tenantIndex, timestamps } from "../../db/attributes";
import { defineEntity } from "../../db/client";

/**
 * Access patterns
 * | pattern | index   | pk composite | sk composite | used by                                        |
 * | byId    | primary | tenantId     | credentialId | Credential.get / list (by pk) / update, tokens |
 *
 * An API連携 credential: a client id (public) and a secret kept only as a scrypt hash.
 * `secretVersion` goes up on each rotation; a token remembers the version it was issued
 * under, so a rotation ends the old tokens at once. Webhook endpoints (issue 26, point 11)
 * will hang under the same partition, keyed by `credentialId`.
 */
export const CredentialEntity = defineEntity("credential", {
  attributes: {
    tenantId: keyString,
    credentialId: keyString,
    name: { type: "string", required: true },
    clientId: { type: "string", required: true, readOnly: true },
    secretHash: { type: "string", required: true },
    secretVersion: { type: "number", required: true, default: 1 },
    /** Values of `apiScopes` (shared/api-scopes.ts), checked on the way in. */
    scopes: { type: "list", items: { type: "string" }, required: true },
    createdBy: { type: "string", required: true, readOnly: true },
    /** ISO time of the last token request or API call, refreshed at most once a minute. */
    lastUsedAt: { type: "string" },
    /** ISO time after which neither the secret nor its tokens work; absent: no expiry. */
    validUntil: { type: "string" },
    ...timestamps,
  },
  indexes: {
    byId: tenantIndex("credentialId"),
  },
});

export type CredentialItem = EntityItem<typeof CredentialEntity>;

/**
 * Access patterns
 * | pattern    | index   | pk composite | sk composite | used by                              |
 * | byClientId | primary | clientId     | (none)       | POST /api/oauth_token: client → tenant |
 *
 * A routing record read before any tenant is known (like Identity): only the link.
 */
export const ApiClientLinkEntity = defineEntity("apiClientLink", {
  attributes: {
    clientId: keyString,
    tenantId: { type: "string", required: true, readOnly: true },
    credentialId: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byClientId: primaryIndex(["clientId"], []),
  },
});

/**
 * Access patterns
 * | pattern   | index   | pk composite | sk composite | used by                                   |
 * | byHash    | primary | tokenHash    | (none)       | auth: bearer access token → credential    |
 *
 * An issued access token, keyed by the SHA-256 of the token (the token itself is never
 * stored). Read before the tenant is known, like Identity. `expiresAt` is the table's
 * TTL; every check compares it with the clock too, because TTL deletes late.
 */
export const AccessTokenEntity = defineEntity("accessToken", {
  attributes: {
    tokenHash: keyString,
    tenantId: { type: "string", required: true, readOnly: true },
    credentialId: { type: "string", required: true, readOnly: true },
    scopes: { type: "list", items: { type: "string" }, required: true },
    secretVersion: { type: "number", required: true },
    /** Epoch seconds. */
    expiresAt: { type: "number", required: true },
  },
  indexes: {
    byHash: primaryIndex(["tokenHash"], []),
  },
});

export type AccessTokenItem = EntityItem<typeof AccessTokenEntity>;
