import type { ShapedText } from "./font";

/** One placed line: glyph ids in hex, its width at `size`, and its horizontal scale (100 = none). */
export type FittedLine = { hex: string; width: number; scale: number };
export type FittedText = { size: number; lineHeight: number; lines: FittedLine[] };

/** Line pitch as a multiple of the font size: CJK needs little leading on a label. */
const leading = 1.12;
/** Narrowest horizontal scale (長体) before text would be cut; still legible on a label. */
const narrowest = 60;

/** Kinsoku: characters that may not start a line. */
const noLineStart = new Set(
  "、。，．,.）)」』】〕ー・：；:;!?！？ぁぃぅぇぉっゃゅょァィゥェォッャュョ々ゝゞ…",
);
const spaces = new Set([" ", "\u3000"]);
const isNumberPart = (ch: string) => /[0-9０-９\-－‐]/.test(ch);
const addressUnitEnds = new Set("府県市区郡");
const closingMarks = new Set("）)」』】〕、。，・");

type Box = { w: number; h: number; size: number; minSize: number; maxLines: number };

/**
 * Fits shaped text into a box without a text engine: the largest size (up to `size`) at
 * which it fits on one line or wraps into at most `maxLines` lines that fit the box
 * height, never below `minSize`, one line preferred when it is nearly as large; when
 * even that does not fit, the last line is narrowed.
 * Every character stays printed: an address that does not fit is worse than a small one.
 */
export function fitText(chars: string[], shaped: ShapedText, box: Box): FittedText {
  const em = shaped.advance / 1000;
  const oneLineSize = Math.min(box.size, box.h);
  if (em === 0 || em * oneLineSize <= box.w) return single(shaped, chars.length, oneLineSize, box.w);
  const oneLine = em * box.minSize <= box.w ? single(shaped, chars.length, box.w / em, box.w) : undefined;
  let best = oneLine;
  for (let count = 2; count <= box.maxLines; count++) {
    const tallest = heightLimit(box, count);
    if (tallest < box.minSize || (best && tallest <= best.size)) break;
    // Start from the size at which the text would just fill `count` lines and step down
    // until the breaks (which waste the ends of lines) leave it in that many.
    for (let size = Math.min(tallest, (box.w * count) / em); size >= box.minSize; size *= 0.96) {
      if (best && size <= best.size) break;
      const breaks = tidiestBreaks(chars, shaped.advances, box.w / size, count);
      if (breaks) {
        best = { size, lineHeight: size * leading, lines: linesOf(shaped, breaks, size, box.w) };
        break;
      }
    }
  }
  // One line reads better than two (a name split before 様): keep it unless wrapping is much larger.
  if (oneLine && best && oneLine.size >= best.size * 0.8) return oneLine;
  if (best) return best;
  // Too long even at the smallest size: narrow every line alike (長体) until it fits the
  // lines there are; past the narrowest, the last line takes the rest and overflows.
  const size = Math.min(box.minSize, heightLimit(box, box.maxLines));
  if (box.maxLines <= 1) return single(shaped, chars.length, size, box.w);
  for (let scale = 95; scale >= narrowest; scale -= 5) {
    const breaks = wrap(chars, shaped.advances, box.w / size / (scale / 100), false);
    if (breaks.length - 1 <= box.maxLines) {
      return { size, lineHeight: size * leading, lines: linesOf(shaped, breaks, size, box.w, scale) };
    }
  }
  const breaks = wrap(chars, shaped.advances, box.w / size / (narrowest / 100), false).slice(0, box.maxLines);
  breaks.push(chars.length);
  return { size, lineHeight: size * leading, lines: linesOf(shaped, breaks, size, box.w, narrowest) };
}

/** Breaks at words and address units if that still fits `count` lines, else wherever the width runs out. */
function tidiestBreaks(
  chars: string[],
  advances: number[],
  widthEm: number,
  count: number,
): number[] | undefined {
  for (const tidy of [true, false]) {
    const breaks = wrap(chars, advances, widthEm, tidy);
    if (breaks.length - 1 <= count) return breaks;
  }
  return undefined;
}

/** The largest size at which `count` lines fit the box height. */
function heightLimit(box: Box, count: number): number {
  return Math.min(box.size, box.h / (count * leading - (leading - 1)));
}

function single(shaped: ShapedText, length: number, size: number, maxWidth: number): FittedText {
  return { size, lineHeight: size * leading, lines: [line(shaped, 0, length, size, maxWidth)] };
}

function linesOf(
  shaped: ShapedText,
  breaks: number[],
  size: number,
  maxWidth: number,
  scale = 100,
): FittedLine[] {
  const lines: FittedLine[] = [];
  for (let i = 0; i + 1 < breaks.length; i++) {
    lines.push(line(shaped, breaks[i]!, breaks[i + 1]!, size, maxWidth, scale));
  }
  return lines;
}

function line(
  shaped: ShapedText,
  start: number,
  end: number,
  size: number,
  maxWidth: number,
  scale = 100,
): FittedLine {
  let advance = 0;
  for (let i = start; i < end; i++) advance += shaped.advances[i]!;
  const natural = (advance / 1000) * size;
  const fitted =
    natural * (scale / 100) > maxWidth ? Math.max(narrowest, Math.floor((maxWidth / natural) * 100)) : scale;
  return { hex: shaped.hex.slice(start * 4, end * 4), width: (natural * fitted) / 100, scale: fitted };
}

/**
 * How good a line break before `chars[at]` is: after a space best, then after the end of
 * an address unit (府, 県, 市, 区, 郡) or a closing mark, then between a number and what
 * precedes it; 0 where the break would split a word or a number or start the line with
 * a mark that may not begin one (kinsoku).
 */
function breakQuality(chars: string[], at: number): number {
  const before = chars[at - 1]!;
  const after = chars[at]!;
  if (spaces.has(before)) return 3;
  if (noLineStart.has(after)) return 0;
  if (isNumberPart(before) && isNumberPart(after)) return 0;
  if (addressUnitEnds.has(before) || closingMarks.has(before)) return 2;
  if (isNumberPart(after)) return 1;
  return 0.5;
}

/**
 * Greedy line breaks (indexes where lines start, plus the end) for a width in em. A line
 * that overflows breaks at the best place in its last 60 %, so lines end at words and
 * address units rather than wherever the width ran out.
 */
function wrap(chars: string[], advances: number[], widthEm: number, tidy: boolean): number[] {
  const limit = widthEm * 1000;
  const breaks = [0];
  let start = 0;
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    width += advances[i]!;
    if (width <= limit || i === start) continue;
    let at = i;
    let quality = -1;
    for (let j = i; j > start && j >= start + (i - start) * (tidy ? 0.4 : 0.9); j--) {
      const candidate = breakQuality(chars, j);
      if (candidate > quality) {
        at = j;
        quality = candidate;
      }
    }
    if (quality <= 0) at = i;
    breaks.push(at);
    start = at;
    width = 0;
    for (let j = at; j <= i; j++) width += advances[j]!;
  }
  breaks.push(chars.length);
  return breaks;
}
