import { isConditionalFailure } from "../../db/attributes";
import { RateBudgetEntity } from "../../entities/jobs/upload-job";

/**
 * A shop's rate budget shared by every tracking-upload consumer (issue 11: no burst
 * beyond the shop's bucket). The Shopify client already waits on the bucket it has
 * seen, but only within its own process; many consumers at once would each spend the
 * same points and then all be answered THROTTLED.
 *
 * The budget is Shopify's leaky bucket kept as one time per shop (the generic cell rate
 * algorithm): `tat` is when the bucket would be full again if nobody took more. Taking
 * `p` points moves it on by p ÷ rate seconds with one atomic ADD (no read, so a crowd of
 * consumers never retries against each other), and the taker waits until the new time
 * minus the bucket's depth (capacity ÷ rate): the points in use, (tat − now) × rate, never
 * exceed the bucket. A `tat` in the past (an idle shop: a full bucket) is brought to now
 * by a conditional write first, so idle time never buys more than one bucket.
 *
 * A Shopify shop's starts from the standard plan (1,000 points, 100 a second;
 * docs/platforms.md#shopify-rate-limits) and follows the `throttleStatus` the shop reports (`learn`); an
 * Ecforce shop's counts requests.
 */

export const STANDARD_BUCKET = { capacity: 1000, rate: 100 } as const;

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

type Key = { tenantId: string; shopId: string };
type Plan = { capacity: number; rate: number };

/** Each shop's plan as this process last read it (the plan changes rarely; `learn` updates it). */
const plans = new Map<string, Plan>();
const planKey = (key: Key) => `${key.tenantId}|${key.shopId}`;

async function planOf(key: Key, initial: Plan): Promise<Plan> {
  const known = plans.get(planKey(key));
  if (known) return known;
  const { data } = await RateBudgetEntity.get(key).go();
  if (data) {
    plans.set(planKey(key), { capacity: data.capacity, rate: data.rate });
    return plans.get(planKey(key))!;
  }
  await RateBudgetEntity.create({ ...key, tat: 0, ...initial })
    .go()
    .catch((err) => {
      if (!isConditionalFailure(err)) throw err; // another consumer created it first
    });
  return planOf(key, initial);
}

/**
 * Takes `points` from the shop's budget, waiting until they are there. `headroom`
 * points of the bucket are never planned for, so a query whose requested cost is above
 * what it will really cost still finds them in the shop's bucket.
 */
export async function take(
  key: Key,
  points: number,
  options: { sleep?: Sleep; initial?: Plan; headroom?: number } = {},
): Promise<void> {
  const sleep = options.sleep ?? realSleep;
  const plan = await planOf(key, options.initial ?? STANDARD_BUCKET);
  const step = (points / plan.rate) * 1000;
  const depth = (Math.max(0, plan.capacity - (options.headroom ?? 0)) / plan.rate) * 1000;
  let tat: number | undefined;
  while (tat === undefined) {
    const now = Date.now();
    try {
      const { data } = await RateBudgetEntity.patch(key)
        .add({ tat: step })
        .where((attr, op) => op.gte(attr.tat, now))
        .go({ response: "updated_new" });
      tat = data.tat;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      // Idle long enough to have refilled completely (a time in the past is a full bucket):
      // start from now, once, so idle time never counts twice.
      try {
        const { data } = await RateBudgetEntity.patch(key)
          .set({ tat: now + step })
          .where((attr, op) => op.lt(attr.tat, now))
          .go({ response: "updated_new" });
        tat = data.tat;
      } catch (again) {
        if (!isConditionalFailure(again)) throw again;
        // Another consumer did it first: take after theirs.
      }
    }
  }
  const wait = tat - depth - Date.now();
  if (wait > 0) await sleep(wait);
}

/** Corrects what was taken by what the call really cost (negative: points given back). */
export async function adjust(key: Key, points: number): Promise<void> {
  const plan = plans.get(planKey(key));
  if (!plan || points === 0) return;
  await RateBudgetEntity.patch(key)
    .add({ tat: (points / plan.rate) * 1000 })
    .go()
    .catch((err) => {
      if (!isConditionalFailure(err)) throw err;
    });
}

/** Follows the shop's real bucket size and restore rate (its plan) when they differ from the stored ones. */
export async function learn(key: Key, status: { maximumAvailable: number; restoreRate: number }) {
  const plan = { capacity: status.maximumAvailable, rate: status.restoreRate };
  const known = plans.get(planKey(key));
  if (known && known.capacity === plan.capacity && known.rate === plan.rate) return;
  if (plan.rate <= 0 || plan.capacity <= 0) return;
  plans.set(planKey(key), plan);
  await RateBudgetEntity.patch(key)
    .set(plan)
    .go()
    .catch((err) => {
      if (!isConditionalFailure(err)) throw err;
    });
}

/** The stored budget (the bench and tests read it). */
export async function stateOf(key: Key) {
  const { data } = await RateBudgetEntity.get(key).go();
  return data ?? undefined;
}
