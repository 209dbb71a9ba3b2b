import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { cognitoUser, signInAs } from "../../support/cognito";
import { cognitoLocalKey, idClaims } from "../../support/tokens";
import { invite } from "../../support/users";

const now = () => Math.floor(Date.now() / 1000);

describe("ID token claims", () => {
  it("refuses a token without exp, though signed by the real key", async () => {
    const account = await testAccount();
    const token = await idClaims(account.subject, account.email)
      .setIssuedAt()
      .sign(await cognitoLocalKey());
    const res = await callApi("/api/companies", { token });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("auth.invalid_token");
  });

  it("refuses a token issued in the future beyond the clock skew, accepts one within it", async () => {
    const account = await testAccount();
    const key = await cognitoLocalKey();
    const future = await idClaims(account.subject, account.email)
      .setIssuedAt(now() + 3600)
      .setExpirationTime(now() + 7200)
      .sign(key);
    expect((await callApi("/api/companies", { token: future })).status).toBe(401);

    const slightlyAhead = await idClaims(account.subject, account.email)
      .setIssuedAt(now() + 20)
      .setExpirationTime(now() + 900)
      .sign(key);
    expect((await callApi("/api/companies", { token: slightlyAhead })).status).toBe(200);
  });

  it("refuses a token that claims to live longer than Cognito ever issues", async () => {
    const account = await testAccount();
    const token = await idClaims(account.subject, account.email)
      .setIssuedAt(now())
      .setExpirationTime(now() + 30 * 24 * 3600)
      .sign(await cognitoLocalKey());
    expect((await callApi("/api/companies", { token })).status).toBe(401);
  });

  it("refuses a token without iat", async () => {
    const account = await testAccount();
    const token = await idClaims(account.subject, account.email)
      .setExpirationTime(now() + 600)
      .sign(await cognitoLocalKey());
    expect((await callApi("/api/companies", { token })).status).toBe(401);
  });
});

describe("account states", () => {
  it("answers 401 auth.email_unverified for a signed-up user whose token says the e-mail is not verified", async () => {
    const account = await testAccount();
    const token = await idClaims(account.subject, account.email, { email_verified: false })
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(await cognitoLocalKey());
    const res = await callApi("/api/companies", { token });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({
      code: "auth.email_unverified",
      message: "メールアドレスの確認が完了していません。",
    });
  });

  it("a removed user's still-valid token reaches nothing and cannot sign up a new company", async () => {
    const admin = await testAccount("削除テスト商店");
    const { res: invited, email } = await invite(admin.idToken, "member", "退職 者");
    expect(invited.status).toBe(201);
    const memberToken = await signInAs(email);
    expect((await callApi("/api/companies", { token: memberToken })).status).toBe(200);

    const removed = await callApi(`/api/users/${invited.json.id}`, {
      method: "DELETE",
      token: admin.idToken,
    });
    expect(removed.status).toBe(204);

    const after = await callApi("/api/companies", { token: memberToken });
    expect(after.status).toBe(401);
    expect(after.json.code).toBe("auth.user_removed");

    const signup = await callApi("/api/signup", { method: "POST", token: memberToken, body: {} });
    expect(signup.status).toBe(401);
    expect(signup.json.code).toBe("auth.user_removed");
    // The admin's company still has exactly its administrator.
    const users = await callApi("/api/users", { token: admin.idToken });
    expect(users.json.items.map((u: { email: string }) => u.email)).toEqual([admin.email]);
  });

  it("a verified identity without a user may check and sign up, once", async () => {
    const user = await cognitoUser();
    expect((await callApi("/api/signup", { token: user.idToken })).json).toEqual({ exist: false });
    const first = await callApi("/api/signup", { method: "POST", token: user.idToken, body: {} });
    expect(first.status).toBe(201);
    const again = await callApi("/api/signup", { method: "POST", token: user.idToken, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("signup.exists");
    expect((await callApi("/api/signup", { token: user.idToken })).json).toEqual({ exist: true });
  });
});

describe("API response hardening", () => {
  it("marks every answer no-store and nosniff, errors included", async () => {
    for (const res of [await callApi("/api/health"), await callApi("/api/companies")]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("echoes a client request id only in a safe shape", async () => {
    const safe = await callApi("/api/health", { headers: { "x-request-id": "req-0123456789abcdef" } });
    expect(safe.headers.get("x-request-id")).toBe("req-0123456789abcdef");
    const unsafe = await callApi("/api/health", { headers: { "x-request-id": "<script>alert(1)</script>" } });
    expect(unsafe.headers.get("x-request-id")).not.toContain("<");
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  });

  it("answers 415 in Japanese for a body that is not JSON", async () => {
    const account = await testAccount();
    const res = await callApi("/api/senders", {
      method: "POST",
      token: account.idToken,
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({ code: "http.415" });
    expect(res.json.message).toMatch(/JSON/);
  });

  it("answers 413 in Japanese for a body over the limit, before reading it whole", async () => {
    const account = await testAccount();
    const res = await callApi("/api/senders", {
      method: "POST",
      token: account.idToken,
      body: { name: "x".repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("http.413");
    expect(res.json.message).toContain("大きすぎます");
  });
});
