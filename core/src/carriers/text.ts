import iconv from "iconv-lite";
import { memoized } from "../util/memo";

/**
 * What a carrier file can carry. Carrier CSVs are CP932 (docs/carriers.md#encoding); iconv-lite
 * silently writes `?` for what CP932 cannot encode, so text is checked by a round
 * trip after mapping the known look-alikes, and the rest is reported per character.
 */

/**
 * Look-alikes CP932 cannot encode (or encodes as another character) and the same glyph it
 * writes instead: written without a word, since what prints does not change.
 */
export const cp932Replacements: Readonly<Record<string, string>> = {
  "\u301C": "\uFF5E", // 〜 WAVE DASH → ～
  "\u2212": "\uFF0D", // − MINUS SIGN → －
  "\u2014": "\u2015", // — EM DASH → ―
  "\u2016": "\u2225", // ‖ → ∥
  "\u00AC": "\uFFE2", // ¬ → ￢
  "\u00A2": "\uFFE0", // ¢ → ￠
  "\u00A3": "\uFFE1", // £ → ￡
  "\u00A0": " ", // NBSP → space
  "\u00A5": "\uFFE5", // ¥ (would decode as a backslash) → ￥
  "\u203E": "\uFFE3", // ‾ (would decode as ~) → ￣
};

/**
 * Characters CP932 has no code for, and the common form that stands for them (異体字 →
 * 標準字体, docs/carriers.md#encoding). The character changes, so the replacement is offered
 * to the merchant and applied to the order (`offeredReplacement`), never made silently.
 */
export const characterReplacements: Readonly<Record<string, string>> = {
  "\u{20BB7}": "吉", // 𠮷
  "\u{20DE1}": "百合", // 𠷡
  "\u{20B9F}": "叱", // 𠮟
  "\u7E6B": "繋", // 繫
  "\u4453": "臺", // 䑓
  "\u9DD7": "鴎", // 鷗
  "\u525D": "剥", // 剝
  "\u5861": "填", // 塡
  "\u9830": "頬", // 頰
  "\u4FF1": "倶", // 俱
  "\u8523": "蒋", // 蔣
  "\u91AC": "醤", // 醬
};

const replaceable = new RegExp(`[${Object.keys(cp932Replacements).join("")}]`, "gu");

/** The text with every known look-alike replaced by what CP932 can carry. */
export function toCp932Text(value: string): string {
  return value.replace(replaceable, (ch) => cp932Replacements[ch] ?? ch);
}

/**
 * Characters are judged once each: every address field of every order is checked on
 * import and before every label, a few thousand distinct characters in all.
 */
const CHARACTERS_KEPT = 20_000;

/** CP932 is stateless: a text survives the round trip exactly when each of its characters does. */
const encodesFaithfully = memoized(
  (ch) => iconv.decode(iconv.encode(ch, "cp932"), "cp932") === ch,
  CHARACTERS_KEPT,
);

/** Characters that even after the replacements cannot be written to a CP932 file, once each. */
export function unencodableCharacters(value: string): string[] {
  const found = new Set<string>();
  for (const ch of toCp932Text(value)) if (!encodesFaithfully(ch)) found.add(ch);
  return [...found];
}

/** Whether CP932 writes a character in an NEC or IBM extension row (lead byte 0x87, 0xED, 0xEE, 0xFA–0xFC). */
const inExtensionRows = memoized((ch) => {
  if (ch.codePointAt(0)! < 0x80) return false;
  const bytes = iconv.encode(ch, "cp932");
  if (bytes.length !== 2) return false;
  const lead = bytes[0]!;
  return lead === 0x87 || lead === 0xed || lead === 0xee || lead >= 0xfa;
}, CHARACTERS_KEPT);

/**
 * Characters CP932 encodes outside JIS X 0208 (levels 1 and 2): the NEC row-13
 * specials (①, ㈱) and the NEC/IBM extension kanji (髙, 﨑). Yamato's B2クラウド accepts
 * only JIS level 1 and 2, so these are flagged on Yamato labels.
 */
export function outsideJisX0208(value: string): string[] {
  const found = new Set<string>();
  for (const ch of toCp932Text(value)) if (inExtensionRows(ch)) found.add(ch);
  return [...found];
}

/**
 * Standard JIS level 1/2 forms of the extension kanji seen in names and place names, offered
 * as replacements for Yamato (`offeredReplacement`).
 * B2クラウド refuses what lies outside JIS X 0208 (docs/carriers.md#yamato-b2-file-format,
 * docs/carriers.md#encoding), and a label with 高橋 for 髙橋 still reaches the recipient. The pairs are the
 * usual 異体字 → 標準字体 substitutions, in the spirit of 𠮷 → 吉 (docs/carriers.md#encoding), not a carrier's list
 * (Unconfirmed). What has no entry here is flagged instead.
 */
export const jisX0208Replacements: Readonly<Record<string, string>> = {
  "\u9AD9": "高", // 髙
  "\uFA11": "崎", // 﨑
  "\u5FB7": "徳", // 德
  "\u7028": "瀬", // 瀨
  "\u6801": "柳", // 栁
  "\u663B": "昂", // 昻
  "\u6FF5": "浜", // 濵
  "\u9115": "郷", // 鄕
};

/**
 * Text for a carrier that takes JIS X 0208 only (Yamato): the CP932 look-alikes first,
 * then the NEC specials by their compatibility form where it lies inside JIS X 0208
 * (① → 1, ㈱ → (株), Ⅱ → II, ㍻ → 平成), which prints the same. The extension kanji (髙)
 * are other characters: `offeredReplacement` offers their standard forms, and what is
 * still outside is left for `outsideJisX0208` to report.
 */
export function toJisX0208Text(value: string): string {
  const mapped = toCp932Text(value);
  const outside = outsideJisX0208(mapped);
  if (outside.length === 0) return mapped;
  let out = "";
  for (const ch of mapped) {
    if (!outside.includes(ch) || jisX0208Replacements[ch]) {
      out += ch;
      continue;
    }
    const compatible = ch.normalize("NFKC");
    const faithful = compatible !== ch && unencodableCharacters(compatible).length === 0;
    out += faithful && outsideJisX0208(compatible).length === 0 ? compatible : ch;
  }
  return out;
}

/**
 * The text with the characters a carrier cannot take replaced by their standard forms
 * (`characterReplacements`, and for Yamato's JIS X 0208 rule `jisX0208Replacements`), when
 * that leaves nothing the carrier refuses: the one-click correction offered on the order.
 * Undefined when there is nothing to replace or a character has no replacement.
 */
export function offeredReplacement(value: string, jisOnly: boolean): string | undefined {
  let replaced = "";
  for (const ch of value)
    replaced += characterReplacements[ch] ?? (jisOnly ? jisX0208Replacements[ch] : undefined) ?? ch;
  if (replaced === value) return undefined;
  if (unencodableCharacters(replaced).length) return undefined;
  if (jisOnly && outsideJisX0208(toJisX0208Text(replaced)).length) return undefined;
  return replaced;
}

/** Half-width katakana (ｶﾞ, ｰ, ｢) as the full-width characters they stand for (ガ, ー, 「). */
export function toFullWidthKana(value: string): string {
  return value.replace(/[\uFF61-\uFF9F]+/g, (run) => run.normalize("NFKC"));
}

const halfWidthKana = new Map<string, string>();
for (let code = 0xff61; code <= 0xff9d; code++) {
  const half = String.fromCharCode(code);
  halfWidthKana.set(half.normalize("NFKC"), half);
}
halfWidthKana.set("\u3099", "\uFF9E"); // combining dakuten, after NFD
halfWidthKana.set("\u309A", "\uFF9F"); // combining handakuten
halfWidthKana.set("\u309B", "\uFF9E");
halfWidthKana.set("\u309C", "\uFF9F");
halfWidthKana.set("\u3000", " ");
halfWidthKana.set(" ", " ");

/**
 * Hiragana or katakana as half-width katakana, for the carriers' カナ columns
 * (B2クラウド お届け先名略称カナ is 半角カナ). Undefined when the text holds anything
 * else (kanji, or kana with no half-width form such as ヶ), so the column is left
 * blank rather than filled with something the carrier misreads.
 */
export function toHalfWidthKana(value: string): string | undefined {
  let out = "";
  for (const ch of toFullWidthKana(value).normalize("NFD")) {
    const code = ch.codePointAt(0)!;
    // Hiragana ぁ–ゖ sit 0x60 below their katakana.
    const katakana = code >= 0x3041 && code <= 0x3096 ? String.fromCharCode(code + 0x60) : ch;
    const half = halfWidthKana.get(katakana);
    if (half === undefined) return undefined;
    out += half;
  }
  return out;
}
