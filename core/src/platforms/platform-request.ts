/**
 * A request to a shop platform's API (Shopify, Ecforce), as both clients make it: a
 * failed connection and 429/5xx answers are retried (429/5xx honouring `Retry-After`,
 * otherwise the platform's own `backoff`) until `maxAttempts`, and
 * 401/403 means the shop's token was refused. The messages are the platform's own.
 * A target refused before sending (a private address) is a network failure, not retried:
 * asking again gives the same answer.
 */

import { retry } from "../util/retry";
import { OutboundRefused } from "./outbound-url";

/** A platform's refusal or failure, in the merchant's words, with the kind of failure it was. */
export class PlatformError<Kind extends string> extends Error {
  constructor(
    message: string,
    public readonly kind: Kind,
  ) {
    super(message);
  }
}

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type RequestFailure = "auth" | "throttled" | "server" | "network";

export type PlatformRetries<E extends Error> = {
  maxAttempts: number;
  sleep: Sleep;
  /** The wait after failed attempt `attempt` when the platform names none. */
  backoff: (attempt: number) => number;
  /** The platform's error, in the merchant's words for each failure. */
  fail: (kind: RequestFailure) => E;
};

/** A failure worth another attempt, after the wait the platform named (Retry-After) if it named one. */
export class PassingFailure extends Error {
  constructor(
    readonly kind: Exclude<RequestFailure, "auth">,
    readonly waitMs?: number,
  ) {
    super(`platform request failed (${kind})`);
  }
}

/**
 * Sends once (`send`): the answer to read; throws PassingFailure when asking again may
 * help, the platform's error when it cannot.
 */
export async function sendOnce<E extends Error>(
  send: () => Promise<Response>,
  fail: (kind: RequestFailure) => E,
): Promise<Response> {
  let response: Response;
  try {
    response = await send();
  } catch (err) {
    if (err instanceof OutboundRefused) throw fail("network");
    throw new PassingFailure("network");
  }
  if (response.status === 401 || response.status === 403) throw fail("auth");
  if (response.status === 429 || response.status >= 500) {
    const retryAfter = Number(response.headers.get("Retry-After"));
    throw new PassingFailure(
      response.status === 429 ? "throttled" : "server",
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
  return response;
}

/**
 * `attempt` (one request, made with sendOnce, and the reading of its answer) again after
 * each PassingFailure, until `maxAttempts`; then the platform's error for the last one.
 */
export async function withPlatformRetries<T, E extends Error>(
  attempt: (attempt: number) => Promise<T>,
  { maxAttempts, sleep, backoff, fail }: PlatformRetries<E>,
): Promise<T> {
  try {
    return await retry(attempt, {
      attempts: maxAttempts,
      delayMs: (failed, error) => (error as PassingFailure).waitMs ?? backoff(failed),
      retryable: (error) => error instanceof PassingFailure,
      sleep,
    });
  } catch (error) {
    throw error instanceof PassingFailure ? fail(error.kind) : error;
  }
}
