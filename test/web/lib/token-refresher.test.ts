import { Amplify } from "aws-amplify";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import type { Config } from "../../../web/src/config";
import { createTokenRefresher } from "../../../web/src/lib/token-refresher";

const config: Config = {
  region: "ap-northeast-1",
  userPoolId: "local_abc",
  userPoolClientId: "client123",
  cognitoEndpoint: "http://127.0.0.1:9229",
  authFlow: "USER_PASSWORD_AUTH",
  helpUrl: "https://okuru.jp/help",
  featureRequestUrl: "https://okuru.jp/feature-requests",
  localMailUrl: undefined,
};

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "RS256", typ: "JWT" })}.${encode(payload)}.signature`;
}

const fetchMock = vi.fn<typeof fetch>();
const oldTokens = {
  accessToken: { toString: () => "old", payload: {} },
  refreshToken: "refresh-token-1",
  clockDrift: 0,
  username: "tanaka@example.jp",
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The device's clock, faked so the drift Amplify keeps is exact; only Date is faked, fetch's promises run as usual. */
function deviceClockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

/** Seconds since the epoch, as Cognito writes iat. */
const epochSeconds = (iso: string) => Date.parse(iso) / 1000;

function answer(result: { AccessToken?: string; IdToken?: string }): Response {
  return new Response(JSON.stringify({ AuthenticationResult: result }));
}

describe("createTokenRefresher", () => {
  it("refreshes with InitiateAuth REFRESH_TOKEN_AUTH at the configured endpoint", async () => {
    deviceClockAt("2025-04-01T09:00:00.000Z");
    const iat = epochSeconds("2025-04-01T09:00:00.000Z");
    const accessToken = jwt({ sub: "sub-1", iat });
    const idToken = jwt({ sub: "sub-1", email: "tanaka@example.jp", email_verified: "true", iat });
    fetchMock.mockResolvedValue(answer({ AccessToken: accessToken, IdToken: idToken }));

    const tokens = await createTokenRefresher(config)({ tokens: oldTokens, username: "tanaka@example.jp" });

    const [url, init = {}] = fetchMock.mock.calls[0]!;
    expect(url).toBe("http://127.0.0.1:9229");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({
      "Content-Type": "application/x-amz-json-1.1",
      "X-Amz-Target": "AWSCognitoIdentityProviderService.InitiateAuth",
    });
    expect(JSON.parse(String(init.body))).toEqual({
      AuthFlow: "REFRESH_TOKEN_AUTH",
      ClientId: "client123",
      AuthParameters: { REFRESH_TOKEN: "refresh-token-1" },
    });
    expect(tokens.idToken?.payload.email_verified).toBe("true");
    expect(tokens.idToken?.toString()).toBe(idToken);
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.refreshToken).toBe("refresh-token-1");
    expect(tokens.username).toBe("tanaka@example.jp");
    // Issued at the device's own time: no drift.
    expect(tokens.clockDrift).toBe(0);
  });

  it("keeps the drift between Cognito's clock (iat) and the device's clock, in milliseconds", async () => {
    const issuedAt = "2025-04-01T09:00:00.000Z";
    fetchMock.mockImplementation(async () =>
      answer({ AccessToken: jwt({ sub: "sub-1", iat: epochSeconds(issuedAt) }) }),
    );
    const refresh = createTokenRefresher(config);

    // The device runs 90 s fast.
    deviceClockAt("2025-04-01T09:01:30.000Z");
    expect((await refresh({ tokens: oldTokens, username: "u" })).clockDrift).toBe(-90_000);

    // Ten more seconds on the device, the same token: the drift grows by exactly that.
    vi.advanceTimersByTime(10_000);
    expect((await refresh({ tokens: oldTokens, username: "u" })).clockDrift).toBe(-100_000);

    // The device runs 2.5 s slow.
    vi.setSystemTime(new Date("2025-04-01T08:59:57.500Z"));
    expect((await refresh({ tokens: oldTokens, username: "u" })).clockDrift).toBe(2_500);
  });

  it("assumes no drift when the access token has no iat", async () => {
    deviceClockAt("2025-04-01T09:00:00.000Z");
    fetchMock.mockResolvedValue(answer({ AccessToken: jwt({ sub: "sub-1" }) }));
    const tokens = await createTokenRefresher(config)({ tokens: oldTokens, username: "u" });
    expect(tokens.clockDrift).toBe(0);
    expect(tokens.idToken).toBeUndefined();
  });

  it("uses the regional Cognito endpoint without a custom one", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ AuthenticationResult: { AccessToken: jwt({ iat: 1 }) } })),
    );
    await createTokenRefresher({ ...config, cognitoEndpoint: undefined })({
      tokens: oldTokens,
      username: "u",
    });
    expect(fetchMock.mock.calls[0]![0]).toBe("https://cognito-idp.ap-northeast-1.amazonaws.com/");
  });

  it("reports Cognito's error name, so Amplify signs out on NotAuthorizedException", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({ __type: "NotAuthorizedException", message: "Refresh Token has expired" }),
        {
          status: 400,
        },
      ),
    );
    await expect(createTokenRefresher(config)({ tokens: oldTokens, username: "u" })).rejects.toMatchObject({
      name: "NotAuthorizedException",
      message: "Refresh Token has expired",
    });
  });

  it("signs out (NotAuthorizedException) without calling Cognito when there is no refresh token", async () => {
    await expect(
      createTokenRefresher(config)({ tokens: { ...oldTokens, refreshToken: undefined }, username: "u" }),
    ).rejects.toMatchObject({ name: "NotAuthorizedException" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails with TokenRefreshError and the status when the answer carries no tokens", async () => {
    fetchMock.mockResolvedValue(new Response("<html>Bad Gateway</html>", { status: 502 }));
    await expect(createTokenRefresher(config)({ tokens: oldTokens, username: "u" })).rejects.toMatchObject({
      name: "TokenRefreshError",
      message: "Token refresh failed (502)",
    });
  });

  it("takes the exception name after the # of a namespaced __type", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          __type: "com.amazonaws.cognito.identity.idp.model#NotAuthorizedException",
          message: "Refresh Token has been revoked",
        }),
        { status: 400 },
      ),
    );
    await expect(createTokenRefresher(config)({ tokens: oldTokens, username: "u" })).rejects.toMatchObject({
      name: "NotAuthorizedException",
      message: "Refresh Token has been revoked",
    });
  });
});

describe("createAmplifyAuth's token refresh", () => {
  /** Configures a fresh copy of web/src/lib/auth-amplify.ts (it configures Amplify once per page) and refreshes once. */
  async function refreshAfterConfiguring(configured: Config) {
    vi.resetModules();
    const { createAmplifyBackedAuth } = await import("../../../web/src/lib/auth-amplify");
    createAmplifyBackedAuth(configured);
    fetchMock.mockResolvedValue(answer({ AccessToken: jwt({ sub: "sub-1", iat: 1 }) }));
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.getTokenRefresher()({
      tokens: oldTokens,
      authConfig: Amplify.getConfig().Auth,
      username: "u",
    });
    const [url, init = {}] = fetchMock.mock.calls[0]!;
    return { url: String(url), target: new Headers(init.headers).get("x-amz-target") };
  }

  // First: Amplify keeps one token provider per page, and the local case replaces its refresher.
  it("is Amplify's own against Cognito", async () => {
    const production = { ...config, userPoolId: "ap-northeast-1_abc", cognitoEndpoint: undefined };
    expect(await refreshAfterConfiguring({ ...production, authFlow: "USER_SRP_AUTH" })).toEqual({
      url: "https://cognito-idp.ap-northeast-1.amazonaws.com/",
      target: "AWSCognitoIdentityProviderService.GetTokensFromRefreshToken",
    });
  });

  it("is InitiateAuth REFRESH_TOKEN_AUTH against a local Cognito endpoint", async () => {
    expect(await refreshAfterConfiguring(config)).toEqual({
      url: "http://127.0.0.1:9229",
      target: "AWSCognitoIdentityProviderService.InitiateAuth",
    });
  });
});
