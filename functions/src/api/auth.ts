import { type Actor, ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { UnauthenticatedError } from "@okuru/core/error";
import { Identity, type VerifiedClaims } from "@okuru/core/identity";
import type { MiddlewareHandler } from "hono";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import type { AppEnv } from "./env";
import { identityRoutes, isPublicRoute } from "./public-routes";

/**
 * Every protected request proves itself with a Cognito ID token. The signature,
 * issuer, audience, expiry and token use are checked here, in-process, on Lambda as
 * well as locally: the API Gateway authorizer is a first gate, never the only one.
 */
let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/** Clocks differ a little between Cognito and us; a token from further in the future is forged. */
const CLOCK_SKEW_SECONDS = 60;
/** Cognito issues ID tokens for at most a day; a longer-lived one did not come from it. */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

const invalidToken = () => new UnauthenticatedError("auth.invalid_token", "認証情報が正しくありません。");

export async function verifyIdToken(token: string): Promise<VerifiedClaims> {
  const { cognito } = coreConfig();
  jwks ??= createRemoteJWKSet(new URL(cognito.jwksUrl));
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks, {
      issuer: cognito.issuer,
      audience: cognito.clientId,
      requiredClaims: ["exp", "iat", "sub"],
      clockTolerance: CLOCK_SKEW_SECONDS,
    }));
  } catch {
    throw new UnauthenticatedError(
      "auth.invalid_token",
      "認証の有効期限が切れたか、認証情報が正しくありません。",
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const { iat, exp } = payload as { iat: number; exp: number };
  if (iat > now + CLOCK_SKEW_SECONDS || exp - iat > MAX_TOKEN_LIFETIME_SECONDS) throw invalidToken();
  if (payload.token_use !== "id" || typeof payload.sub !== "string" || typeof payload.email !== "string") {
    throw invalidToken();
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

/**
 * Mounted once at the API root: public routes pass through, `/signup` runs as the
 * verified identity, every other route as the user (the tenant and role resolved
 * in core from the verified subject). A new route is protected without doing anything.
 */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "OPTIONS" || isPublicRoute(c.req.method, c.req.path)) return next();
  const claims = await verifyIdToken(bearerToken(c.req.header("authorization")));
  if (identityRoutes.some((path) => c.req.path === path)) {
    const actor: Actor = { type: "identity", properties: claims };
    return ActorContext.with(actor, () => next());
  }
  const actor = await Identity.actorFor(claims);
  c.var.logger.appendKeys({ tenantId: actor.properties.tenantId, userId: actor.properties.userId });
  return ActorContext.with(actor, () => next());
};
