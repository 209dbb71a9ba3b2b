import { labelled } from "@okuru/core/shared/labelled";
import { orderTabLabels, orderTabs, shipmentStatuses } from "@okuru/core/shared/order";
import { describe, expect, it } from "vitest";
import { z } from "zod";

describe("labelled", () => {
  it("keeps the values in the order written, with their labels, usable as a zod enumeration", () => {
    const { values, labels } = labelled({ label_100x150: "ラベル用紙", a4: "A4 普通紙", "1up": "1面" });
    expect(values).toEqual(["label_100x150", "a4", "1up"]);
    expect(labels.a4).toBe("A4 普通紙");
    expect(z.enum(values).safeParse("1up").success).toBe(true);
    expect(z.enum(values).safeParse("a5").success).toBe(false);
  });

  it("refuses integer-like values, which an object would reorder", () => {
    expect(() => labelled({ "": "指定なし", "0900": "午前中", "1200": "12時〜14時" })).toThrow(
      /integer-like values lose their order: 1200, , 0900/,
    );
  });

  it("builds the order list's tabs as the five statuses, then errors", () => {
    expect(orderTabs).toEqual([...shipmentStatuses, "error"]);
    expect(orderTabs.map((tab) => orderTabLabels[tab])).toEqual([
      "未発送",
      "一部発送",
      "発送済み",
      "キャンセル",
      "アーカイブ",
      "エラー",
    ]);
  });
});
