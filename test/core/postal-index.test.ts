import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { Geocoding } from "@okuru/core/geocoding";
import { describe, expect, it } from "vitest";
import { postalAddresses } from "../../core/scripts/build-postal-index";
import { encodePostalIndex, postalIndexFile } from "../../core/src/geocoding/postal-index";

describe("the postal index", () => {
  it("is what core/scripts/build-postal-index.ts makes from the installed packages (run it after upgrading them)", () => {
    const committed = brotliDecompressSync(readFileSync(postalIndexFile)).toString("utf8");
    expect(committed === encodePostalIndex(postalAddresses())).toBe(true);
  }, 120_000);

  it("answers ordinary codes, every town of a shared code, and 事業所 codes", () => {
    expect(Geocoding.addressesOf("1000001")).toEqual([
      {
        postal_code: "1000001",
        prefecture: "東京都",
        prefecture_code: "13",
        city: "千代田区",
        city_code: "13101",
        town: "千代田",
        office: "",
      },
    ]);
    expect(Geocoding.addressesOf("4980000").map((a) => a.prefecture)).toEqual(
      expect.arrayContaining(["愛知県", "三重県"]),
    );
    expect(Geocoding.addressesOf("0608588")).toEqual([
      {
        postal_code: "0608588",
        prefecture: "北海道",
        prefecture_code: "01",
        city: "札幌市中央区",
        city_code: "01101",
        town: "北三条西６丁目",
        office: "北海道庁",
      },
    ]);
    expect(Geocoding.addressesOf("0000000")).toEqual([]);
  });

  it("hands out copies: a caller that edits an address does not change the next answer", () => {
    const [first] = Geocoding.addressesOf("1000001");
    first!.town = "書き換え";
    expect(Geocoding.addressesOf("1000001")[0]!.town).toBe("千代田");
  });
});
