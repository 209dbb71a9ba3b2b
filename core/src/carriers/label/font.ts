import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { PdfWriter } from "./pdf";
import { subsetTrueType, TrueTypeFile } from "./truetype-subset";

/**
 * Noto Sans JP (OFL-1.1, embedding and subsetting allowed) from npm, so a clean clone
 * prints the same labels. Its 17,000 glyphs go beyond the JIS kanji: 髙, 﨑 and 𠮷 are there.
 */
const fontFile = "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf";

type Metrics = { glyphId: number; advance: number };

/**
 * The font (fontkit for its character maps, the raw file for subsetting) and, per code
 * point, its glyph and advance (1/1000 em): parsed once and shared by every document.
 */
export type LabelFont = {
  font: fontkit.Font;
  file: TrueTypeFile;
  metricsOf(codePoint: number): Metrics;
  ascent: number;
  descent: number;
};

let loaded: LabelFont | undefined;

export function labelFont(): LabelFont {
  if (loaded) return loaded;
  const path = createRequire(import.meta.url).resolve(fontFile);
  const bytes = readFileSync(path);
  const font = fontkit.create(bytes) as fontkit.Font;
  const file = new TrueTypeFile(bytes);
  const perMille = 1000 / font.unitsPerEm;
  const cache = new Map<number, Metrics>();
  loaded = {
    font,
    file,
    ascent: font.ascent * perMille,
    descent: font.descent * perMille,
    metricsOf(codePoint) {
      let metrics = cache.get(codePoint);
      if (!metrics) {
        const glyphId = font.glyphForCodePoint(codePoint).id;
        metrics = { glyphId, advance: Math.round(file.metrics(glyphId).advance * perMille) };
        cache.set(codePoint, metrics);
      }
      return metrics;
    },
  };
  return loaded;
}

/** A run of text as the content stream shows it: Identity-H glyph ids in hex, and its advance. */
export type ShapedText = { hex: string; advance: number; advances: number[] };

type SubsetGlyph = { hex: string; advance: number };

/**
 * One document's subset. Glyphs get their subset id the first time a label uses them, so
 * content streams can be written before the subset is complete; the font program, widths
 * and ToUnicode map are written once at the end.
 */
export class DocumentFont {
  /** Font glyph id of each subset glyph, .notdef first. */
  private readonly glyphIds = [0];
  private readonly subsetIds = new Map<number, number>([[0, 0]]);
  private readonly byCodePoint = new Map<number, SubsetGlyph>();
  /** Subset id → the text it stands for (ToUnicode) and its width (the /W array). */
  private readonly texts: string[] = [""];
  private readonly widths: number[] = [0];
  /** Characters the font has no glyph for: they print as the empty .notdef box. */
  readonly missing = new Set<string>();

  constructor(private readonly base: LabelFont = labelFont()) {}

  shape(text: string): ShapedText {
    let hex = "";
    let advance = 0;
    const advances: number[] = [];
    for (const character of text) {
      const glyph = this.glyphOf(character);
      hex += glyph.hex;
      advance += glyph.advance;
      advances.push(glyph.advance);
    }
    return { hex, advance, advances };
  }

  private glyphOf(character: string): SubsetGlyph {
    const codePoint = character.codePointAt(0)!;
    let glyph = this.byCodePoint.get(codePoint);
    if (glyph) return glyph;
    const metrics = this.base.metricsOf(codePoint);
    if (metrics.glyphId === 0) this.missing.add(character);
    let subsetId = this.subsetIds.get(metrics.glyphId);
    if (subsetId === undefined) {
      subsetId = this.glyphIds.length;
      this.glyphIds.push(metrics.glyphId);
      this.subsetIds.set(metrics.glyphId, subsetId);
    }
    glyph = { hex: subsetId.toString(16).padStart(4, "0"), advance: metrics.advance };
    this.texts[subsetId] ??= character;
    this.widths[subsetId] = metrics.advance;
    this.byCodePoint.set(codePoint, glyph);
    return glyph;
  }

  /** Writes the Type 0 font and returns its object number. */
  embed(pdf: PdfWriter): number {
    const { font } = this.base;
    const program = subsetTrueType(this.base.file, this.glyphIds);
    const name = `${subsetTag(this.texts)}+${font.postscriptName}`;
    const perMille = 1000 / font.unitsPerEm;
    const [type0, cidFont, descriptor, fontFile2, toUnicode] = [0, 0, 0, 0, 0].map(() => pdf.reserve()) as [
      number,
      number,
      number,
      number,
      number,
    ];
    pdf.stream(fontFile2, "", program, `/Length1 ${program.length}`);
    const bbox = font.bbox;
    pdf.object(
      descriptor,
      `<</Type/FontDescriptor/FontName/${name}/Flags 4/ItalicAngle 0/StemV 80` +
        `/FontBBox[${[bbox.minX, bbox.minY, bbox.maxX, bbox.maxY].map((v) => Math.round(v * perMille)).join(" ")}]` +
        `/Ascent ${Math.round(this.base.ascent)}/Descent ${Math.round(this.base.descent)}` +
        `/CapHeight ${Math.round(font.capHeight * perMille)}/FontFile2 ${fontFile2} 0 R>>`,
    );
    // Glyphs that only composite glyphs refer to are appended to the subset; no text
    // shows them, so they need no width.
    const widths = this.widths.slice(1).map((width) => width ?? 0);
    pdf.object(
      cidFont,
      `<</Type/Font/Subtype/CIDFontType2/BaseFont/${name}` +
        "/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>" +
        `/FontDescriptor ${descriptor} 0 R/DW 1000/W[1[${widths.join(" ")}]]/CIDToGIDMap/Identity>>`,
    );
    pdf.stream(toUnicode, "", Buffer.from(toUnicodeCMap(this.texts), "latin1"));
    pdf.object(
      type0,
      `<</Type/Font/Subtype/Type0/BaseFont/${name}/Encoding/Identity-H` +
        `/DescendantFonts[${cidFont} 0 R]/ToUnicode ${toUnicode} 0 R>>`,
    );
    return type0;
  }
}

/** Six capitals from the subset's content, so the same labels give the same bytes. */
function subsetTag(texts: string[]): string {
  const digest = createHash("sha256").update(texts.join("\u0000")).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
}

function utf16Hex(text: string): string {
  let hex = "";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return hex;
}

/** Maps each subset id back to its character, so the text can be searched and copied. */
function toUnicodeCMap(texts: string[]): string {
  const entries: string[] = [];
  for (let id = 1; id < texts.length; id++) {
    const text = texts[id];
    if (text) entries.push(`<${id.toString(16).padStart(4, "0")}><${utf16Hex(text)}>`);
  }
  let body = "";
  // A bfchar block may hold at most 100 mappings.
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    body += `${block.length} beginbfchar\n${block.join("\n")}\nendbfchar\n`;
  }
  return (
    "/CIDInit/ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
    "/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n" +
    "/CMapName/Adobe-Identity-UCS def\n/CMapType 2 def\n" +
    "1 begincodespacerange\n<0000><FFFF>\nendcodespacerange\n" +
    `${body}endcmap\nCMapName currentdict/CMap defineresource pop\nend\nend\n`
  );
}
