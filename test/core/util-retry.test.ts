import { retry, retryRemaining } from "@okuru/core/util/retry";
import { describe, expect, it } from "vitest";

/** Records each wait instead of waiting. */
const recorder = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe("retry", () => {
  it("tries again until the operation succeeds, waiting the caller's delay after each failure", async () => {
    const { waits, sleep } = recorder();
    const seen: number[] = [];
    const answer = await retry(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return "done";
      },
      { attempts: 5, delayMs: (attempt) => 100 * attempt, sleep },
    );
    expect(answer).toBe("done");
    expect(seen).toEqual([1, 2, 3]);
    expect(waits).toEqual([100, 200]);
  });

  it("gives up after the given attempts with the last failure, without waiting after it", async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const failing = retry(
      async (attempt) => {
        calls += 1;
        throw new Error(`failure ${attempt}`);
      },
      { attempts: 3, delayMs: () => 10, sleep },
    );
    await expect(failing).rejects.toThrow("failure 3");
    expect(calls).toBe(3);
    expect(waits).toEqual([10, 10]);
  });

  it("throws a failure that is not retryable at once", async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const refused = new Error("refused");
    const failing = retry(
      async () => {
        calls += 1;
        throw calls === 1 ? new Error("passing") : refused;
      },
      { attempts: 5, delayMs: () => 10, retryable: (error) => error !== refused, sleep },
    );
    await expect(failing).rejects.toBe(refused);
    expect(calls).toBe(2);
    expect(waits).toEqual([10]);
  });

  it("retries TypeErrors and thrown non-errors like any other failure, and rethrows them as they were", async () => {
    let calls = 0;
    const failing = retry(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError("not a network error");
        throw "a string";
      },
      { attempts: 2, delayMs: () => 0 },
    );
    await expect(failing).rejects.toBe("a string");
    expect(calls).toBe(2);
  });

  it("hands the failure to the delay (a server's Retry-After)", async () => {
    const { waits, sleep } = recorder();
    class Later extends Error {
      constructor(readonly waitMs: number) {
        super("later");
      }
    }
    let calls = 0;
    await retry(
      async () => {
        calls += 1;
        if (calls < 3) throw new Later(calls * 1000);
      },
      { attempts: 3, delayMs: (_, error) => (error as Later).waitMs, sleep },
    );
    expect(waits).toEqual([1000, 2000]);
  });
});

describe("retryRemaining", () => {
  it("tries only what is left, and answers nothing left once all went through", async () => {
    const { waits, sleep } = recorder();
    const rounds: number[][] = [];
    const left = await retryRemaining(
      [1, 2, 3, 4],
      async (pending) => {
        rounds.push(pending);
        return pending.slice(2);
      },
      { attempts: 5, delayMs: (attempt) => attempt, sleep },
    );
    expect(left).toEqual([]);
    expect(rounds).toEqual([
      [1, 2, 3, 4],
      [3, 4],
    ]);
    expect(waits).toEqual([1]);
  });

  it("answers what is still left after the last attempt", async () => {
    const rounds: number[][] = [];
    const left = await retryRemaining(
      ["a", "b"],
      async (pending) => {
        rounds.push([pending.length]);
        return pending.slice(0, 1);
      },
      { attempts: 3, delayMs: () => 0 },
    );
    expect(left).toEqual(["a"]);
    expect(rounds).toEqual([[2], [1], [1]]);
  });

  it("makes no attempt for nothing, and a failure of a round ends it", async () => {
    let calls = 0;
    expect(await retryRemaining([], async () => [calls++], { attempts: 3, delayMs: () => 0 })).toEqual([]);
    expect(calls).toBe(0);
    const broken = retryRemaining(
      [1],
      async () => {
        calls += 1;
        throw new Error("broken");
      },
      { attempts: 3, delayMs: () => 0 },
    );
    await expect(broken).rejects.toThrow("broken");
    expect(calls).toBe(1);
  });
});
