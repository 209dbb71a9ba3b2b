import { postalCodeProblems } from "@okuru/core/address";
import { Geocoding } from "@okuru/core/geocoding";
import { CarrierPrintSetting, fittingLayout, layoutFits, layouts, papers } from "@okuru/core/shared/brand";
import { requiredText } from "@okuru/core/shared/fields";
import { describe, expect, it } from "vitest";

const name = requiredText("氏名", 32);

describe("text that ends up on labels", () => {
  it.each([
    ["NUL", "山田\u0000太郎"],
    ["tab", "山田\t太郎"],
    ["line break", "山田\n太郎"],
    ["C1 control", "山田\u0085太郎"],
    ["right-to-left override", "山田\u202E郎太"],
    ["isolate", "\u2066山田\u2069"],
    ["left-to-right mark", "山田\u200E"],
    ["lone high surrogate", "山田\uD842"],
    ["lone low surrogate", "\uDFB7田"],
  ])("refuses %s with a Japanese field error", (_, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("使用できない文字（制御文字など）が含まれています");
  });

  it.each([
    ["old kanji", "髙橋 﨑子", "髙橋 﨑子"],
    ["outside the BMP", "𠮷田 太郎", "𠮷田 太郎"],
    ["full-width space kept", "山田　太郎", "山田　太郎"],
    ["surrounding spaces trimmed", "  山田  ", "山田"],
  ])("accepts %s", (_, value, stored) => {
    expect(name.parse(value)).toBe(stored);
  });

  it("stores NFC: a decomposed ガ is the same bytes as the composed one", () => {
    const decomposed = "カ\u3099ーテン";
    expect(name.parse(decomposed)).toBe("ガーテン");
    expect(name.parse(decomposed).length).toBe(4);
  });
});

describe("print offsets", () => {
  const setting = (offset_x_mm: unknown) =>
    CarrierPrintSetting.safeParse({ paper: "a4", layout: "2up", offset_x_mm, offset_y_mm: 0 });
  it.each([0, 0.5, -10, 20, -20, 12.5])("accepts %s mm", (value) =>
    expect(setting(value).success).toBe(true),
  );
  it.each([1e-300, 0.25, 10.3, 20.5, -21, Number.NaN, Number.POSITIVE_INFINITY, "1"])("refuses %s", (value) =>
    expect(setting(value).success).toBe(false),
  );
});

describe("paper and layout", () => {
  it("accepts the layouts a paper takes and refuses the others on the layout, in Japanese", () => {
    const answers = papers.flatMap((paper) =>
      layouts.map((layout) => {
        const result = CarrierPrintSetting.safeParse({ paper, layout, offset_x_mm: 0, offset_y_mm: 0 });
        const issue = result.error?.issues[0];
        return [
          paper,
          layout,
          layoutFits(paper, layout),
          issue ? `${issue.path.join(".")}: ${issue.message}` : "ok",
        ];
      }),
    );
    expect(answers).toEqual([
      ["a4", "1up", true, "ok"],
      ["a4", "2up", true, "ok"],
      ["a4", "4up", true, "ok"],
      ["a5", "1up", true, "ok"],
      ["a5", "2up", true, "ok"],
      ["a5", "4up", false, "layout: A5 用紙は4面に対応していません"],
      ["label_100x150", "1up", true, "ok"],
      ["label_100x150", "2up", false, "layout: ラベル用紙は1面のみ選択できます"],
      ["label_100x150", "4up", false, "layout: ラベル用紙は1面のみ選択できます"],
    ]);
  });

  it("moves a layout that no longer fits to 2面 where the paper takes it, else to its only one", () => {
    expect(papers.map(fittingLayout)).toEqual(["2up", "2up", "1up"]);
  });
});

describe("postal codes", () => {
  it("finds large-business (事業所) codes with their office", () => {
    expect(Geocoding.lookup("060-8588").addresses).toEqual([
      expect.objectContaining({ prefecture: "北海道", city: "札幌市中央区", office: "北海道庁" }),
    ]);
    expect(Geocoding.lookup("1008111").addresses[0]).toMatchObject({
      prefecture: "東京都",
      office: "宮内庁",
    });
    expect(Geocoding.lookup("100-0001").addresses[0]).toMatchObject({ city: "千代田区", office: "" });
  });

  it("checks the code against the prefecture, for ordinary and business codes", () => {
    expect(postalCodeProblems({ postal_code: "0608588", prefecture: "東京都", city: "千代田区" })).toEqual({
      postal_code: "郵便番号と都道府県が一致しません（060-8588 は北海道の郵便番号です）",
    });
    expect(
      postalCodeProblems({ postal_code: "0608588", prefecture: "北海道", city: "札幌市中央区" }),
    ).toEqual({});
    // With the street, the address's own code is named too: either may be the mistake.
    expect(
      postalCodeProblems({
        postal_code: "0608588",
        prefecture: "東京都",
        city: "千代田区",
        address1: "千代田1-1",
      }),
    ).toEqual({
      postal_code:
        "郵便番号と都道府県が一致しません（060-8588 は北海道の郵便番号です。住所の郵便番号は 100-0001 です）",
    });
    // One code, two prefectures: either is right.
    expect(postalCodeProblems({ postal_code: "4980000", prefecture: "愛知県", city: "弥富市" })).toEqual({});
    expect(postalCodeProblems({ postal_code: "4980000", prefecture: "三重県", city: "木曽岬町" })).toEqual(
      {},
    );
    expect(postalCodeProblems({ postal_code: "9999999", prefecture: "東京都" }).postal_code).toBe(
      "郵便番号が見つかりません。ご確認ください。",
    );
  });
});
