import { memoized } from "@okuru/core/util/memo";
import { describe, expect, it } from "vitest";

describe("memoized", () => {
  it("works a value out once per argument, undefined included, and starts over when full", () => {
    const calls: string[] = [];
    const lengthOf = memoized((key) => {
      calls.push(key);
      return key === "none" ? undefined : key.length;
    }, 2);
    expect([lengthOf("髙橋"), lengthOf("髙橋"), lengthOf("none"), lengthOf("none")]).toEqual([
      2,
      2,
      undefined,
      undefined,
    ]);
    expect(calls).toEqual(["髙橋", "none"]);
    // A third argument starts the cache over: the first is worked out again.
    expect([lengthOf("山﨑様"), lengthOf("髙橋")]).toEqual([3, 2]);
    expect(calls).toEqual(["髙橋", "none", "山﨑様", "髙橋"]);
  });
});
