import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_RATE_LIMIT } from "../../../functions/src/api/auth";
import { accessToken, apiEnabledAccount, createCredential } from "../../support/api-clients";

/**
 * The per-credential rate limit is one count in DynamoDB, not per process: two
 * separately loaded copies of the app (as two Lambda instances) share it, and the
 * request past the limit is refused by whichever copy it reaches.
 */

/** A second, separately loaded app: its own modules, clients and memory, the same table. */
async function secondInstance() {
  vi.resetModules();
  const { app } = await import("../../../functions/src/api/app");
  return app;
}

describe("rate limit per credential", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it("is shared across two app instances and answers 429 with Retry-After and RateLimit headers", async () => {
    const { app: first } = await import("../../../functions/src/api/app");
    const account = await apiEnabledAccount();
    const token = await accessToken(await createCredential(account, { scopes: ["orders:read"] }));
    const get = (instance: typeof first) =>
      instance.request("/api/shipments/counts", { headers: { authorization: `Bearer ${token}` } });
    // Each app loads a route group when first asked for it, from the modules loaded then: the
    // first one loads its groups before the second instance's modules replace them.
    expect((await first.request("/api/shipments/counts")).status).toBe(401);
    const second = await secondInstance();
    expect(second).not.toBe(first);

    // The window is a fixed minute: the clock stands at the start of the next one, so the
    // test never straddles two, rather than sleeping up to 45 s for a fresh window to begin.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
    const probe = await get(first);
    expect(probe.status).toBe(200);
    expect(Number(probe.headers.get("ratelimit-reset"))).toBe(59);
    expect(probe.headers.get("ratelimit-limit")).toBe(String(CLIENT_RATE_LIMIT.limit));

    const rest = CLIENT_RATE_LIMIT.limit - 1;
    const statuses: number[] = [];
    for (let i = 0; i < rest; i += 25) {
      const batch = Array.from({ length: Math.min(25, rest - i) }, (_, j) =>
        get((i + j) % 2 ? first : second),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);

    for (const instance of [first, second]) {
      const refused = await get(instance);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("ratelimit-remaining")).toBe("0");
      expect((await refused.json()).code).toBe("rate_limited.api");
    }
  }, 180_000);
});
