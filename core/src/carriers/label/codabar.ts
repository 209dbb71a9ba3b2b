/**
 * NW-7 (Codabar) as bar positions. Each character is 7 elements, bar–space–…–bar, each
 * narrow or wide; characters are separated by one narrow space. Bars therefore never
 * touch, so every bar is one rectangle and there is nothing to merge.
 */

/** 1 = wide, element order bar, space, bar, space, bar, space, bar (the standard table). */
const patterns: Readonly<Record<string, string>> = {
  "0": "0000011",
  "1": "0000110",
  "2": "0001001",
  "3": "1100000",
  "4": "0010010",
  "5": "1000010",
  "6": "0100001",
  "7": "0100100",
  "8": "0110000",
  "9": "1001000",
  "-": "0001100",
  $: "0011000",
  ":": "1000101",
  "/": "1010001",
  ".": "1010100",
  "+": "0010101",
  A: "0011010",
  B: "0101001",
  C: "0001011",
  D: "0001110",
};

export type CodabarBars = {
  /** Left edge and width of each bar, in narrow-module units from the first bar. */
  bars: { x: number; width: number }[];
  /** From the left edge of the first bar to the right edge of the last. */
  width: number;
};

/**
 * The bars of `content`, which must start and end with a guard A–D. Lower-case guards
 * (Yamato writes `a…a`) are the same symbols: the case exists only in the carriers' data.
 * The wide element is `ratio` narrow modules; scanners accept 2.0–3.0, 2.5 leaves margin
 * both ways after printer dot gain.
 */
export function codabarBars(content: string, ratio = 2.5): CodabarBars {
  const symbols = content.toUpperCase();
  if (!/^[A-D][0-9\-$:/.+]*[A-D]$/.test(symbols)) {
    throw new RangeError(`not a Codabar content with start and stop characters: ${content}`);
  }
  const bars: CodabarBars["bars"] = [];
  let x = 0;
  for (let i = 0; i < symbols.length; i++) {
    if (i > 0) x += 1;
    const pattern = patterns[symbols[i]!]!;
    for (let element = 0; element < 7; element++) {
      const width = pattern[element] === "1" ? ratio : 1;
      if (element % 2 === 0) bars.push({ x, width });
      x += width;
    }
  }
  return { bars, width: x };
}
