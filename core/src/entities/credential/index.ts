export * as Credential from "./index";

import { z } from "zod";
import { assertAdmin, useTenantID, useUser } from "../../actor";
import { recordInfo, recordToWire } from "../../db/wire";
import { ForbiddenError, NotFoundError, RuleError } from "../../error";
import { type ApiScope, apiScopes, CredentialCreate, CredentialUpdate } from "../../shared/api-scopes";
import { createID, isID } from "../../util/id";
import { CompanyEntity } from "../company/entity";
import { orNotFound, type Page, type PageRequest, page } from "../records";
import { WebhookEndpoint } from "../webhook-endpoint";
import { ApiClientLinkEntity, CredentialEntity, type CredentialItem } from "./entity";
import { hashSecret, newClientId, newSecret } from "./secret";

export { looksLikeAccessToken as isAccessToken } from "./secret";
export { actorForToken, FAILED_ATTEMPTS, issueToken, OAuthError, TOKEN_LIFETIME_SECONDS } from "./token";

/** Credentials per company: enough for one per integration, small enough to list on one screen. */
export const MAX_CREDENTIALS = 20;

export const Info = recordInfo("Credential", {
  name: z.string(),
  client_id: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type Info = z.infer<typeof Info>;

/** Creation and rotation answer the secret once; it is never readable again. */
export const WithSecret = Info.extend({
  client_secret: z.string().meta({ description: "クライアントシークレット（この応答でのみ表示）" }),
}).meta({ id: "CredentialWithSecret" });

export function serialize(item: CredentialItem): Info {
  return recordToWire(item.credentialId, item, {
    name: item.name,
    client_id: item.clientId,
    scopes: item.scopes as ApiScope[],
    created_by: item.createdBy,
    last_used_at: item.lastUsedAt ?? null,
    expires_at: item.validUntil ?? null,
  });
}

const notFound = () => new NotFoundError("credential.not_found", "API連携の認証情報が見つかりません。");

export const apiDisabled = () =>
  new ForbiddenError(
    "feature.api_disabled",
    "この会社ではAPI連携をご利用いただけません。ご利用をご希望の場合はサポートまでお問い合わせください。",
  );

/** The company's switch (set by an operator, `npm run feature`) for everything of the public API. */
export async function apiEnabledFor(tenantId: string): Promise<boolean> {
  const { data } = await CompanyEntity.get({ tenantId }).go({ attributes: ["features"] });
  return data?.features?.apiIntegration === true;
}

/** Managing credentials: administrators of a company whose API連携 is switched on. */
async function assertManager(): Promise<string> {
  assertAdmin();
  const tenantId = useTenantID();
  if (!(await apiEnabledFor(tenantId))) throw apiDisabled();
  return tenantId;
}

export async function find(credentialId: string): Promise<CredentialItem | undefined> {
  if (!isID("credential", credentialId)) return undefined;
  const { data } = await CredentialEntity.get({ tenantId: useTenantID(), credentialId }).go();
  return data ?? undefined;
}

const findManaged = async (credentialId: string) => {
  await assertManager();
  return find(credentialId);
};
export const get = orNotFound(findManaged, notFound);

export async function list(request?: PageRequest): Promise<Page<CredentialItem>> {
  const tenantId = await assertManager();
  return page(CredentialEntity.query.byId({ tenantId }), request);
}

export type Created = { credential: CredentialItem; secret: string };

export async function create(input: z.input<typeof CredentialCreate>): Promise<Created> {
  const tenantId = await assertManager();
  const value = CredentialCreate.parse(input);
  const { data: existing } = await CredentialEntity.query
    .byId({ tenantId })
    .go({ pages: "all", attributes: ["credentialId"] });
  if (existing.length >= MAX_CREDENTIALS) {
    throw new RuleError("credential.limit", `API連携の認証情報は${MAX_CREDENTIALS}件まで作成できます。`);
  }
  const credentialId = createID("credential");
  const clientId = newClientId();
  const secret = newSecret();
  // The link first: a credential is never reachable by a client id another credential holds.
  await ApiClientLinkEntity.create({ clientId, tenantId, credentialId }).go();
  const { data } = await CredentialEntity.create({
    tenantId,
    credentialId,
    name: value.name,
    clientId,
    secretHash: await hashSecret(secret),
    scopes: value.scopes,
    createdBy: useUser().userId,
    ...(value.expires_at ? { validUntil: new Date(value.expires_at).toISOString() } : {}),
  }).go();
  return { credential: data, secret };
}

/** Name, scopes and expiry; tokens already issued lose a removed scope on their next call. */
export async function update(credentialId: string, input: z.input<typeof CredentialUpdate>) {
  const current = await get(credentialId);
  const value = CredentialUpdate.parse(input);
  const patch = CredentialEntity.patch({ tenantId: current.tenantId, credentialId }).set({
    name: value.name,
    scopes: value.scopes,
    ...(value.expires_at ? { validUntil: new Date(value.expires_at).toISOString() } : {}),
  });
  const { data } = await (value.expires_at ? patch : patch.remove(["validUntil"])).go({
    response: "all_new",
  });
  return data as CredentialItem;
}

/** A new secret; the old one and every token issued under it stop working at once. */
export async function rotate(credentialId: string): Promise<Created> {
  const current = await get(credentialId);
  const secret = newSecret();
  const { data } = await CredentialEntity.patch({ tenantId: current.tenantId, credentialId })
    .set({ secretHash: await hashSecret(secret) })
    .add({ secretVersion: 1 })
    .go({ response: "all_new" });
  return { credential: data as CredentialItem, secret };
}

/** Revokes for good: the secret and its tokens stop working on their next use. */
export async function remove(credentialId: string): Promise<void> {
  const current = await get(credentialId);
  await CredentialEntity.delete({ tenantId: current.tenantId, credentialId }).go();
  await ApiClientLinkEntity.delete({ clientId: current.clientId }).go();
  // Its webhook endpoints go with it: a revoked integration is told nothing more.
  await WebhookEndpoint.removeAllOf(credentialId);
}
