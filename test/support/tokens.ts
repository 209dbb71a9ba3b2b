import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { coreConfig } from "@okuru/core/config";
import { importJWK, type JWK, SignJWT } from "jose";

const require = createRequire(import.meta.url);

/** cognito-local signs with a key it ships; signing with it lets a test craft an otherwise valid token. */
export async function cognitoLocalKey() {
  const { jwk } = JSON.parse(
    readFileSync(require.resolve("cognito-local/lib/keys/cognitoLocal.private.json"), "utf8"),
  ) as { jwk: JWK };
  return importJWK(jwk, "RS256");
}

/** The claims of a Cognito ID token for this pool and client; the caller sets the times and signs. */
export function idClaims(subject: string, email: string, extra: Record<string, unknown> = {}) {
  const { cognito } = coreConfig();
  return new SignJWT({ email, email_verified: true, token_use: "id", ...extra })
    .setProtectedHeader({ alg: "RS256", kid: "CognitoLocal" })
    .setSubject(subject)
    .setIssuer(cognito.issuer)
    .setAudience(cognito.clientId);
}
