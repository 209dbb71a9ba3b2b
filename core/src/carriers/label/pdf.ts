import { deflateSync } from "node:zlib";

/**
 * Just enough of a PDF writer for labels: numbered objects written in any order,
 * Flate streams and the cross-reference table. Objects are written as soon as they are
 * known (pages while labels are drawn, the font at the end, when its subset is known),
 * so nothing but the output bytes is kept.
 */
export class PdfWriter {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  /** Byte offset of each object, by object number (0 is the free-list head). */
  private readonly offsets: number[] = [0];

  constructor() {
    // The binary comment tells transfer tools the file is not text.
    this.append("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  }

  /** A number for an object written later, so others can refer to it first. */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  object(id: number, body: string): void {
    this.offsets[id] = this.length;
    this.append(`${id} 0 obj\n${body}\nendobj\n`);
  }

  /** `dictionary` is the inside of the stream dictionary, without /Length or /Filter. */
  stream(id: number, dictionary: string, data: Uint8Array, extra = ""): void {
    const compressed = deflateSync(data);
    this.offsets[id] = this.length;
    this.append(
      `${id} 0 obj\n<<${dictionary}/Length ${compressed.length}/Filter/FlateDecode${extra}>>\nstream\n`,
    );
    this.chunks.push(compressed);
    this.length += compressed.length;
    this.append("\nendstream\nendobj\n");
  }

  finish(catalog: number): Uint8Array {
    const missing = this.offsets.findIndex((offset, id) => id > 0 && offset < 0);
    if (missing > 0) throw new Error(`PDF object ${missing} was reserved but never written`);
    const xref = this.length;
    let table = `xref\n0 ${this.offsets.length}\n0000000000 65535 f \n`;
    for (let id = 1; id < this.offsets.length; id++) {
      table += `${String(this.offsets[id]).padStart(10, "0")} 00000 n \n`;
    }
    this.append(
      `${table}trailer\n<</Size ${this.offsets.length}/Root ${catalog} 0 R>>\nstartxref\n${xref}\n%%EOF\n`,
    );
    return Buffer.concat(this.chunks, this.length);
  }

  private append(text: string): void {
    const bytes = Buffer.from(text, "latin1");
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
}

/** Numbers for content streams: two decimals at most and no trailing zeros keep streams short. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}
