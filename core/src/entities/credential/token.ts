import type { Actor } from "../../actor";
import { ForbiddenError, UnauthenticatedError } from "../../error";
import { RateLimit } from "../../rate-limit";
import { type ApiScope, isApiScope } from "../../shared/api-scopes";
import { CompanyEntity } from "../company/entity";
import { AccessTokenEntity, ApiClientLinkEntity, CredentialEntity, type CredentialItem } from "./entity";
import { decoyHash, looksLikeAccessToken, newAccessToken, secretMatches, tokenHash } from "./secret";

/** Short enough that a leaked token is worth little, long enough for a batch of label calls. */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;

/**
 * Failed token requests allowed per window, per client id and per source address: a
 * guesser gets a handful of tries, an integrator with a typo is not locked out for long.
 */
export const FAILED_ATTEMPTS = {
  perClient: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
} as const;

/** Last use is written at most this often, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope";

/** An RFC 6749 §5.2 error answer; `status` 401 for a failed client authentication, 429 for too many. */
export class OAuthError extends Error {
  constructor(
    public readonly error: OAuthErrorCode | "slow_down",
    public readonly description: string,
    public readonly status: 400 | 401 | 403 | 429 = 400,
    public readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export type TokenRequest = {
  clientId: string;
  clientSecret: string;
  /** Space-separated; absent: every scope of the credential. */
  scope?: string;
  /** The caller's network address, for the failed-attempts limit. */
  address: string;
};

export type IssuedToken = { accessToken: string; expiresIn: number; scopes: ApiScope[] };

const isUsable = (credential: CredentialItem, nowMs: number) =>
  !credential.validUntil || Date.parse(credential.validUntil) > nowMs;

const buckets = (request: TokenRequest) => [
  { bucket: `token-fail:client:${request.clientId}`, policy: FAILED_ATTEMPTS.perClient },
  { bucket: `token-fail:ip:${request.address}`, policy: FAILED_ATTEMPTS.perAddress },
];

/**
 * The client-credentials grant (RFC 6749 §4.4): authenticates the client by its secret
 * and answers a token bound to its company, credential, secret version and the granted
 * scopes. A client or an address with too many recent failures is refused before its
 * secret is even checked.
 */
export async function issueToken(request: TokenRequest, nowMs = Date.now()): Promise<IssuedToken> {
  const standings = await Promise.all(
    buckets(request).map(({ bucket, policy }) => RateLimit.exhausted(bucket, policy, nowMs)),
  );
  const blocked = standings.find((standing) => !standing.allowed);
  if (blocked) {
    throw new OAuthError(
      "slow_down",
      "認証の失敗が続いたため、しばらく受け付けを停止しています。時間をおいて再度お試しください。",
      429,
      blocked.resetSeconds,
    );
  }
  const credential = await authenticatedCredential(request, nowMs);
  if (!credential) {
    await Promise.all(buckets(request).map(({ bucket, policy }) => RateLimit.record(bucket, policy, nowMs)));
    throw new OAuthError(
      "invalid_client",
      "クライアントIDまたはクライアントシークレットが正しくありません。",
      401,
    );
  }
  const { data: company } = await CompanyEntity.get({ tenantId: credential.tenantId }).go();
  if (company?.features?.apiIntegration !== true) {
    throw new OAuthError("unauthorized_client", "この会社ではAPI連携が有効になっていません。", 403);
  }
  const allowed = credential.scopes as ApiScope[];
  const scopes = grantedScopes(request.scope, allowed);
  const accessToken = newAccessToken();
  const expiresAt = Math.floor(nowMs / 1000) + TOKEN_LIFETIME_SECONDS;
  await AccessTokenEntity.create({
    tokenHash: tokenHash(accessToken),
    tenantId: credential.tenantId,
    credentialId: credential.credentialId,
    scopes,
    secretVersion: credential.secretVersion,
    expiresAt,
  }).go();
  await touch(credential, nowMs);
  return { accessToken, expiresIn: TOKEN_LIFETIME_SECONDS, scopes };
}

async function authenticatedCredential(request: TokenRequest, nowMs: number) {
  const { data: link } = await ApiClientLinkEntity.get({ clientId: request.clientId }).go();
  const { data: credential } = link
    ? await CredentialEntity.get({ tenantId: link.tenantId, credentialId: link.credentialId }).go()
    : { data: null };
  // An unknown client costs a hash comparison too, so timing tells nothing about which ids exist.
  const matches = await secretMatches(request.clientSecret, credential?.secretHash ?? (await decoyHash()));
  if (!credential || !matches || credential.clientId !== request.clientId) return undefined;
  return isUsable(credential, nowMs) ? credential : undefined;
}

function grantedScopes(requested: string | undefined, allowed: ApiScope[]): ApiScope[] {
  if (requested === undefined || requested.trim() === "") return allowed;
  const asked = [...new Set(requested.trim().split(/ +/))];
  const unknown = asked.filter((scope) => !isApiScope(scope));
  if (unknown.length > 0) throw new OAuthError("invalid_scope", `不明なスコープです: ${unknown.join(" ")}`);
  const beyond = asked.filter((scope) => !allowed.includes(scope as ApiScope));
  if (beyond.length > 0) {
    throw new OAuthError("invalid_scope", `この認証情報に許可されていないスコープです: ${beyond.join(" ")}`);
  }
  return allowed.filter((scope) => asked.includes(scope));
}

async function touch(credential: CredentialItem, nowMs: number) {
  if (credential.lastUsedAt && nowMs - Date.parse(credential.lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
  const seen = credential.lastUsedAt;
  await CredentialEntity.patch({ tenantId: credential.tenantId, credentialId: credential.credentialId })
    .set({ lastUsedAt: new Date(nowMs).toISOString() })
    // Instances racing to record the same minute: one write is enough.
    .where((attr, op) => (seen ? op.eq(attr.lastUsedAt, seen) : op.notExists(attr.lastUsedAt)))
    .go({ response: "none" })
    .catch(() => undefined);
}

export type ClientActor = Extract<Actor, { type: "client" }>;

const revokedToken = () =>
  new UnauthenticatedError("auth.invalid_token", "アクセストークンが無効か、有効期限が切れています。");

/**
 * The actor an access token stands for, checked against the credential on every call
 * (one read of the token, then the credential and the company's switch together), so
 * a deletion, rotation, expiry, scope removal or switched-off API takes effect at once.
 */
export async function actorForToken(token: string, nowMs = Date.now()): Promise<ClientActor> {
  if (!looksLikeAccessToken(token)) throw revokedToken();
  const { data: issued } = await AccessTokenEntity.get({ tokenHash: tokenHash(token) }).go();
  if (!issued || issued.expiresAt * 1000 <= nowMs) throw revokedToken();
  const [{ data: credential }, { data: company }] = await Promise.all([
    CredentialEntity.get({ tenantId: issued.tenantId, credentialId: issued.credentialId }).go(),
    CompanyEntity.get({ tenantId: issued.tenantId }).go({ attributes: ["features"] }),
  ]);
  if (!credential || credential.secretVersion !== issued.secretVersion || !isUsable(credential, nowMs)) {
    throw revokedToken();
  }
  if (company?.features?.apiIntegration !== true) {
    throw new ForbiddenError("feature.api_disabled", "この会社ではAPI連携が有効になっていません。");
  }
  await touch(credential, nowMs);
  const current = credential.scopes as ApiScope[];
  return {
    type: "client",
    properties: {
      tenantId: issued.tenantId,
      credentialId: issued.credentialId,
      scopes: (issued.scopes as ApiScope[]).filter((scope) => current.includes(scope)),
    },
  };
}
