import { describe, expect, it } from "vitest";
import { slotChoices, withTimeServiceRefusal } from "../../../web/src/components/OrderList/time-slot-choices";

describe("the drawer's 配達時間帯 choices", () => {
  const yamato = { carrier: "yamato" as const, service_type: "0", time_slot: "" as const };

  it("offers 10時まで and 17時まで only with Yamato タイム", () => {
    expect(slotChoices({ ...yamato, service_type: "4" })).toEqual([
      "",
      "0010",
      "0017",
      "0900",
      "1200",
      "1400",
      "1600",
      "1800",
      "1900",
    ]);
    expect(slotChoices(yamato)).toEqual(["", "0900", "1200", "1400", "1600", "1800", "1900"]);
    expect(slotChoices({ ...yamato, carrier: "sagawa", service_type: "004" })).not.toContain("0010");
  });

  it("keeps a タイム time still chosen after the service changed, marked as refused", () => {
    const changed = { ...yamato, time_slot: "0017" as const };
    expect(slotChoices(changed)).toContain("0017");
    expect(Object.keys(withTimeServiceRefusal(changed, { "1200": "x" }))).toEqual(["1200", "0017"]);
    expect(withTimeServiceRefusal({ ...changed, service_type: "4" }, {})).toEqual({});
  });
});
