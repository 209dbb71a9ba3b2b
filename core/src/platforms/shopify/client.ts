import { coreConfig } from "../../config";
import type { RequestFailure, Sleep } from "../platform-request";
import { PassingFailure, PlatformError, realSleep, sendOnce, withPlatformRetries } from "../platform-request";

/**
 * One shop's Admin GraphQL API, within its cost-based rate limit (docs/platforms.md#shopify-rate-limits):
 * each answer's `extensions.cost.throttleStatus` says how many points remain; a
 * query that would not fit waits for the bucket to refill, `THROTTLED` answers are
 * retried after the refill time, 429 honours `Retry-After`, 5xx backs off.
 */

/** The one Admin API version the app speaks; the local Shopify simulator serves this one only. */
export const API_VERSION = "2026-10";

export class ShopifyError extends PlatformError<RequestFailure | "query"> {
  override readonly name = "ShopifyError";
}

export function shopOrigin(domain: string): string {
  return coreConfig().shopify.originTemplate.replace("{shop}", domain).replace(/\/$/, "");
}

type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
type Cost = { requestedQueryCost: number; actualQueryCost: number | null; throttleStatus: ThrottleStatus };
type GraphQLAnswer<T> = {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[] | string;
  extensions?: { cost?: Cost };
};

export type { Sleep };

/** What the merchant is told when a request to the shop fails for good (`network` names the shop). */
const failures = {
  auth: "Shopify のアクセス権が無効です。ストアを再接続してください。",
  throttled: "Shopify の利用制限により取り込めませんでした。時間をおいて再度お試しください。",
  server: "Shopify でエラーが発生しました。時間をおいて再度お試しください。",
} as const;

/** The last known bucket per shop, so the next query waits before it is refused rather than after. */
const buckets = new Map<string, { status: ThrottleStatus; at: number; lastCost: number }>();
/**
 * What each kind of query asked for last time. A query waits for room for its own
 * requested cost, not the previous query's: a 153-point query after a 342-point page
 * would otherwise wait for 189 points it never needs.
 */
const requestedCosts = new Map<string, number>();

/** A query's requested cost follows from its text and the page sizes (`first`) its variables set. */
function costKey(query: string, variables: Record<string, unknown>): string {
  const sizes = Object.entries(variables).filter(([, value]) => typeof value === "number");
  return `${query}|${JSON.stringify(sizes)}`;
}

export type ClientOptions = { sleep?: Sleep; maxAttempts?: number; fetch?: typeof fetch };

export async function graphql<T>(
  domain: string,
  accessToken: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: ClientOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const doFetch = options.fetch ?? fetch;
  const maxAttempts = options.maxAttempts ?? 8;
  const url = `${shopOrigin(domain)}/admin/api/${API_VERSION}/graphql.json`;
  const fail = (kind: RequestFailure) =>
    new ShopifyError(
      kind === "network" ? `Shopify に接続できませんでした（${domain}）。` : failures[kind],
      kind,
    );

  const attempt = async () => {
    await waitForBucket(domain, requestedCosts.get(costKey(query, variables)), sleep);
    const send = () =>
      doFetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables }),
      });
    const response = await sendOnce(send, fail);
    const answer = (await response.json().catch(() => ({}))) as GraphQLAnswer<T>;
    const cost = answer.extensions?.cost;
    if (cost) {
      buckets.set(domain, {
        status: cost.throttleStatus,
        at: Date.now(),
        lastCost: cost.requestedQueryCost,
      });
      requestedCosts.set(costKey(query, variables), cost.requestedQueryCost);
    }
    const errors = Array.isArray(answer.errors)
      ? answer.errors
      : answer.errors
        ? [{ message: answer.errors }]
        : [];
    if (errors.some((e) => e.extensions?.code === "THROTTLED")) {
      // Again once the bucket has refilled enough for this query, when Shopify says how fast it refills.
      const status = cost?.throttleStatus;
      const needed = (cost?.requestedQueryCost ?? 0) - (status?.currentlyAvailable ?? 0);
      throw new PassingFailure(
        "throttled",
        status && status.restoreRate > 0 ? Math.ceil((needed / status.restoreRate) * 1000) + 50 : undefined,
      );
    }
    if (errors.length > 0 || !answer.data) {
      throw new ShopifyError(
        `Shopify が要求を受け付けませんでした: ${errors.map((e) => e.message).join(" / ")}`,
        "query",
      );
    }
    return answer.data;
  };
  return withPlatformRetries(attempt, { maxAttempts, sleep, backoff, fail });
}

/**
 * Waits until the shop's last known bucket holds the query's requested cost, or, for a
 * query not asked before, the last query's.
 */
async function waitForBucket(domain: string, requested: number | undefined, sleep: Sleep): Promise<void> {
  const known = buckets.get(domain);
  if (!known) return;
  const needed = requested ?? known.lastCost;
  const refilled = Math.min(
    known.status.maximumAvailable,
    known.status.currentlyAvailable + ((Date.now() - known.at) / 1000) * known.status.restoreRate,
  );
  if (refilled < needed && known.status.restoreRate > 0) {
    await sleep(Math.ceil(((needed - refilled) / known.status.restoreRate) * 1000));
  }
}

function backoff(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** (attempt - 1));
}

/** Forgets the known buckets (tests start from a full bucket). */
export function resetBuckets(): void {
  buckets.clear();
  requestedCosts.clear();
}
