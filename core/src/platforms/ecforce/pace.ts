import type { Sleep } from "../platform-request";

/**
 * How fast the product asks one Ecforce shop (docs/platforms.md#ecforce-rate). Ecforce publishes no
 * rate limit; the field notes ask for one request at a time, about one a second, and the
 * product reads that as a bucket of four requests refilled at one a second (the tracking
 * upload's budget has the same figures). The local simulator enforces exactly this bucket and
 * answers 429 with Retry-After beyond it, so a client that outruns it fails in tests.
 */
export const RATE_LIMIT = { burst: 4, perSecond: 1 } as const;

/**
 * Requests here go a twentieth slower than the bucket refills: two requests sent exactly a
 * second apart may reach the shop a little closer together.
 */
const SPACING_MS = (1000 / RATE_LIMIT.perSecond) * 1.05;
const DEPTH_MS = RATE_LIMIT.burst * SPACING_MS;

/** When each shop's bucket (by base URL) would be full again, as this process has used it. */
const fullAt = new Map<string, number>();

/**
 * Waits for the shop's turn (the generic cell rate algorithm): a request may go when the
 * bucket, with this one taken, is not over its depth. Another process reading the same shop
 * is not counted here; the shop's 429 and its Retry-After cover that.
 */
export async function waitForTurn(baseUrl: string, sleep: Sleep): Promise<void> {
  const now = Date.now();
  const next = Math.max(fullAt.get(baseUrl) ?? 0, now) + SPACING_MS;
  fullAt.set(baseUrl, next);
  const wait = next - DEPTH_MS - now;
  if (wait > 0) await sleep(wait);
}
