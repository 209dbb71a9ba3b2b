import { mapLimited, sharedLimit } from "@okuru/core/util/concurrency";
import { describe, expect, it } from "vitest";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the calls running at once. */
const gauge = () => {
  let running = 0;
  const state = { most: 0 };
  const track = async <T>(work: () => Promise<T>) => {
    running += 1;
    state.most = Math.max(state.most, running);
    try {
      return await work();
    } finally {
      running -= 1;
    }
  };
  return { state, track };
};

describe("mapLimited", () => {
  it("runs at most `limit` at once and keeps the order of the items", async () => {
    const { state, track } = gauge();
    const items = Array.from({ length: 12 }, (_, i) => i);
    const out = await mapLimited(items, 3, (item) =>
      track(async () => {
        // Later items finish first: the answer is still in the order of the items.
        await tick(12 - item);
        return item * 10;
      }),
    );
    expect(out).toEqual(items.map((i) => i * 10));
    expect(state.most).toBe(3);
  });

  it("throws the first failure and starts nothing after it", async () => {
    const started: number[] = [];
    const failing = mapLimited([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await tick(1);
      if (item === 1) throw new Error("item 1 failed");
      return item;
    });
    await expect(failing).rejects.toThrow("item 1 failed");
    await tick(10);
    expect(started.length).toBeLessThanOrEqual(3);
  });
});

describe("sharedLimit", () => {
  it("is one limit for every caller", async () => {
    const { state, track } = gauge();
    const limited = sharedLimit(2);
    const callers = Array.from({ length: 3 }, () =>
      Promise.all(Array.from({ length: 4 }, () => limited(() => track(() => tick(2))))),
    );
    await Promise.all(callers);
    expect(state.most).toBe(2);
  });
});
