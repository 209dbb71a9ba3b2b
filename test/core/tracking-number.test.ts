import { describe, expect, it } from "vitest";
import {
  checkDigit,
  codabarOf,
  formatTrackingNumber,
  parseTrackingNumber,
  trackingNumberOf,
} from "../../core/src/shared/tracking-number";

describe("parcel tracking numbers (mod 7)", () => {
  it.each(["444413758703", "405548424886", "512547514334", "389711074012", "490714955706"])(
    "accepts the carriers' known-good number %s",
    (number) => {
      expect(parseTrackingNumber(number)).toBe(number);
      expect(trackingNumberOf(number.slice(0, 11))).toBe(number);
    },
  );

  it("rejects every wrong check digit of a good number", () => {
    const good = "444413758703";
    for (let digit = 0; digit <= 9; digit++) {
      const candidate = `${good.slice(0, 11)}${digit}`;
      expect(parseTrackingNumber(candidate)).toBe(digit === 3 ? good : null);
    }
  });

  it.each([
    ["４４４４－１３７５－８７０３", "444413758703"],
    ["4444-1375-8703", "444413758703"],
    ["4444 1375 8703", "444413758703"],
    ["4444−1375ー8703", "444413758703"],
    ["44441375870", null],
    ["4444137587031", null],
    ["44441375870a", null],
    ["", null],
  ])("reads %j as %j", (raw, expected) => {
    expect(parseTrackingNumber(raw)).toBe(expected);
  });

  it("numbers a serial given as an integer with its leading zeros", () => {
    expect(trackingNumberOf(12345)).toBe(`00000012345${checkDigit("00000012345")}`);
    expect(() => checkDigit("123")).toThrow(RangeError);
  });

  it("prints 4-4-4 and the carriers' Codabar guards", () => {
    expect(formatTrackingNumber("444413758703")).toBe("4444-1375-8703");
    expect(codabarOf("yamato", "444413758703")).toBe("a444413758703a");
    expect(codabarOf("japan_post", "405548424886")).toBe("A405548424886A");
    expect(codabarOf("sagawa", "512547514334", true)).toBe("D512547514334D");
  });
});
