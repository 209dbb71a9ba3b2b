import { describe, expect, it } from "vitest";
import { tabCountText } from "../../../web/src/components/ShipmentHistory/shipment-history";

describe("出荷履歴's tab counts", () => {
  const counts = {
    issued: { count: 1234, capped: false },
    isShipped: { count: 10_000, capped: true },
    cancelled: { count: 0, capped: false },
  };

  it("shows each status's count, 「10,000+」 past the cap, and すべて as their sum", () => {
    expect(tabCountText(counts, "issued")).toBe("1,234");
    expect(tabCountText(counts, "isShipped")).toBe("10,000+");
    expect(tabCountText(counts, "cancelled")).toBe("0");
    expect(tabCountText(counts, "all")).toBe("11,234+");
    expect(tabCountText({ ...counts, isShipped: { count: 5, capped: false } }, "all")).toBe("1,239");
  });

  it("shows a dash until the counts are read", () => {
    expect(tabCountText(undefined, "issued")).toBe("–");
  });
});
