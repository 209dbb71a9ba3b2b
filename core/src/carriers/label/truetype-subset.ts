/**
 * A TrueType subsetter for PDF embedding (FontFile2 under a CIDFontType2 with an
 * identity CID-to-glyph map), written because fontkit's subsetter decodes every glyph's
 * outline for each document, which cost more than drawing the labels of a 100-label
 * part. Glyph data is copied as it is in the font (views into the file, no parsing); only
 * composite glyphs are rewritten to point at their components' new ids. The font keeps
 * just the tables a PDF renderer reads: no cmap, name or OS/2 (PDF 32000-1 §9.9).
 */

const tablesKept = ["cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep"] as const;

// Composite glyph component flags (OpenType glyf table).
const argsAreWords = 0x0001;
const haveScale = 0x0008;
const moreComponents = 0x0020;
const haveXYScale = 0x0040;
const haveTwoByTwo = 0x0080;

export class TrueTypeFile {
  private readonly view: DataView;
  private readonly tables = new Map<string, { offset: number; length: number }>();
  readonly numGlyphs: number;
  private readonly longLoca: boolean;
  private readonly horizontalMetrics: number;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const record = 12 + i * 16;
      const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
      this.tables.set(tag, {
        offset: this.view.getUint32(record + 8),
        length: this.view.getUint32(record + 12),
      });
    }
    for (const tag of ["head", "hhea", "hmtx", "loca", "glyf", "maxp"]) {
      if (!this.tables.has(tag)) throw new Error(`not a TrueType font with outlines: no ${tag} table`);
    }
    this.numGlyphs = this.view.getUint16(this.tables.get("maxp")!.offset + 4);
    this.longLoca = this.view.getInt16(this.tables.get("head")!.offset + 50) === 1;
    this.horizontalMetrics = this.view.getUint16(this.tables.get("hhea")!.offset + 34);
  }

  table(tag: string): Uint8Array | undefined {
    const entry = this.tables.get(tag);
    return entry && this.bytes.subarray(entry.offset, entry.offset + entry.length);
  }

  /** The glyph's bytes in the glyf table (empty for glyphs without outline, like the space). */
  glyph(id: number): Uint8Array {
    const loca = this.tables.get("loca")!.offset;
    const glyf = this.tables.get("glyf")!.offset;
    const [start, end] = this.longLoca
      ? [this.view.getUint32(loca + id * 4), this.view.getUint32(loca + id * 4 + 4)]
      : [this.view.getUint16(loca + id * 2) * 2, this.view.getUint16(loca + id * 2 + 2) * 2];
    return this.bytes.subarray(glyf + start, glyf + end);
  }

  /** Advance width and left side bearing in font units. */
  metrics(id: number): { advance: number; bearing: number } {
    const hmtx = this.tables.get("hmtx")!.offset;
    const last = this.horizontalMetrics - 1;
    const advance = this.view.getUint16(hmtx + Math.min(id, last) * 4);
    const bearing =
      id <= last
        ? this.view.getInt16(hmtx + id * 4 + 2)
        : this.view.getInt16(hmtx + this.horizontalMetrics * 4 + (id - this.horizontalMetrics) * 2);
    return { advance, bearing };
  }
}

/**
 * A font holding `glyphIds` (ids in `file`) as glyphs 0, 1, 2… in that order; the first
 * must be 0 (.notdef). Components of composite glyphs are appended after them.
 */
export function subsetTrueType(file: TrueTypeFile, glyphIds: readonly number[]): Uint8Array {
  if (glyphIds[0] !== 0) throw new RangeError("the first glyph of a subset must be .notdef (0)");
  const ids = [...glyphIds];
  const newId = new Map<number, number>(ids.map((id, index) => [id, index]));
  const glyphs: Uint8Array[] = [];
  for (let index = 0; index < ids.length; index++) {
    let data = file.glyph(ids[index]!);
    if (data.length >= 10 && new DataView(data.buffer, data.byteOffset).getInt16(0) < 0) {
      data = data.slice();
      const view = new DataView(data.buffer);
      let at = 10;
      for (;;) {
        const flags = view.getUint16(at);
        const component = view.getUint16(at + 2);
        let mapped = newId.get(component);
        if (mapped === undefined) {
          mapped = ids.length;
          ids.push(component);
          newId.set(component, mapped);
        }
        view.setUint16(at + 2, mapped);
        at += 4 + (flags & argsAreWords ? 4 : 2);
        at += flags & haveScale ? 2 : flags & haveXYScale ? 4 : flags & haveTwoByTwo ? 8 : 0;
        if (!(flags & moreComponents)) break;
      }
    }
    glyphs.push(data);
  }

  const padded = (length: number) => (length + 3) & ~3;
  let glyfLength = 0;
  for (const data of glyphs) glyfLength += padded(data.length);
  const glyf = new Uint8Array(glyfLength);
  const loca = new DataView(new ArrayBuffer((ids.length + 1) * 4));
  const hmtx = new DataView(new ArrayBuffer(ids.length * 4));
  let offset = 0;
  for (let index = 0; index < ids.length; index++) {
    loca.setUint32(index * 4, offset);
    glyf.set(glyphs[index]!, offset);
    offset += padded(glyphs[index]!.length);
    const { advance, bearing } = file.metrics(ids[index]!);
    hmtx.setUint16(index * 4, advance);
    hmtx.setInt16(index * 4 + 2, bearing);
  }
  loca.setUint32(ids.length * 4, offset);

  const head = file.table("head")!.slice();
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0);
  headView.setInt16(50, 1);
  const hhea = file.table("hhea")!.slice();
  new DataView(hhea.buffer).setUint16(34, ids.length);
  const maxp = file.table("maxp")!.slice();
  new DataView(maxp.buffer).setUint16(4, ids.length);

  const contents: Record<string, Uint8Array | undefined> = {
    "cvt ": file.table("cvt "),
    fpgm: file.table("fpgm"),
    glyf,
    head,
    hhea,
    hmtx: new Uint8Array(hmtx.buffer),
    loca: new Uint8Array(loca.buffer),
    maxp,
    prep: file.table("prep"),
  };
  const tags = tablesKept.filter((tag) => contents[tag]);
  const directoryLength = 12 + tags.length * 16;
  let total = directoryLength;
  for (const tag of tags) total += padded(contents[tag]!.length);
  const font = new Uint8Array(total);
  const view = new DataView(font.buffer);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, tags.length * 16 - power * 16);
  let position = directoryLength;
  let headOffset = 0;
  tags.forEach((tag, index) => {
    const data = contents[tag]!;
    const record = 12 + index * 16;
    for (let i = 0; i < 4; i++) view.setUint8(record + i, tag.charCodeAt(i));
    font.set(data, position);
    view.setUint32(record + 4, checksum(view, position, data.length));
    view.setUint32(record + 8, position);
    view.setUint32(record + 12, data.length);
    if (tag === "head") headOffset = position;
    position += padded(data.length);
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(view, 0, total)) >>> 0);
  return font;
}

function checksum(view: DataView, start: number, length: number): number {
  let sum = 0;
  const end = start + ((length + 3) & ~3);
  for (let at = start; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}
