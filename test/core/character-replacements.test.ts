import { describe, expect, it } from "vitest";
import {
  characterReplacements,
  jisX0208Replacements,
  offeredReplacement,
  outsideJisX0208,
  toCp932Text,
  toJisX0208Text,
  unencodableCharacters,
} from "../../core/src/carriers/text";

/**
 * The character rules of carrier files (docs/carriers.md#encoding): only what prints the same
 * is changed without a word; another character is offered to the merchant on the order.
 */
describe("what a carrier file writes without a word", () => {
  it("maps CP932's look-alikes to the glyph it holds", () => {
    expect(toCp932Text("〜−\u00A0¥")).toBe("～－ ￥");
  });

  it("leaves 𠮷 and 鷗 as they are, for the check to report", () => {
    expect(toCp932Text("𠮷野 鷗外")).toBe("𠮷野 鷗外");
    expect(unencodableCharacters("𠮷野 鷗外")).toEqual(["𠮷", "鷗"]);
  });

  it("gives Yamato the NEC specials by their compatibility form, and keeps the extension kanji to be flagged", () => {
    expect(toJisX0208Text("髙﨑德①㈱Ⅱ㍻𠮷〜")).toBe("髙﨑德1(株)II平成𠮷～");
    expect(outsideJisX0208(toJisX0208Text("髙﨑德①㈱Ⅱ㍻"))).toEqual(["髙", "﨑", "德"]);
    expect(outsideJisX0208(toJisX0208Text("①㈱Ⅱ㍻"))).toEqual([]);
    // ∑ is an NEC special with no compatibility form: still outside, so it is flagged.
    expect(outsideJisX0208(toJisX0208Text("∑"))).toEqual(["∑"]);
  });
});

describe("the replacement offered on the order", () => {
  it("offers Yamato the JIS level 1/2 forms of the extension kanji", () => {
    expect(offeredReplacement("髙橋 﨑子", true)).toBe("高橋 崎子");
    expect(offeredReplacement("德田 濵子", true)).toBe("徳田 浜子");
  });

  it("offers nothing for 髙 to the carriers whose CP932 holds it", () => {
    expect(offeredReplacement("髙橋 﨑子", false)).toBeUndefined();
  });

  it("offers the common form of what CP932 has no code for, whichever carrier", () => {
    expect(offeredReplacement("鷗外 𠮷野", false)).toBe("鴎外 吉野");
    expect(offeredReplacement("鷗外 𠮷野", true)).toBe("鴎外 吉野");
    expect(offeredReplacement("𠮷野 髙子", true)).toBe("吉野 高子");
  });

  it("offers nothing when a character has no replacement, or when nothing needs one", () => {
    expect(offeredReplacement("佐藤 花子🌸", false)).toBeUndefined();
    expect(offeredReplacement("𠮷田 花子🌸", false)).toBeUndefined();
    expect(offeredReplacement("髙橋 ∑", true)).toBeUndefined();
    expect(offeredReplacement("山田 太郎", true)).toBeUndefined();
    // ① needs no replacement: B2's file writes it as 1 without a word.
    expect(offeredReplacement("①号棟", true)).toBeUndefined();
  });

  it("offers, for every pair in the tables, a form the carrier takes in place of one it refuses", () => {
    for (const [from, to] of Object.entries(characterReplacements)) {
      expect(unencodableCharacters(from), from).toEqual([from]);
      expect([...unencodableCharacters(to), ...outsideJisX0208(to)], from).toEqual([]);
    }
    for (const [from, to] of Object.entries(jisX0208Replacements)) {
      expect([unencodableCharacters(from), outsideJisX0208(from)], from).toEqual([[], [from]]);
      expect(outsideJisX0208(to), from).toEqual([]);
    }
  });
});
