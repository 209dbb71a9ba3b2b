/**
 * 異体字 of Japanese names, each folded to the form a merchant types on an ordinary
 * keyboard, so that a search for 高橋 finds 髙橋 and the other way round (both the stored
 * values and the search box go through `foldKanjiVariants`).
 *
 * Where the list comes from: the old forms (旧字体) the 常用漢字表 lists in brackets
 * beside their new forms, restricted to those that occur in family and given names
 * (澤, 邊, 齋, 濱, 櫻, 廣, 國, 實, 惠 …), plus the name variants outside JIS X 0208 that
 * the registries of family names and the carriers' label rules meet most (髙, 﨑, 𠮷, 德,
 * 邉 and 邊's forms). The left side is the variant; the
 * right side is what it folds to. NFKC already folds the CJK compatibility ideographs
 * (U+F900…) to their unified forms, so only forms NFKC keeps apart are listed here.
 *
 * Not a spelling rule: labels still print what the customer wrote. This is only how
 * two spellings of one name meet in a search.
 */
const VARIANTS: Record<string, string> = {
  髙: "高",
  﨑: "崎",
  嵜: "崎",
  碕: "崎",
  𠮷: "吉",
  邊: "辺",
  邉: "辺",
  齋: "斎",
  齊: "斎",
  齍: "斎",
  濱: "浜",
  濵: "浜",
  櫻: "桜",
  廣: "広",
  澤: "沢",
  國: "国",
  圀: "国",
  嶋: "島",
  嶌: "島",
  槇: "槙",
  槗: "橋",
  德: "徳",
  惠: "恵",
  實: "実",
  壽: "寿",
  龍: "竜",
  瀧: "滝",
  藏: "蔵",
  眞: "真",
  淺: "浅",
  學: "学",
  會: "会",
  榮: "栄",
  萬: "万",
  彌: "弥",
  與: "与",
  來: "来",
  兒: "児",
  澁: "渋",
  鐵: "鉄",
  條: "条",
  邨: "村",
  冨: "富",
  莊: "荘",
  縣: "県",
  靜: "静",
  豐: "豊",
  關: "関",
  驛: "駅",
  舘: "館",
  﨔: "欅",
};

const VARIANT_PATTERN = new RegExp(`[${Object.keys(VARIANTS).join("")}]`, "gu");

/** Each 異体字 of the table replaced by its common form; other characters are left alone. */
export function foldKanjiVariants(value: string): string {
  return value.replace(VARIANT_PATTERN, (ch) => VARIANTS[ch] ?? ch);
}
