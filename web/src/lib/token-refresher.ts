import { decodeJWT } from "aws-amplify/auth";
import type { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import type { Config } from "../config";

type TokenRefresher = Parameters<typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher>[0];

/**
 * Refreshes tokens with InitiateAuth REFRESH_TOKEN_AUTH. Amplify 6.21 refreshes
 * with GetTokensFromRefreshToken, which cognito-local does not implement: locally
 * every session would end when its first ID token expires, and a verified email
 * would never reach the token. REFRESH_TOKEN_AUTH is allowed on every Cognito app
 * client, so the same code runs against AWS (without refresh-token rotation, which
 * the pool does not use).
 */
export function createTokenRefresher(config: Config): TokenRefresher {
  const endpoint = config.cognitoEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
  return async ({ tokens, username }) => {
    const refreshToken = tokens.refreshToken;
    if (!refreshToken) throw Object.assign(new Error("No refresh token"), { name: "NotAuthorizedException" });
    const response = await fetch(endpoint, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-amz-json-1.1",
        "X-Amz-Target": "AWSCognitoIdentityProviderService.InitiateAuth",
      },
      body: JSON.stringify({
        AuthFlow: "REFRESH_TOKEN_AUTH",
        ClientId: config.userPoolClientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      __type?: string;
      message?: string;
      AuthenticationResult?: { AccessToken?: string; IdToken?: string };
    };
    const result = body.AuthenticationResult;
    if (!response.ok || !result?.AccessToken) {
      // Amplify signs the user out on NotAuthorizedException (a revoked or expired refresh token).
      const name = body.__type?.split("#").pop() || "TokenRefreshError";
      throw Object.assign(new Error(body.message ?? `Token refresh failed (${response.status})`), { name });
    }
    const accessToken = decodeJWT(result.AccessToken);
    const issuedAt = (accessToken.payload.iat ?? Date.now() / 1000) * 1000;
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      refreshToken,
      clockDrift: issuedAt - Date.now(),
      username,
    };
  };
}
