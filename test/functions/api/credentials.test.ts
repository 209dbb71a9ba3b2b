import { Company } from "@okuru/core/entities/company";
import { describe, expect, it } from "vitest";
import { CredentialEntity } from "../../../core/src/entities/credential/entity";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import {
  accessToken,
  apiEnabledAccount,
  clientCaller,
  createCredential,
  requestToken,
} from "../../support/api-clients";
import { signInAs } from "../../support/cognito";
import { invite } from "../../support/users";

/**
 * API連携 credentials through the real app and DynamoDB Local: administrators manage
 * them, the secret is shown once and kept as a hash, and a rotation, deletion, expiry
 * or switched-off feature ends the old secret and its tokens at the next call.
 */

const tokenRequest = (clientId: string, clientSecret: string) =>
  requestToken(
    JSON.stringify({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
    {
      "content-type": "application/json",
    },
  );

describe("/api/credentials", () => {
  it("creates, lists, reads and updates a credential; the secret is answered once and stored as a hash", async () => {
    const account = await apiEnabledAccount();
    const created = await createCredential(account, { name: "倉庫システム", scopes: ["orders:read"] });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^cred_/),
      name: "倉庫システム",
      client_id: expect.stringMatching(/^okr_/),
      client_secret: expect.stringMatching(/^okrs_/),
      scopes: ["orders:read"],
      created_by: account.userId,
      last_used_at: null,
      expires_at: null,
    });
    const { data: stored } = await CredentialEntity.get({
      tenantId: account.tenantId,
      credentialId: created.id,
    }).go();
    expect(stored!.secretHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain(created.client_secret);

    const list = await callApi("/api/credentials", { token: account.idToken });
    expect(list.status).toBe(200);
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).not.toHaveProperty("client_secret");
    const one = await callApi(`/api/credentials/${created.id}`, { token: account.idToken });
    expect(one.json).not.toHaveProperty("client_secret");
    expect(one.json.client_id).toBe(created.client_id);

    const updated = await callApi(`/api/credentials/${created.id}`, {
      method: "PUT",
      token: account.idToken,
      body: { name: "倉庫システム（本番）", scopes: ["labels:write", "orders:read"], expires_at: null },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({
      name: "倉庫システム（本番）",
      scopes: ["orders:read", "labels:write"],
    });

    const bad = await callApi("/api/credentials", {
      method: "POST",
      token: account.idToken,
      body: { name: "x", scopes: ["orders:delete"] },
    });
    expect(bad.status).toBe(400);
  });

  it("records the last use when a token is issued", async () => {
    const account = await apiEnabledAccount();
    const created = await createCredential(account);
    await accessToken(created);
    const one = await callApi(`/api/credentials/${created.id}`, { token: account.idToken });
    expect(Date.parse(one.json.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is for administrators only", async () => {
    const account = await apiEnabledAccount();
    const { email } = await invite(account.idToken, "member");
    const member = { idToken: await signInAs(email) };
    const created = await callApi("/api/credentials", {
      method: "POST",
      token: member.idToken,
      body: { name: "x", scopes: ["orders:read"] },
    });
    expect(created.status).toBe(403);
    expect(created.json.code).toBe("auth.admin_only");
    expect((await callApi("/api/credentials", { token: member.idToken })).status).toBe(403);
  });

  it("answers 403 while the company's API連携 is off, and switching it off ends issued tokens", async () => {
    const off = await testAccount();
    const refused = await callApi("/api/credentials", { token: off.idToken });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("feature.api_disabled");
    expect((await callApi("/api/companies", { token: off.idToken })).json.features).toEqual({
      api_integration: false,
    });

    const account = await apiEnabledAccount();
    expect((await callApi("/api/companies", { token: account.idToken })).json.features).toEqual({
      api_integration: true,
    });
    const credential = await createCredential(account, { scopes: ["orders:read"] });
    const call = clientCaller(await accessToken(credential));
    expect((await call("/orders?limit=1")).status).toBe(200);

    await Company.setFeature(account.tenantId, "api", false);
    const after = await call("/orders?limit=1");
    expect(after.status).toBe(403);
    expect(after.json.code).toBe("feature.api_disabled");
    const token = await tokenRequest(credential.client_id, credential.client_secret);
    expect(token.status).toBe(403);
    expect(token.json.error).toBe("unauthorized_client");
  });

  it("rotation ends the old secret and its tokens at once; the new secret works", async () => {
    const account = await apiEnabledAccount();
    const credential = await createCredential(account, { scopes: ["orders:read"] });
    const oldCall = clientCaller(await accessToken(credential));
    expect((await oldCall("/orders?limit=1")).status).toBe(200);

    const rotated = await callApi(`/api/credentials/${credential.id}/rotate`, {
      method: "POST",
      token: account.idToken,
    });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.json.client_secret).toMatch(/^okrs_/);
    expect(rotated.json.client_secret).not.toBe(credential.client_secret);
    expect(rotated.json.client_id).toBe(credential.client_id);

    const stale = await oldCall("/orders?limit=1");
    expect(stale.status).toBe(401);
    expect(stale.json.code).toBe("auth.invalid_token");
    expect((await tokenRequest(credential.client_id, credential.client_secret)).status).toBe(401);
    const fresh = clientCaller(
      await accessToken({ ...credential, client_secret: rotated.json.client_secret }),
    );
    expect((await fresh("/orders?limit=1")).status).toBe(200);
  });

  it("deletion revokes at once: issued tokens and the secret stop working", async () => {
    const account = await apiEnabledAccount();
    const credential = await createCredential(account, { scopes: ["orders:read"] });
    const call = clientCaller(await accessToken(credential));
    expect((await call("/orders?limit=1")).status).toBe(200);
    const removed = await callApi(`/api/credentials/${credential.id}`, {
      method: "DELETE",
      token: account.idToken,
    });
    expect(removed.status).toBe(204);
    expect((await call("/orders?limit=1")).status).toBe(401);
    expect((await tokenRequest(credential.client_id, credential.client_secret)).json.error).toBe(
      "invalid_client",
    );
    expect((await callApi(`/api/credentials/${credential.id}`, { token: account.idToken })).status).toBe(404);
  });

  it("an expired credential issues no token, and its tokens stop at the expiry", async () => {
    const account = await apiEnabledAccount();
    const credential = await createCredential(account, {
      scopes: ["orders:read"],
      expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    const call = clientCaller(await accessToken(credential));
    expect((await call("/orders?limit=1")).status).toBe(200);
    const expired = await callApi(`/api/credentials/${credential.id}`, {
      method: "PUT",
      token: account.idToken,
      body: {
        name: "期限切れ",
        scopes: ["orders:read"],
        expires_at: new Date(Date.now() - 1000).toISOString(),
      },
    });
    expect(expired.status).toBe(200);
    expect((await call("/orders?limit=1")).status).toBe(401);
    expect((await tokenRequest(credential.client_id, credential.client_secret)).json.error).toBe(
      "invalid_client",
    );
  });

  it("an access token expires after its lifetime", async () => {
    const account = await apiEnabledAccount();
    const credential = await createCredential(account, { scopes: ["orders:read"] });
    const token = await accessToken(credential);
    const { Credential } = await import("@okuru/core/entities/credential");
    const later = Date.now() + (Credential.TOKEN_LIFETIME_SECONDS + 1) * 1000;
    await expect(Credential.actorForToken(token, later)).rejects.toMatchObject({
      code: "auth.invalid_token",
    });
    await expect(Credential.actorForToken(token)).resolves.toMatchObject({ type: "client" });
  });
});
