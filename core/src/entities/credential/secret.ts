import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Secrets are 256 random bits, so a fast hash would do against guessing; scrypt is
 * used anyway so that a leaked table does not become working credentials even if a
 * secret generator were ever weakened. The cost is paid once per token request, not
 * per API call (calls carry short-lived tokens).
 */
const SCRYPT = { N: 16_384, r: 8, p: 1, keyLength: 32, saltBytes: 16 } as const;

function derive(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `okr_` and 24 random base32-ish characters: public, shown in lists and logs. */
export function newClientId(): string {
  return `okr_${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
}

/** `okrs_` and 256 random bits: shown once, at creation or rotation. */
export function newSecret(): string {
  return `okrs_${randomBytes(32).toString("base64url")}`;
}

/** `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking stored hashes. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const key = await derive(secret, salt);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

/** A hash of an impossible secret: an unknown client id costs as much as a wrong secret. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashSecret(newSecret()));

export async function secretMatches(secret: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split("$");
  if (kind !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      secret,
      Buffer.from(salt, "base64url"),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p) },
      (err, out) => (err ? reject(err) : resolve(out)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Access tokens: 256 random bits; stored by their SHA-256 only (fast, since they are random). */
export const newAccessToken = () => `okt_${randomBytes(32).toString("base64url")}`;
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");
export const looksLikeAccessToken = (token: string) => /^okt_[A-Za-z0-9_-]{43}$/.test(token);
