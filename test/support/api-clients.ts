import { Company } from "@okuru/core/entities/company";
import { apiScopes } from "@okuru/core/shared/api-scopes";
import { expect } from "vitest";
import { app } from "../../functions/src/api/app";
import { testAccount } from "./account";
import { callApi } from "./api";

/** A signed-up company whose operator has switched API連携 on (as `npm run feature` does). */
export async function apiEnabledAccount(companyName?: string) {
  const account = await testAccount(companyName);
  await Company.setFeature(account.tenantId, "api", true);
  return account;
}

export type CreatedCredential = { id: string; client_id: string; client_secret: string; scopes: string[] };

/** A credential created through the API by the account's administrator. */
export async function createCredential(
  account: { idToken: string },
  body: { name?: string; scopes?: string[]; expires_at?: string | null } = {},
): Promise<CreatedCredential> {
  const created = await callApi("/api/credentials", {
    method: "POST",
    token: account.idToken,
    body: { name: "基幹システム連携", scopes: [...apiScopes], ...body },
  });
  expect(created.status, created.text).toBe(201);
  return created.json;
}

/** `POST /api/oauth_token` with a raw body and headers, on the given app (the shared one by default). */
export async function requestToken(
  body: string,
  headers: Record<string, string>,
  options: { sourceIp?: string; target?: typeof app } = {},
) {
  const env = options.sourceIp ? { requestContext: { http: { sourceIp: options.sourceIp } } } : undefined;
  const response = await (options.target ?? app).request(
    "/api/oauth_token",
    { method: "POST", headers, body },
    env as never,
  );
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, json };
}

export const formBody = (params: Record<string, string>) => new URLSearchParams(params).toString();
export const formHeaders = { "content-type": "application/x-www-form-urlencoded" };
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

/** An access token for the credential (client authentication in the body, JSON). */
export async function accessToken(credential: CreatedCredential, scope?: string): Promise<string> {
  const answer = await requestToken(
    JSON.stringify({
      grant_type: "client_credentials",
      client_id: credential.client_id,
      client_secret: credential.client_secret,
      ...(scope === undefined ? {} : { scope }),
    }),
    { "content-type": "application/json" },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.access_token;
}

/** Calls the real API with an access token, by the path after `/api`. */
export function clientCaller(token: string) {
  return (path: string, method = "GET", body?: unknown) => callApi(`/api${path}`, { method, token, body });
}
