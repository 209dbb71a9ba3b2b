import iconv from "iconv-lite";

/**
 * What a carrier file can carry. Carrier CSVs are CP932 (carriers.md §9.1); iconv-lite
 * silently writes `?` for what CP932 cannot encode, so text is checked by a round
 * trip after mapping the known look-alikes, and the rest is reported per character.
 */

/** Look-alikes CP932 cannot encode (or encodes as another character), and what to write instead. */
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
  "\u{20BB7}": "吉", // 𠮷 → 吉, the standard form printed on labels
  "\u{20DE1}": "百合", // 𠷡
  "\u7E6B": "繋", // 繫
  "\u4453": "臺", // 䑓
};

const replaceable = new RegExp(`[${Object.keys(cp932Replacements).join("")}]`, "gu");

/** The text with every known look-alike replaced by what CP932 can carry. */
export function toCp932Text(value: string): string {
  return value.replace(replaceable, (ch) => cp932Replacements[ch] ?? ch);
}

function encodesFaithfully(ch: string): boolean {
  return iconv.decode(iconv.encode(ch, "cp932"), "cp932") === ch;
}

/** Characters that even after the replacements cannot be written to a CP932 file, once each. */
export function unencodableCharacters(value: string): string[] {
  const mapped = toCp932Text(value);
  if (iconv.decode(iconv.encode(mapped, "cp932"), "cp932") === mapped) return [];
  return [...new Set([...mapped].filter((ch) => !encodesFaithfully(ch)))];
}

/**
 * Characters CP932 encodes outside JIS X 0208 (levels 1 and 2): the NEC row-13
 * specials (①, ㈱) and the NEC/IBM extension kanji (髙, 﨑). Yamato's B2クラウド accepts
 * only JIS level 1 and 2, so these are flagged on Yamato labels.
 */
export function outsideJisX0208(value: string): string[] {
  const found = new Set<string>();
  for (const ch of toCp932Text(value)) {
    if (ch.codePointAt(0)! < 0x80) continue;
    const bytes = iconv.encode(ch, "cp932");
    if (bytes.length !== 2) continue;
    const lead = bytes[0]!;
    if (lead === 0x87 || lead === 0xed || lead === 0xee || lead >= 0xfa) found.add(ch);
  }
  return [...found];
}
