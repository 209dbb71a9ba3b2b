import { type Actor, ActorContext } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Credential } from "@okuru/core/entities/credential";
import { Identity, type VerifiedClaims } from "@okuru/core/entities/identity";
import { ForbiddenError, UnauthenticatedError } from "@okuru/core/error";
import { RateLimit } from "@okuru/core/rate-limit";
import type { Context, MiddlewareHandler, Next } from "hono";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { requiredScope } from "./client-scopes";
import type { AppEnv } from "./env";
import { identityRoutes, isPublicRoute } from "./public-routes";

/**
 * Every protected request proves itself with a Cognito ID token or an API連携 access
 * token (`okt_…`, from POST /api/oauth_token). The signature,
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

/** One scheme, one space, one token: a header another client would read differently is refused. */
function bearerToken(header: string | undefined): string {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? "");
  if (!match?.[1]) throw new UnauthenticatedError();
  return match[1];
}

type UserActor = Extract<Actor, { type: "user" }>;

/**
 * Reads a request may run before its identity is read again: GETs whose handlers only
 * read the company's records (no write, no call to a shop or carrier), the screens a
 * merchant keeps reloading.
 */
const speculativeReads = [/^\/api\/orders(\/ids)?$/, /^\/api\/shipments(\/counts)?$/];

export function readsSpeculatively(method: string, path: string): boolean {
  return method === "GET" && speculativeReads.some((pattern) => pattern.test(path));
}

/** Subjects this process has resolved, with their last actor; cleared when it grows past the bound. */
const knownActors = new Map<string, UserActor>();
const KNOWN_ACTORS_BOUND = 10_000;

function remember(subject: string, actor: UserActor): void {
  if (knownActors.size >= KNOWN_ACTORS_BOUND) knownActors.clear();
  knownActors.set(subject, actor);
}

const sameActor = (a: UserActor, b: UserActor) =>
  a.properties.tenantId === b.properties.tenantId &&
  a.properties.userId === b.properties.userId &&
  a.properties.role === b.properties.role;

/** Requests sent again by `authenticate` itself: they run only after their identity is read. */
const rerunning = new WeakSet<Request>();

/**
 * Calls per API連携 credential, shared by every Lambda instance (a DynamoDB counter per
 * credential and minute): 600 a minute, all of which may come at once (a burst of a
 * whole minute's allowance), then 429 until the minute turns.
 */
export const CLIENT_RATE_LIMIT: RateLimit.Policy = { limit: 600, windowSeconds: 60 };

/**
 * A request with an API連携 access token: the token and its credential are checked on
 * every call, the call counted against the credential's rate limit (answered in the
 * `RateLimit-Limit`/`-Remaining`/`-Reset` headers), and the route must be one the
 * token's scopes open (client-scopes.ts).
 */
async function runAsClient(c: Context<AppEnv>, next: Next, token: string) {
  const actor = await Credential.actorForToken(token);
  const { credentialId } = actor.properties;
  const standing = await RateLimit.take(`api:${credentialId}`, CLIENT_RATE_LIMIT);
  c.header("RateLimit-Limit", String(standing.limit));
  c.header("RateLimit-Remaining", String(standing.remaining));
  c.header("RateLimit-Reset", String(standing.resetSeconds));
  if (!standing.allowed) {
    c.header("Retry-After", String(standing.resetSeconds));
    return c.json(
      {
        code: "rate_limited.api",
        message: `APIの呼び出し回数の上限（1分あたり${standing.limit}回）に達しました。${standing.resetSeconds}秒後に再度お試しください。`,
      },
      429,
    );
  }
  const scope = requiredScope(c.req.method, c.req.path);
  if (!scope) {
    throw new ForbiddenError(
      "auth.client_not_allowed",
      "このAPIはAPI連携のアクセストークンでは利用できません。管理画面にログインして操作してください。",
    );
  }
  if (!actor.properties.scopes.includes(scope)) {
    throw new ForbiddenError("auth.scope_missing", `この操作にはスコープ「${scope}」が必要です。`);
  }
  c.var.logger.appendKeys({ tenantId: actor.properties.tenantId, credentialId });
  return ActorContext.with(actor, () => next());
}

/**
 * Mounted once at the API root: public routes pass through, `/signup` runs as the
 * verified identity, every other route as the user (the tenant and role resolved
 * in core from the verified subject). A new route is protected without doing anything.
 *
 * The user's identity is read on every request, so a removal or a role change takes
 * effect on the next one. A speculative read (`speculates`) of a subject seen before
 * does not wait for it: it runs as the actor last seen while the identity is read
 * alongside, and its answer leaves only if that read agrees. A removed user gets the
 * removal's error; a changed one (another role) has the request run again, as the
 * actor now stored (`rerun`). No answer computed for an actor that no longer exists
 * ever leaves, and nothing is written meanwhile, since these routes only read.
 */
export function authenticate(options: {
  rerun: (request: Request, env: AppEnv["Bindings"]) => Response | Promise<Response>;
  speculates?: (method: string, path: string) => boolean;
}): MiddlewareHandler<AppEnv> {
  const speculates = options.speculates ?? readsSpeculatively;
  return async (c, next) => {
    if (c.req.method === "OPTIONS" || isPublicRoute(c.req.method, c.req.path)) return next();
    const token = bearerToken(c.req.header("authorization"));
    if (Credential.isAccessToken(token)) return runAsClient(c, next, token);
    const claims = await verifyIdToken(token);
    if (identityRoutes.some((path) => c.req.path === path)) {
      const actor: Actor = { type: "identity", properties: claims };
      return ActorContext.with(actor, () => next());
    }
    const runAs = (actor: UserActor) => {
      c.var.logger.appendKeys({ tenantId: actor.properties.tenantId, userId: actor.properties.userId });
      return ActorContext.with(actor, () => next());
    };
    const known =
      speculates(c.req.method, c.req.path) && !rerunning.has(c.req.raw)
        ? knownActors.get(claims.subject)
        : undefined;
    if (!known) {
      const actor = await Identity.actorFor(claims).catch((err) => {
        knownActors.delete(claims.subject);
        throw err;
      });
      remember(claims.subject, actor);
      return runAs(actor);
    }
    // Company, user and role as last seen; the e-mail is this token's, as actorFor gives it.
    const lastSeen: UserActor = { ...known, properties: { ...known.properties, email: claims.email } };
    const confirming = Identity.actorFor(claims);
    confirming.catch(() => undefined); // awaited below, after the route
    await runAs(lastSeen);
    const actor = await confirming.catch((err) => {
      knownActors.delete(claims.subject);
      throw err;
    });
    if (sameActor(actor, lastSeen)) return;
    remember(claims.subject, actor);
    const again = new Request(c.req.raw, {
      headers: { ...Object.fromEntries(c.req.raw.headers), "x-request-id": c.var.requestId },
    });
    rerunning.add(again);
    c.res = undefined;
    c.res = await options.rerun(again, c.env);
  };
}
