import { describe, expect, it } from "vitest";
import { jstDateTimeText, jstInstantText, jstRangeEdge, jstToday } from "../../core/src/shared/dates";

// 2026-01-31 00:00 in Japan is 2026-01-30 15:00 UTC.
const justBeforeMidnightJst = "2026-01-30T14:59:59.999Z";
const atMidnightJst = "2026-01-30T15:00:00.000Z";

describe("jstToday", () => {
  it("turns to the next day at midnight in Japan, not at midnight UTC", () => {
    expect(jstToday(new Date(justBeforeMidnightJst))).toBe("2026-01-30");
    expect(jstToday(new Date(atMidnightJst))).toBe("2026-01-31");
  });

  it("is already the next day in Japan while it is still the evening before in UTC", () => {
    expect(jstToday(new Date("2026-12-31T20:00:00Z"))).toBe("2027-01-01");
  });
});

describe("jstDateTimeText", () => {
  it("writes an instant as Japan's wall clock, with either date separator", () => {
    expect(jstDateTimeText(justBeforeMidnightJst, "-")).toBe("2026-01-30 23:59:59");
    expect(jstDateTimeText(atMidnightJst, "-")).toBe("2026-01-31 00:00:00");
    expect(jstDateTimeText(atMidnightJst, "/")).toBe("2026/01/31 00:00:00");
  });

  it("reads an instant given with another offset", () => {
    expect(jstDateTimeText("2026-11-20T14:03:00+09:00", "/")).toBe("2026/11/20 14:03:00");
    expect(jstDateTimeText(new Date("2026-02-28T15:30:00Z"))).toBe("2026-03-01 00:30:00");
  });

  it("refuses a value that is no time", () => {
    expect(() => jstDateTimeText("not a time")).toThrow(RangeError);
  });
});

describe("jstInstantText", () => {
  it("gives Japan's wall clock its offset", () => {
    const text = jstInstantText("2026-01-31", "00:00:00");
    expect(text).toBe("2026-01-31T00:00:00+09:00");
    expect(new Date(text).toISOString()).toBe(atMidnightJst);
  });
});

describe("jstRangeEdge", () => {
  it("reaches from the first to the last millisecond of the day in Japan", () => {
    expect(jstRangeEdge("2026-01-31", "start")).toBe(atMidnightJst);
    expect(jstRangeEdge("2026-01-30", "end")).toBe(justBeforeMidnightJst);
  });

  it("keeps an exact instant as it is, in UTC", () => {
    expect(jstRangeEdge("2026-01-31T09:00:00+09:00", "start")).toBe("2026-01-31T00:00:00.000Z");
    expect(jstRangeEdge("2026-01-31T09:00:00+09:00", "end")).toBe("2026-01-31T00:00:00.000Z");
  });
});
