import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature an endpoint checks: HMAC-SHA256 over `<timestamp>.<body>` with the
 * endpoint's secret, sent as `Okuru-Signature: t=<unix seconds>,v1=<hex>`. The timestamp
 * is signed with the body, so a captured request replayed later is refused by an
 * endpoint that bounds its age (README: five minutes).
 */
export const SIGNATURE_HEADER = "Okuru-Signature";

export function signature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** What an integrator's endpoint does with the header (here for the tests and the README's example). */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  options: { now?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = signature(secret, timestamp, body).split("v1=")[1]!;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"));
}
