import { type Actor, ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { UnauthenticatedError } from "@okuru/core/error";
import { Identity } from "@okuru/core/identity";
import { User } from "@okuru/core/user";
import type { MiddlewareHandler } from "hono";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import type { AppEnv } from "./env";

/**
 * Every protected request proves itself with a Cognito ID token. The signature,
 * issuer, audience, expiry and token use are checked here, in-process, on Lambda as
 * well as locally: the API Gateway authorizer is a first gate, never the only one.
 */
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

type IdClaims = { subject: string; email: string; emailVerified: boolean };

export async function verifyIdToken(token: string): Promise<IdClaims> {
  const { cognito } = coreConfig();
  jwks ??= createRemoteJWKSet(new URL(cognito.jwksUrl));
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks, { issuer: cognito.issuer, audience: cognito.clientId }));
  } catch {
    throw new UnauthenticatedError(
      "auth.invalid_token",
      "認証の有効期限が切れたか、認証情報が正しくありません。",
    );
  }
  if (payload.token_use !== "id" || typeof payload.sub !== "string" || typeof payload.email !== "string") {
    throw new UnauthenticatedError("auth.invalid_token", "認証情報が正しくありません。");
  }
  const verified = payload.email_verified;
  return {
    subject: payload.sub,
    email: payload.email,
    emailVerified: verified === true || verified === "true",
  };
}

function bearerToken(header: string | undefined): string {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  if (!match?.[1]?.trim()) throw new UnauthenticatedError();
  return match[1].trim();
}

/** A verified token is enough (sign-up: the user record does not exist yet). */
export const requireIdentity: MiddlewareHandler<AppEnv> = async (c, next) => {
  const claims = await verifyIdToken(bearerToken(c.req.header("authorization")));
  const actor: Actor = { type: "identity", properties: claims };
  return ActorContext.with(actor, () => next());
};

/** A verified token of a signed-up user: the tenant and role are set for core. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const claims = await verifyIdToken(bearerToken(c.req.header("authorization")));
  if (!claims.emailVerified) {
    throw new UnauthenticatedError("auth.email_unverified", "メールアドレスの確認が完了していません。");
  }
  const link = await Identity.resolve(claims.subject);
  if (!link) throw new UnauthenticatedError("auth.not_signed_up", "ユーザー登録が完了していません。");
  const user = await ActorContext.with({ type: "system", properties: { tenantId: link.tenantId } }, () =>
    User.find(link.userId),
  );
  if (!user) throw new UnauthenticatedError("auth.user_removed", "このユーザーは削除されています。");
  const actor: Actor = {
    type: "user",
    properties: {
      tenantId: link.tenantId,
      userId: link.userId,
      subject: claims.subject,
      email: claims.email,
      role: user.role,
    },
  };
  c.var.logger.appendKeys({ tenantId: link.tenantId, userId: link.userId });
  return ActorContext.with(actor, () => next());
};
