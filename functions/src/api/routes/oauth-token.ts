import { createRoute, z } from "@hono/zod-openapi";
import { Credential } from "@okuru/core/entities/credential";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { jsonContent, router } from "../openapi";

const TokenRequest = z
  .object({
    grant_type: z.literal("client_credentials"),
    client_id: z.string().optional().meta({ description: "Basic 認証を使わない場合のクライアントID" }),
    client_secret: z.string().optional().meta({ description: "Basic 認証を使わない場合のシークレット" }),
    scope: z
      .string()
      .optional()
      .meta({ description: "スペース区切りのスコープ（省略時は認証情報のすべてのスコープ）" }),
  })
  .meta({ id: "oauthTokenCreateReq" });

const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().meta({ example: Credential.TOKEN_LIFETIME_SECONDS }),
    scope: z.string().meta({ example: "orders:read labels:write" }),
  })
  .meta({ id: "oauthTokenRes" });

const OAuthErrorBody = z
  .object({
    error: z.enum([
      "invalid_request",
      "invalid_client",
      "invalid_grant",
      "unauthorized_client",
      "unsupported_grant_type",
      "invalid_scope",
      "slow_down",
    ]),
    error_description: z.string(),
  })
  .meta({ id: "OAuthError" });

const oauthError = (description: string) => jsonContent(OAuthErrorBody, description);

/** Documented with the spec's schema names; parsed by hand below, to answer every error in RFC 6749's shape. */
const route = createRoute({
  method: "post",
  path: "/",
  operationId: "createOauthToken",
  tags: ["oauth"],
  summary: "アクセストークンを発行する（OAuth 2.0 クライアントクレデンシャル）",
  description:
    "RFC 6749 §4.4。クライアント認証は HTTP Basic か本文の client_id / client_secret のどちらか一方。" +
    `トークンの有効期間は ${Credential.TOKEN_LIFETIME_SECONDS} 秒。認証の失敗が続くと 429 を返します。`,
  security: [],
  request: {
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": { schema: TokenRequest },
        "application/json": { schema: TokenRequest },
      },
    },
  },
  responses: {
    200: jsonContent(TokenResponse, "アクセストークン"),
    400: oauthError("リクエストまたはスコープの誤り"),
    401: oauthError("クライアント認証の失敗"),
    403: oauthError("API連携が有効になっていない"),
    429: oauthError("認証の失敗が多すぎる（Retry-After 秒後に再試行）"),
  },
});

const invalidRequest = (description: string) => new Credential.OAuthError("invalid_request", description);

/** The body's parameters; a parameter sent twice is refused (RFC 6749 §3.2). */
async function bodyParameters(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  const text = await c.req.text();
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    const form = new URLSearchParams(text);
    const out: Record<string, string> = {};
    for (const key of new Set(form.keys())) {
      if (form.getAll(key).length > 1) throw invalidRequest(`パラメーター ${key} が重複しています。`);
      out[key] = form.get(key) ?? "";
    }
    return out;
  }
  if (/^application\/json\s*(;|$)/i.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalidRequest("リクエスト本文の JSON が正しくありません。");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw invalidRequest("リクエスト本文はオブジェクトで送信してください。");
    }
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== "string") throw invalidRequest(`パラメーター ${key} は文字列で指定してください。`);
      out[key] = value;
    }
    return out;
  }
  throw invalidRequest(
    "Content-Type は application/x-www-form-urlencoded または application/json にしてください。",
  );
}

/** HTTP Basic client authentication: id and secret each form-encoded, then Base64 (RFC 6749 §2.3.1). */
function basicCredentials(
  header: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  if (!header || !/^Basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0)
    throw new Credential.OAuthError("invalid_client", "Basic 認証の形式が正しくありません。", 401);
  const formDecoded = (part: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, " "));
    } catch {
      throw new Credential.OAuthError("invalid_client", "Basic 認証の形式が正しくありません。", 401);
    }
  };
  return {
    clientId: formDecoded(decoded.slice(0, colon)),
    clientSecret: formDecoded(decoded.slice(colon + 1)),
  };
}

/** The caller's address as API Gateway saw it, or the socket's locally; never a header the caller sets. */
function sourceAddress(c: Context<AppEnv>): string {
  return c.env?.requestContext?.http?.sourceIp ?? c.env?.incoming?.socket?.remoteAddress ?? "unknown";
}

async function issue(c: Context<AppEnv>) {
  const authorization = c.req.header("authorization");
  const basic = basicCredentials(authorization);
  const params = await bodyParameters(c);
  if (!params.grant_type) throw invalidRequest("grant_type を指定してください。");
  if (params.grant_type !== "client_credentials") {
    throw new Credential.OAuthError(
      "unsupported_grant_type",
      "grant_type は client_credentials のみ利用できます。",
    );
  }
  if (
    basic &&
    (params.client_secret !== undefined || (params.client_id ?? basic.clientId) !== basic.clientId)
  ) {
    throw invalidRequest("クライアント認証は Basic 認証と本文のどちらか一方で行ってください。");
  }
  const clientId = basic?.clientId ?? params.client_id;
  const clientSecret = basic?.clientSecret ?? params.client_secret;
  if (!clientId || !clientSecret) {
    throw new Credential.OAuthError("invalid_client", "client_id と client_secret を指定してください。", 401);
  }
  const token = await Credential.issueToken({
    clientId,
    clientSecret,
    scope: params.scope,
    address: sourceAddress(c),
  });
  c.header("Pragma", "no-cache");
  return c.json(
    {
      access_token: token.accessToken,
      token_type: "Bearer" as const,
      expires_in: token.expiresIn,
      scope: token.scopes.join(" "),
    },
    200,
  );
}

/** `POST /api/oauth_token`: a public route (public-routes.ts); the client authenticates itself here. */
export const oauthToken = router();
oauthToken.openAPIRegistry.registerPath(route);
oauthToken.post("/", async (c) => {
  try {
    return await issue(c);
  } catch (err) {
    if (!(err instanceof Credential.OAuthError)) throw err;
    if (err.status === 401 && /^Basic /i.test(c.req.header("authorization") ?? "")) {
      c.header("WWW-Authenticate", 'Basic realm="okuru", charset="UTF-8"');
    }
    if (err.retryAfterSeconds !== undefined) c.header("Retry-After", String(err.retryAfterSeconds));
    c.header("Pragma", "no-cache");
    return c.json({ error: err.error, error_description: err.description }, err.status);
  }
});
