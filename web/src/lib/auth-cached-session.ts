/**
 * The session Amplify keeps in localStorage, read without loading Amplify: a signed-out
 * visitor and a signed-in one whose tokens are still fresh are answered from here, so
 * neither first screen waits for the ~40 KB of Amplify. The keys and the expiry rule are
 * Amplify 6's (its DefaultTokenStore and TokenOrchestrator); anything else (expired tokens
 * to refresh, a value that does not decode) is left to Amplify itself.
 */
export type CachedSession =
  | { state: "signedOut" }
  | { state: "fresh"; idToken: string; claims: Record<string, unknown> }
  | { state: "askAmplify" };

const keyPrefix = "CognitoIdentityServiceProvider";
/** Amplify treats a token as expired this long before its exp. */
const expiryToleranceMs = 5000;

export function readCachedSession(userPoolClientId: string, storage?: Storage): CachedSession {
  try {
    const store = storage ?? globalThis.localStorage;
    const prefix = `${keyPrefix}.${userPoolClientId}`;
    // Amplify's own fallback when no user was ever remembered.
    const user = store.getItem(`${prefix}.LastAuthUser`) ?? "username";
    const accessToken = store.getItem(`${prefix}.${user}.accessToken`);
    if (!accessToken) return { state: "signedOut" };
    const idToken = store.getItem(`${prefix}.${user}.idToken`);
    if (!idToken) return { state: "askAmplify" };
    const clockDrift = Number.parseInt(store.getItem(`${prefix}.${user}.clockDrift`) ?? "0", 10);
    const claims = jwtClaims(idToken);
    const now = Date.now() + (Number.isNaN(clockDrift) ? 0 : clockDrift) + expiryToleranceMs;
    const expired = (token: Record<string, unknown>) => now > Number(token.exp ?? 0) * 1000;
    if (expired(claims) || expired(jwtClaims(accessToken))) return { state: "askAmplify" };
    return { state: "fresh", idToken, claims };
  } catch {
    // No storage (a locked-down browser) or a token that does not decode: Amplify decides.
    return { state: "askAmplify" };
  }
}

function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split(".")[1];
  if (!payload) throw new Error("Not a JWT");
  const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!claims || typeof claims !== "object") throw new Error("Not a JWT");
  return claims as Record<string, unknown>;
}
