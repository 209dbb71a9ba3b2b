import { batchGet } from "@okuru/core/entities/records";
import { VisibleError } from "@okuru/core/error";
import { describe, expect, it } from "vitest";

/**
 * DynamoDB Local never throttles, so DynamoDB's own answer to a throttled BatchGetItem
 * (some keys back as UnprocessedKeys) is played here: the first `refusals` answers each
 * leave the larger half of the keys asked unprocessed.
 */
function throttledTable(refusals: number) {
  const asked: number[] = [];
  let answers = 0;
  const read = async (keys: number[]) => {
    asked.push(keys.length);
    answers += 1;
    const cut = answers <= refusals ? Math.floor(keys.length / 2) : keys.length;
    return { data: keys.slice(0, cut).map((key) => ({ key })), unprocessed: keys.slice(cut) };
  };
  return { read, asked };
}

describe("batchGet", () => {
  it("reads in requests of a hundred and asks again for what DynamoDB left unprocessed, pausing longer each time", async () => {
    const table = throttledTable(3);
    const pauses: number[] = [];
    const keys = Array.from({ length: 150 }, (_, i) => i);
    const items = await batchGet(keys, table.read, async (ms) => void pauses.push(ms));
    expect(items.map((item) => item.key).sort((a, b) => a - b)).toEqual(keys);
    // The first hundred: 50 left, then 25, then 13, then none; the last 50 in one request.
    expect(table.asked).toEqual([100, 50, 25, 13, 50]);
    expect(pauses).toEqual([50, 100, 200]);
  });

  it("fails as busy, in Japanese, rather than answer without keys DynamoDB keeps leaving unprocessed", async () => {
    const table = throttledTable(Number.POSITIVE_INFINITY);
    const failure = await batchGet([1, 2, 3, 4], table.read, async () => {}).catch((error) => error);
    expect(failure).toBeInstanceOf(VisibleError);
    expect(failure).toMatchObject({
      kind: "rate_limited",
      code: "db.busy",
      message: "ただいま混み合っています。しばらくしてから再度お試しください。",
    });
    expect(table.asked).toEqual([4, 2, 1, 1, 1]);
  });
});
