/**
 * One attempt of a request to a shop platform's API (Shopify, Ecforce), as both clients
 * make it: a failed connection and 429/5xx answers are retried (429/5xx honouring
 * `Retry-After`, otherwise the platform's own `backoff`) until `maxAttempts`, and
 * 401/403 means the shop's token was refused. The messages are the platform's own.
 * A target refused before sending (a private address) is a network failure, not retried:
 * asking again gives the same answer.
 */

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

export type PlatformRequest<E extends Error> = {
  attempt: number;
  maxAttempts: number;
  sleep: Sleep;
  /** The wait before attempt `attempt + 1` when the platform names none. */
  backoff: (attempt: number) => number;
  /** The platform's error, in the merchant's words for each failure. */
  fail: (kind: RequestFailure) => E;
};

/**
 * Sends once (`send`): the answer to read, or undefined when it waited and the caller
 * should try again; throws the platform's error when there is nothing left to try.
 */
export async function attemptRequest<E extends Error>(
  send: () => Promise<Response>,
  { attempt, maxAttempts, sleep, backoff, fail }: PlatformRequest<E>,
): Promise<Response | undefined> {
  let response: Response;
  try {
    response = await send();
  } catch (err) {
    if (err instanceof OutboundRefused || attempt >= maxAttempts) throw fail("network");
    await sleep(backoff(attempt));
    return undefined;
  }
  if (response.status === 401 || response.status === 403) throw fail("auth");
  if (response.status === 429 || response.status >= 500) {
    if (attempt >= maxAttempts) throw fail(response.status === 429 ? "throttled" : "server");
    const retryAfter = Number(response.headers.get("Retry-After"));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt));
    return undefined;
  }
  return response;
}
