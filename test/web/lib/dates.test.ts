import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../../web/src/lib/dates";

describe("web dates", () => {
  it("shows instants in Japan time as 2026/12/03 and 2026/12/03 14:05, calendar dates as they are", () => {
    expect(formatDate("2026-12-03T05:05:00.000Z")).toBe("2026/12/03");
    // 23:30 UTC is the next morning in Japan.
    expect(formatDate("2026-12-02T23:30:00.000Z")).toBe("2026/12/03");
    expect(formatDateTime("2026-12-03T05:05:00.000Z")).toBe("2026/12/03 14:05");
    expect(formatDateTime("2026-12-02T15:00:00.000Z")).toBe("2026/12/03 00:00");
    expect(formatDate("2026-12-03")).toBe("2026/12/03");
  });
});
