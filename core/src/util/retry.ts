/**
 * Transport retries (an SDK or HTTP call that may pass on a second try) on p-retry, with
 * each caller's own rules: how many attempts, the wait after each failure (which may
 * come from the failure itself, such as a server's Retry-After), which failures are
 * worth another try, and an injectable sleep so tests do not wait.
 *
 * Not for optimistic-concurrency loops (re-read and re-plan after a lost condition):
 * those decide per round what to do next and stay plain loops.
 */

import pRetry, { AbortError } from "p-retry";

export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type RetryOptions = {
  /** Attempts in all, counting the first. */
  attempts: number;
  /** The wait after failed attempt `attempt` (counted from 1) before the next one. */
  delayMs: (attempt: number, error: unknown) => number;
  /** Whether a failure is worth another attempt; any other is thrown at once. Every failure is, unless given. */
  retryable?: (error: unknown) => boolean;
  sleep?: Sleep;
};

/**
 * Carries the operation's own error through p-retry, which would otherwise never retry
 * a TypeError or a thrown non-Error: which failures are retried is the caller's rule alone.
 */
class AttemptFailed extends Error {
  constructor(readonly reason: unknown) {
    super("attempt failed");
  }
}

/** `operation` until it succeeds or `attempts` are spent; the last failure is what is thrown. */
export async function retry<T>(
  operation: (attempt: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const retryable = options.retryable ?? (() => true);
  const sleep = options.sleep ?? realSleep;
  try {
    return await pRetry(
      async (attempt) => {
        try {
          return await operation(attempt);
        } catch (error) {
          const failed = new AttemptFailed(error);
          throw retryable(error) ? failed : new AbortError(failed);
        }
      },
      {
        retries: Math.max(0, options.attempts - 1),
        // p-retry's own timer stays unused: the wait is the caller's, through `sleep`.
        minTimeout: 0,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (retriesLeft === 0) return;
          const wait = options.delayMs(attemptNumber, (error as AttemptFailed).reason);
          if (wait > 0) await sleep(wait);
        },
      },
    );
  } catch (error) {
    throw error instanceof AttemptFailed ? error.reason : error;
  }
}

/** What a round left to do: `retryRemaining` tries those again. */
class Remaining extends Error {}

/**
 * Partial-progress retries (BatchGet/BatchWrite unprocessed items, SQS batch entries):
 * `step` handles what is pending and answers what it left; that is tried again until
 * nothing is left or `attempts` are spent. Answers what is still left (empty when all
 * went through); a failure thrown by `step` ends it at once.
 */
export async function retryRemaining<T>(
  items: T[],
  step: (pending: T[], attempt: number) => Promise<T[]>,
  options: Omit<RetryOptions, "retryable">,
): Promise<T[]> {
  let pending = items;
  if (pending.length === 0) return pending;
  try {
    await retry(
      async (attempt) => {
        pending = await step(pending, attempt);
        if (pending.length > 0) throw new Remaining();
      },
      { ...options, retryable: (error) => error instanceof Remaining },
    );
  } catch (error) {
    if (!(error instanceof Remaining)) throw error;
  }
  return pending;
}
