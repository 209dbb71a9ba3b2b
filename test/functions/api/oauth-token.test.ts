import { Credential } from "@okuru/core/entities/credential";
import { describe, expect, it } from "vitest";
import {
  apiEnabledAccount,
  basicAuth,
  createCredential,
  formBody,
  formHeaders,
  requestToken,
} from "../../support/api-clients";

/**
 * POST /api/oauth_token, the client-credentials grant (RFC 6749 §4.4), against the real
 * app and DynamoDB Local: both body encodings, both ways of client authentication, the
 * §5.2 error answers and the limit on failed attempts.
 */

const json = { "content-type": "application/json" };

async function credentialOf(scopes?: string[]) {
  const account = await apiEnabledAccount();
  return { account, credential: await createCredential(account, scopes ? { scopes } : {}) };
}

describe("POST /api/oauth_token", () => {
  it("issues a bearer token for a form body with HTTP Basic, not cacheable", async () => {
    const { credential } = await credentialOf(["orders:read", "labels:write"]);
    const answer = await requestToken(formBody({ grant_type: "client_credentials" }), {
      ...formHeaders,
      authorization: basicAuth(credential.client_id, credential.client_secret),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toEqual({
      access_token: expect.stringMatching(/^okt_/),
      token_type: "Bearer",
      expires_in: Credential.TOKEN_LIFETIME_SECONDS,
      scope: "orders:read labels:write",
    });
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("issues a token for a JSON body with the client in the body, narrowed to the scope asked", async () => {
    const { credential } = await credentialOf();
    const answer = await requestToken(
      JSON.stringify({
        grant_type: "client_credentials",
        client_id: credential.client_id,
        client_secret: credential.client_secret,
        scope: "orders:read",
      }),
      json,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.scope).toBe("orders:read");
  });

  it("a form body with the client in the body works too", async () => {
    const { credential } = await credentialOf(["orders:read"]);
    const answer = await requestToken(
      formBody({
        grant_type: "client_credentials",
        client_id: credential.client_id,
        client_secret: credential.client_secret,
      }),
      formHeaders,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.scope).toBe("orders:read");
  });

  it("answers RFC 6749 §5.2 errors", async () => {
    const { credential } = await credentialOf(["orders:read"]);
    const body = (extra: Record<string, string>) =>
      formBody({ client_id: credential.client_id, client_secret: credential.client_secret, ...extra });

    const noGrant = await requestToken(body({}), formHeaders);
    expect(noGrant.status).toBe(400);
    expect(noGrant.json).toEqual({ error: "invalid_request", error_description: expect.any(String) });

    const password = await requestToken(body({ grant_type: "password" }), formHeaders);
    expect(password.json.error).toBe("unsupported_grant_type");

    const beyond = await requestToken(
      body({ grant_type: "client_credentials", scope: "labels:write" }),
      formHeaders,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.json.error).toBe("invalid_scope");
    expect(beyond.json.error_description).toContain("labels:write");

    const both = await requestToken(body({ grant_type: "client_credentials" }), {
      ...formHeaders,
      authorization: basicAuth(credential.client_id, credential.client_secret),
    });
    expect(both.json.error).toBe("invalid_request");

    const twice = await requestToken(
      `${body({ grant_type: "client_credentials" })}&grant_type=client_credentials`,
      formHeaders,
    );
    expect(twice.json.error).toBe("invalid_request");

    const xml = await requestToken("<grant/>", { "content-type": "application/xml" });
    expect(xml.json.error).toBe("invalid_request");

    const wrongBasic = await requestToken(formBody({ grant_type: "client_credentials" }), {
      ...formHeaders,
      authorization: basicAuth(credential.client_id, "okrs_wrong"),
    });
    expect(wrongBasic.status).toBe(401);
    expect(wrongBasic.json.error).toBe("invalid_client");
    expect(wrongBasic.headers.get("www-authenticate")).toMatch(/^Basic /);

    const wrongBody = await requestToken(
      formBody({ grant_type: "client_credentials", client_id: credential.client_id, client_secret: "x" }),
      formHeaders,
    );
    expect(wrongBody.status).toBe(401);
    expect(wrongBody.json.error).toBe("invalid_client");
  });

  it("limits failed attempts per client id, then refuses even the right secret for a while", async () => {
    const { credential } = await credentialOf(["orders:read"]);
    const attempt = (secret: string, sourceIp: string) =>
      requestToken(
        JSON.stringify({
          grant_type: "client_credentials",
          client_id: credential.client_id,
          client_secret: secret,
        }),
        json,
        { sourceIp },
      );
    const { limit } = Credential.FAILED_ATTEMPTS.perClient;
    for (let i = 0; i < limit; i++)
      expect((await attempt(`okrs_guess${i}`, `198.51.100.${i}`)).status).toBe(401);
    const blocked = await attempt(credential.client_secret, "198.51.100.200");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.json.error_description).toContain("しばらく");
  });

  it("limits failed attempts per source address across client ids", async () => {
    const { credential } = await credentialOf(["orders:read"]);
    const sourceIp = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const { limit } = Credential.FAILED_ATTEMPTS.perAddress;
    await Promise.all(
      Array.from({ length: limit }, (_, i) =>
        requestToken(
          JSON.stringify({
            grant_type: "client_credentials",
            client_id: `okr_unknown${i}`,
            client_secret: "x",
          }),
          json,
          { sourceIp },
        ),
      ),
    );
    const blocked = await requestToken(
      JSON.stringify({
        grant_type: "client_credentials",
        client_id: credential.client_id,
        client_secret: credential.client_secret,
      }),
      json,
      { sourceIp },
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await requestToken(
      JSON.stringify({
        grant_type: "client_credentials",
        client_id: credential.client_id,
        client_secret: credential.client_secret,
      }),
      json,
      { sourceIp: "192.0.2.77" },
    );
    expect(elsewhere.status).toBe(200);
  });
});
