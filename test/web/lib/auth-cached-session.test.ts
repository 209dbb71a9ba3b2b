import { Amplify } from "aws-amplify";
import { decodeJWT, fetchAuthSession } from "aws-amplify/auth";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { readCachedSession } from "../../../web/src/lib/auth-cached-session";

/**
 * The first screen answers "who is signed in" from what Amplify itself wrote to
 * localStorage, without loading Amplify. These sessions are written by Amplify's own
 * token store, so a change in its keys or its expiry rule shows here.
 */
const clientId = "cached-session-client";

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
  return `${encode({ alg: "RS256", typ: "JWT" })}.${encode(payload)}.signature`;
}

/** A session as Amplify stores it after a sign-in, its tokens expiring in `seconds`. */
async function signedInFor(seconds: number, clockDrift = 0): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const idToken = jwt({ sub: "sub-1", email: "髙橋@example.jp", email_verified: "true", exp });
  await cognitoUserPoolsTokenProvider.authTokenStore.storeTokens({
    accessToken: decodeJWT(jwt({ sub: "sub-1", exp })),
    idToken: decodeJWT(idToken),
    refreshToken: "refresh-token",
    clockDrift,
    username: "sub-1",
  });
  return idToken;
}

beforeAll(() => {
  Amplify.configure({
    Auth: { Cognito: { userPoolId: "ap-northeast-1_cached", userPoolClientId: clientId } },
  });
});

beforeEach(() => localStorage.clear());

describe("readCachedSession", () => {
  it("reads a fresh session as Amplify stored it: the same ID token Amplify hands out", async () => {
    const idToken = await signedInFor(3600);
    const cached = readCachedSession(clientId);
    expect(cached).toEqual({
      state: "fresh",
      idToken,
      claims: expect.objectContaining({ sub: "sub-1", email: "髙橋@example.jp", email_verified: "true" }),
    });
    expect((await fetchAuthSession()).tokens?.idToken?.toString()).toBe(idToken);
  });

  it("says signed out when Amplify keeps no session, as Amplify does", async () => {
    expect(readCachedSession(clientId)).toEqual({ state: "signedOut" });
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it("leaves tokens that Amplify would refresh to Amplify: expired, or within its 5 s margin", async () => {
    await signedInFor(-60);
    expect(readCachedSession(clientId)).toEqual({ state: "askAmplify" });
    await signedInFor(3);
    expect(readCachedSession(clientId)).toEqual({ state: "askAmplify" });
  });

  it("counts the clock drift Amplify recorded for the device", async () => {
    // The device's clock runs 20 minutes behind Cognito's: a token 10 minutes from expiry is past it.
    await signedInFor(600, 20 * 60 * 1000);
    expect(readCachedSession(clientId)).toEqual({ state: "askAmplify" });
  });

  it("leaves a session from another app client alone", async () => {
    await signedInFor(3600);
    expect(readCachedSession("another-client")).toEqual({ state: "signedOut" });
  });
});
