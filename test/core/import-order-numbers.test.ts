import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { checkDigit, trackingNumberOf } from "../../core/src/shared/tracking-number";
import {
  checkDigitDefined,
  orderNumberKey,
  parseOrderNumbers,
} from "../../core/src/workflows/carrier-import/order-numbers";

/** 注文番号と追跡番号のCSV as merchants write it: header or not, either column order, CP932 or UTF-8. */
const cp932 = (text: string) => new Uint8Array(iconv.encode(text, "cp932"));
const utf8 = (text: string) => new TextEncoder().encode(`\uFEFF${text}`);
const good = trackingNumberOf(44_441_375_870);
const other = trackingNumberOf(44_441_375_871);
/** 12 digits whose last is not the mod-7 digit of the first 11. */
const noMod7 = `11223344556${(checkDigit("11223344556") + 1) % 7}`;

describe("parseOrderNumbers", () => {
  it("reads a header in either column order, and a file without one", () => {
    const pairs = (text: string, bytes = cp932) =>
      parseOrderNumbers("yamato", bytes(text)).rows.map((r) => [r.line, r.reference, r.trackingNumber]);
    expect(pairs(`注文番号,追跡番号\r\n#1001,${good}\r\n`)).toEqual([[2, "#1001", good]]);
    expect(pairs(`お問い合わせ番号,受注番号\r\n${good},#1001\r\n`)).toEqual([[2, "#1001", good]]);
    expect(pairs(`#1001,${good}\r\n1002,${other}\r\n`)).toEqual([
      [1, "#1001", good],
      [2, "1002", other],
    ]);
    expect(
      pairs(
        `注文番号,追跡番号\n＃１００１,="${good.slice(0, 4)}-${good.slice(4, 8)}-${good.slice(8)}"\n`,
        utf8,
      ),
    ).toEqual([[2, "＃１００１", good]]);
  });

  it("checks the mod-7 digit for Yamato and Sagawa, not for Japan Post (クリックポスト: none defined)", () => {
    expect(checkDigitDefined).toEqual({ yamato: true, sagawa: true, japan_post: false });
    const text = `#1001,${noMod7}\r\n`;
    expect(parseOrderNumbers("japan_post", cp932(text)).rows.map((r) => r.trackingNumber)).toEqual([noMod7]);
    for (const carrier of ["yamato", "sagawa"] as const)
      expect(parseOrderNumbers(carrier, cp932(text)).rejected.map((r) => r.code)).toEqual([
        "bad_check_digit",
      ]);
  });

  it("says why each other row is refused", () => {
    const text = [
      "注文番号,追跡番号",
      `#1001,${good}`,
      "#1002",
      `,${other}`,
      "#1003,",
      "#1004,12345",
      `1001,${good}`,
      `#1005,${good}`,
      "",
    ].join("\r\n");
    const result = parseOrderNumbers("japan_post", cp932(text));
    expect(result.rows.map((r) => r.line)).toEqual([2]);
    expect(result.rejected.map((r) => [r.line, r.code])).toEqual([
      [3, "missing_columns"],
      [4, "missing_reference"],
      [5, "missing_number"],
      [6, "not_a_number"],
      [7, "duplicate"],
      [8, "number_on_two_references"],
    ]);
    expect(result.rejected.find((r) => r.line === 7)!.message).toBe(
      "2行目と同じ注文番号・追跡番号の行です（重複）。",
    );
  });

  it("compares order numbers without width, spaces, case or a leading #", () => {
    expect(["#1001", "1001", "＃１００１", " 1001 "].map(orderNumberKey)).toEqual([
      "1001",
      "1001",
      "1001",
      "1001",
    ]);
    expect(orderNumberKey("EC-0001a")).toBe(orderNumberKey("ＥＣ－０００１Ａ"));
    expect(orderNumberKey("10010")).not.toBe(orderNumberKey("1001"));
  });
});
