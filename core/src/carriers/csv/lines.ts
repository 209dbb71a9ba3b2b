import { sjisByteLength } from "../../shared/text";
import { writtenByteLength } from "./formula";

/**
 * Laying a value over a carrier's fixed-width columns (address lines, company and name) by
 * Shift_JIS bytes, at the least awkward places (docs/carriers.md#field-lengths,
 * docs/carriers.md#names-over-two-columns). Characters are never cut: the text is split
 * between code points only.
 */

/** A piece of a multi-line value: the address parts, or company and name. */
export interface Segment {
  text: string;
  /** What joins it to the previous piece when both share a line. */
  joiner: "" | " ";
  /** The layout wants a new line here (the building, a name after the company). */
  preferBreak?: boolean;
}

const SPACE = /^[ \u3000]$/;
/** Digits, Latin letters and the hyphen inside a block number: never split inside such a run. */
const WORD = /^[0-9A-Za-z-]$/;
/** Ends of an address part after which a line break reads naturally (Kyoto's 上る/下る/入る included). */
const PART_END = /(丁目|番地|番|号|条|丁|上る|下る|入る|上ル|下ル|入ル)$/;
/** Counters that belong to the number before them. */
const COUNTER = /^[丁番号条地階棟]$/;
const KATAKANA = /^[\u30A1-\u30FA\u30FC]$/;
/** Characters a Japanese line does not start with (kinsoku): small kana, the long vowel, closing marks. */
const NO_LINE_START =
  /^[ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー・、。，．）」』】〕］｝゛゜!),.:;?\]}]$/;

/**
 * How bad it is to break a line before `chars[p]`. Addresses may break anywhere
 * except inside a number or a Latin word. Names break between company and name or at
 * a space first; a name or company longer than its line then carries on in the next
 * one at a character boundary (名称１→名称２ is read as one name), inside a Latin word
 * or a number only when nothing else fits.
 */
function breakCost(chars: string[], p: number, boundaries: Map<number, boolean>, kind: "address" | "name") {
  const preferred = boundaries.get(p);
  if (preferred !== undefined) return preferred ? 0 : 1;
  const a = chars[p - 1]!;
  const b = chars[p]!;
  if (SPACE.test(a) || SPACE.test(b)) return 1;
  if (kind === "name") return nameBreakCost(a, b);
  if (WORD.test(a) && WORD.test(b)) return Number.POSITIVE_INFINITY;
  if (PART_END.test(chars.slice(Math.max(0, p - 2), p).join(""))) return 2;
  if (WORD.test(a) && COUNTER.test(b)) return 50;
  // Before a block number, or after it before a building name.
  if (WORD.test(a) !== WORD.test(b)) return 3;
  // Where katakana starts or ends a word usually does too (烏丸御池|メディカルビル); kanji
  // followed by hiragana is often one word (上る), so that gets no such discount.
  if (KATAKANA.test(a) !== KATAKANA.test(b)) return 10;
  return 20;
}

/** Inside a name: where the script changes first, never before a small kana or closing mark if avoidable. */
function nameBreakCost(a: string, b: string): number {
  if (WORD.test(a) && WORD.test(b)) return 100;
  if (NO_LINE_START.test(b)) return 60;
  if (KATAKANA.test(a) !== KATAKANA.test(b) || WORD.test(a) !== WORD.test(b)) return 10;
  return 20;
}

/** Bytes of chars[i..j) without the spaces at either end. */
function trimmedRange(chars: string[], i: number, j: number): [number, number] {
  let a = i;
  let b = j;
  while (a < b && SPACE.test(chars[a]!)) a++;
  while (b > a && SPACE.test(chars[b - 1]!)) b--;
  return [a, b];
}

/**
 * The pieces laid into lines of the given byte limits, breaking at the cheapest
 * places (see `breakCost`; a preferred boundary left unbroken costs 4), filling
 * earlier lines first when costs tie. Undefined when no layout fits.
 */
export function splitLines(
  segments: Segment[],
  limits: number[],
  kind: "address" | "name",
): string[] | undefined {
  const chars: string[] = [];
  const boundaries = new Map<number, boolean>();
  for (const segment of segments) {
    const text = segment.text.trim();
    if (!text) continue;
    if (chars.length) {
      if (segment.joiner) chars.push(segment.joiner);
      boundaries.set(chars.length, segment.preferBreak ?? false);
    }
    chars.push(...text);
  }
  const n = chars.length;
  if (n === 0) return limits.map(() => "");
  const bytes = [0];
  for (const ch of chars) bytes.push(bytes.at(-1)! + sjisByteLength(ch));
  const preferred = [...boundaries].filter(([, prefer]) => prefer).map(([p]) => p);
  // A line starting with = + - @ is written with the full-width sign, a byte more.
  const signBytes = (p: number) => writtenByteLength(chars[p]!) - sjisByteLength(chars[p]!);

  type Plan = { cost: number; ends: number[] };
  const memo = new Map<string, Plan | null>();
  const best = (i: number, k: number): Plan | null => {
    const key = `${i}:${k}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: Plan | null = null;
    const limit = limits[k];
    if (limit !== undefined) {
      for (let j = n; j > i; j--) {
        const [a, b] = trimmedRange(chars, i, j);
        if (a === b || bytes[b]! - bytes[a]! + signBytes(a) > limit) continue;
        let cost = 4 * preferred.filter((q) => q > i && q < j).length;
        let ends = [j];
        if (j < n) {
          const cut = breakCost(chars, j, boundaries, kind);
          if (!Number.isFinite(cut)) continue;
          const rest = best(j, k + 1);
          if (!rest) continue;
          cost += cut + rest.cost;
          ends = [j, ...rest.ends];
        }
        if (!result || cost < result.cost) result = { cost, ends };
      }
    }
    memo.set(key, result);
    return result;
  };
  const plan = best(0, 0);
  if (!plan) return undefined;
  const lines: string[] = [];
  let start = 0;
  for (const end of plan.ends) {
    const [a, b] = trimmedRange(chars, start, end);
    lines.push(chars.slice(a, b).join(""));
    start = end;
  }
  while (lines.length < limits.length) lines.push("");
  return lines;
}
