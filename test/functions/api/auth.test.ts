import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { cognitoUser } from "../../support/cognito";
import { cognitoLocalKey, idClaims } from "../../support/tokens";

describe("authentication", () => {
  it("answers 401 with a Japanese message when the token is missing", async () => {
    const res = await callApi("/api/companies");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: "auth.unauthenticated", message: "ログインが必要です。" });
  });

  it("answers 401 for an empty bearer token (the web client's signed-out header)", async () => {
    const res = await callApi("/api/companies", { token: "" });
    expect(res.status).toBe(401);
  });

  it("answers 401 for a token signed by another key, even with the right claims", async () => {
    const account = await testAccount();
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    await exportJWK(publicKey);
    const forged = await idClaims(account.subject, account.email)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const res = await callApi("/api/companies", { token: forged });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("auth.invalid_token");
  });

  it("answers 401 for an expired token signed by the real key", async () => {
    const account = await testAccount();
    const now = Math.floor(Date.now() / 1000);
    const expired = await idClaims(account.subject, account.email)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(await cognitoLocalKey());
    expect((await callApi("/api/companies", { token: expired })).status).toBe(401);

    // The same token, not yet expired, is accepted: the 401 above is about expiry only.
    const fresh = await idClaims(account.subject, account.email)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(await cognitoLocalKey());
    expect((await callApi("/api/companies", { token: fresh })).status).toBe(200);
  });

  it("answers 401 for a token of another app client or another issuer", async () => {
    const account = await testAccount();
    const key = await cognitoLocalKey();
    const otherAudience = await idClaims(account.subject, account.email)
      .setAudience("some-other-client")
      .setExpirationTime("1h")
      .sign(key);
    const otherIssuer = await idClaims(account.subject, account.email)
      .setIssuer("https://cognito-idp.ap-northeast-1.amazonaws.com/ap-northeast-1_other")
      .setExpirationTime("1h")
      .sign(key);
    expect((await callApi("/api/companies", { token: otherAudience })).status).toBe(401);
    expect((await callApi("/api/companies", { token: otherIssuer })).status).toBe(401);
  });

  it("refuses an access token where an ID token is required", async () => {
    const account = await testAccount();
    const res = await callApi("/api/companies", { token: account.accessToken });
    expect(res.status).toBe(401);
  });

  it("answers 401 for a verified identity that has not signed up yet", async () => {
    const user = await cognitoUser();
    const res = await callApi("/api/companies", { token: user.idToken });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("auth.not_signed_up");
  });

  it("keeps public routes public", async () => {
    const health = await callApi("/api/health");
    expect(health.status).toBe(200);
    expect(health.json.status).toBe("ok");
    expect(health.headers.get("x-request-id")).toBeTruthy();
  });
});
