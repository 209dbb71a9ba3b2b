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
  vi.unstubAllGlobals();
});

describe("createTokenRefresher", () => {
  it("refreshes with InitiateAuth REFRESH_TOKEN_AUTH at the configured endpoint", async () => {
    const iat = Math.floor(Date.now() / 1000);
    const accessToken = jwt({ sub: "sub-1", iat });
    const idToken = jwt({ sub: "sub-1", email: "tanaka@example.jp", email_verified: "true", iat });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ AuthenticationResult: { AccessToken: accessToken, IdToken: idToken } })),
    );

    const tokens = await createTokenRefresher(config)({ tokens: oldTokens, username: "tanaka@example.jp" });

    const [url, init = {}] = fetchMock.mock.calls[0]!;
    expect(url).toBe("http://127.0.0.1:9229");
    expect((init.headers as Record<string, string>)["X-Amz-Target"]).toBe(
      "AWSCognitoIdentityProviderService.InitiateAuth",
    );
    expect(JSON.parse(String(init.body))).toEqual({
      AuthFlow: "REFRESH_TOKEN_AUTH",
      ClientId: "client123",
      AuthParameters: { REFRESH_TOKEN: "refresh-token-1" },
    });
    expect(tokens.idToken?.payload.email_verified).toBe("true");
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.refreshToken).toBe("refresh-token-1");
    expect(tokens.username).toBe("tanaka@example.jp");
    expect(Math.abs(tokens.clockDrift)).toBeLessThan(2000);
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
});
