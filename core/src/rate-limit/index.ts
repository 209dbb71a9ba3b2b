import { RateWindowEntity } from "./entity";

export * as RateLimit from "./index";

/** A limit of `limit` counts per fixed window of `windowSeconds`. */
export type Policy = { limit: number; windowSeconds: number };

/** Where a bucket stands after a request: what the `RateLimit-*` headers and `Retry-After` tell. */
export type Standing = { allowed: boolean; limit: number; remaining: number; resetSeconds: number };

/** Old windows stay a little past their end, so a late reader still finds them. */
const KEEP_AFTER_WINDOW_SECONDS = 60;

function windowOf(policy: Policy, nowMs: number) {
  const now = Math.floor(nowMs / 1000);
  const window = now - (now % policy.windowSeconds);
  return { window, resetSeconds: window + policy.windowSeconds - now };
}

const isConditionFailure = (err: unknown) =>
  /conditional request failed|ConditionalCheckFailed/i.test(String((err as Error)?.message ?? err));

/**
 * Counts one request against the bucket, shared by every Lambda instance: one
 * conditional ADD, refused when the window's count has reached the limit, so two
 * instances can never both take the last unit.
 */
export async function take(bucket: string, policy: Policy, nowMs = Date.now()): Promise<Standing> {
  const { window, resetSeconds } = windowOf(policy, nowMs);
  try {
    const { data } = await RateWindowEntity.update({ bucket, window })
      .add({ count: 1 })
      .set({ expiresAt: window + policy.windowSeconds + KEEP_AFTER_WINDOW_SECONDS })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, policy.limit)}`)
      .go({ response: "updated_new" });
    const count = (data as { count?: number }).count ?? policy.limit;
    return { allowed: true, limit: policy.limit, remaining: Math.max(0, policy.limit - count), resetSeconds };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds };
  }
}

/** Whether the bucket has reached its limit in this window, without counting anything. */
export async function exhausted(bucket: string, policy: Policy, nowMs = Date.now()): Promise<Standing> {
  const { window, resetSeconds } = windowOf(policy, nowMs);
  const { data } = await RateWindowEntity.get({ bucket, window }).go({ consistent: true });
  const count = data?.count ?? 0;
  return {
    allowed: count < policy.limit,
    limit: policy.limit,
    remaining: Math.max(0, policy.limit - count),
    resetSeconds,
  };
}

/** Counts one event (a failed attempt) against the bucket, whatever its count. */
export async function record(bucket: string, policy: Policy, nowMs = Date.now()): Promise<void> {
  const { window } = windowOf(policy, nowMs);
  await RateWindowEntity.update({ bucket, window })
    .add({ count: 1 })
    .set({ expiresAt: window + policy.windowSeconds + KEEP_AFTER_WINDOW_SECONDS })
    .go({ response: "none" });
}
