import { codabarOf, parseTrackingNumber } from "../../shared/tracking-number";
import { codabarBars } from "./codabar";
import { labelFields } from "./fields";
import { DocumentFont } from "./font";
import {
  carrierLayouts,
  type FieldElement,
  type LabelLayout,
  labelSize,
  type StaticElement,
} from "./layouts";
import { num, PdfWriter } from "./pdf";
import { type Sheet, sheetOf } from "./sheet";
import { type FittedText, fitText } from "./text-fit";
import type { LabelParcel, LabelPrintSettings } from "./types";

/** Where the baseline sits below the top of a line, as a share of the font size (Noto's em box). */
const baselineDrop = 0.88;
/** Bold without a second font: fill and stroke the outlines with this pen (mm per mm of size). */
const boldStroke = 0.035;

/**
 * Builds one text object's operators, writing only what changed since the last string
 * (size, pen, colour, scale): a label repeats few of them, so the stream stays short.
 */
class TextObject {
  private ops = "";
  private size = -1;
  private bold = false;
  private stroke = "";
  private white = false;
  private scale = 100;
  private x = 0;
  private y = 0;

  /** Top-down label millimetres in, the label's y-up space out. */
  show(
    hex: string,
    x: number,
    top: number,
    size: number,
    options: { bold?: boolean; white?: boolean; scale?: number },
  ) {
    const bold = options.bold ?? false;
    const white = options.white ?? false;
    const scale = options.scale ?? 100;
    if (size !== this.size) {
      this.ops += `/F ${num(size)} Tf\n`;
      this.size = size;
    }
    if (bold !== this.bold) {
      this.ops += bold ? "2 Tr\n" : "0 Tr\n";
      this.bold = bold;
    }
    const stroke = num(size * boldStroke);
    if (bold && stroke !== this.stroke) {
      this.ops += `${stroke} w\n`;
      this.stroke = stroke;
    }
    if (white !== this.white) {
      this.ops += white ? "1 g 1 G\n" : "0 g 0 G\n";
      this.white = white;
    }
    if (scale !== this.scale) {
      this.ops += `${scale} Tz\n`;
      this.scale = scale;
    }
    // Td moves relative to the line before: follow the rounded moves so errors do not add up.
    const dx = num(x - this.x);
    const dy = num(labelSize.height - top - size * baselineDrop - this.y);
    this.ops += `${dx} ${dy} Td<${hex}>Tj\n`;
    this.x += Number(dx);
    this.y += Number(dy);
  }

  /** The text object, leaving the graphics state as it found it. */
  end(): string {
    if (!this.ops) return "";
    let reset = "";
    if (this.bold) reset += "0 Tr ";
    if (this.white) reset += "0 g 0 G ";
    if (this.scale !== 100) reset += "100 Tz ";
    return `BT\n${this.ops}${reset}ET\n`;
  }
}

/** Lines placed in the box, the block centred vertically so short texts sit in the middle of their cell. */
function drawFitted(
  text: TextObject,
  fitted: FittedText,
  box: { x: number; y: number; w: number; h: number; align: string },
  options: { bold?: boolean; white?: boolean },
) {
  const blockHeight = (fitted.lines.length - 1) * fitted.lineHeight + fitted.size;
  const top = box.y + Math.max(0, (box.h - blockHeight) / 2);
  fitted.lines.forEach((line, index) => {
    const x =
      box.align === "center"
        ? box.x + (box.w - line.width) / 2
        : box.align === "right"
          ? box.x + box.w - line.width
          : box.x;
    text.show(line.hex, x, top + index * fitted.lineHeight, fitted.size, { ...options, scale: line.scale });
  });
}

/** Boxes, rules and captions of a layout: drawn once per document as a form XObject. */
function staticContent(layout: LabelLayout, font: DocumentFont): string {
  let paths = "";
  const text = new TextObject();
  let tabs = "";
  for (const element of layout.statics) {
    paths += staticPath(element);
    if (element.kind === "tab") {
      tabs += `${num(element.x)} ${num(labelSize.height - element.y - element.h)} ${num(element.w)} ${num(element.h)} re\n`;
    }
  }
  for (const element of layout.statics) {
    if (element.kind === "caption") {
      const shaped = font.shape(element.text);
      const width = (shaped.advance / 1000) * element.size;
      const x = element.alignRight ? element.x - width : element.x;
      text.show(shaped.hex, x, element.y, element.size, { bold: element.bold ?? false });
    } else if (element.kind === "tab") {
      const shaped = font.shape(element.text);
      const width = (shaped.advance / 1000) * element.size;
      const top = element.y + (element.h - element.size) / 2;
      text.show(shaped.hex, element.x + (element.w - width) / 2, top, element.size, {
        white: true,
        bold: true,
      });
    }
  }
  return `${paths}${tabs ? `${tabs}f\n` : ""}${text.end()}`;
}

function staticPath(element: StaticElement): string {
  const y = (top: number) => num(labelSize.height - top);
  switch (element.kind) {
    case "box":
      return `${num(element.line)} w ${num(element.x)} ${y(element.y + element.h)} ${num(element.w)} ${num(element.h)} re S\n`;
    case "rule":
      return `${num(element.line)} w ${num(element.x1)} ${y(element.y1)} m ${num(element.x2)} ${y(element.y2)} l S\n`;
    default:
      return "";
  }
}

/**
 * A mark's title, one word a line when the words do not fit on one ("クール 宅急便" as
 * クール over 宅急便), all at the size of the widest, so a carrier's name never breaks
 * inside a word.
 */
function titleLines(
  title: string,
  box: { w: number; h: number },
  size: number,
  font: DocumentFont,
): FittedText {
  const fitOne = (words: string, lineSize: number, minSize: number) =>
    fitText(Array.from(words), font.shape(words), {
      w: box.w,
      h: box.h,
      size: lineSize,
      minSize,
      maxLines: 1,
    });
  const whole = fitOne(title, size, size);
  const words = title.split(" ");
  if (words.length === 1 || whole.lines[0]!.scale === 100) return fitOne(title, size, size * 0.5);
  const lineSize = Math.min(size, box.h / (words.length * 1.12));
  const common = Math.min(...words.map((word) => fitOne(word, lineSize, lineSize * 0.5).size));
  const fitted = words.map((word) => fitOne(word, common, common));
  return { size: common, lineHeight: fitted[0]!.lineHeight, lines: fitted.flatMap((f) => f.lines) };
}

/** The frame of a service mark (mm): heavier than the layout's lines, so the mark stands out. */
const markFrame = 0.8;

/** The per-label part: fields, service marks and the barcode, in label millimetres. */
function labelContent(parcel: LabelParcel, layout: LabelLayout, font: DocumentFont): string {
  const fields = labelFields(parcel);
  const text = new TextObject();
  let fills = "";
  let frames = "";
  let barcode = "";
  for (const element of layout.fields) {
    if (element.kind === "field") {
      const value = fields[element.field];
      if (!value) continue;
      const chars = Array.from(value);
      const fitted = fitText(chars, font.shape(value), element);
      drawFitted(text, fitted, element, { bold: element.bold ?? false });
    } else if (element.kind === "mark") {
      const value = fields[element.field];
      if (!value) continue;
      frames += `${num(element.x)} ${num(labelSize.height - element.y - element.h)} ${num(element.w)} ${num(element.h)} re\n`;
      fills += `${num(element.x)} ${num(labelSize.height - element.y - element.h)} ${num(element.tabWidth)} ${num(element.h)} re\n`;
      const tab = { x: element.x + 1, y: element.y + 0.5, w: element.tabWidth - 2, h: element.h - 1 };
      drawFitted(
        text,
        titleLines(element.title, tab, element.size * 0.6, font),
        { ...tab, align: "center" },
        {
          bold: true,
          white: true,
        },
      );
      const valueBox = {
        x: element.x + element.tabWidth + 1.5,
        y: element.y + 0.5,
        w: element.w - element.tabWidth - 3,
        h: element.h - 1,
      };
      const fitted = fitText(Array.from(value), font.shape(value), {
        ...valueBox,
        size: element.size,
        minSize: element.size * 0.5,
        maxLines: 1,
      });
      drawFitted(text, fitted, { ...valueBox, align: "center" }, { bold: true });
    } else {
      barcode += barcodeRects(parcel, element);
      const fitted = fitText(Array.from(fields.trackingNumber), font.shape(fields.trackingNumber), {
        w: element.w,
        h: element.numberSize,
        size: element.numberSize,
        minSize: element.numberSize,
        maxLines: 1,
      });
      drawFitted(
        text,
        fitted,
        {
          x: element.x,
          y: element.y + element.h + 0.8,
          w: element.w,
          h: element.numberSize,
          align: "center",
        },
        { bold: true },
      );
    }
  }
  return `${barcode}${fills ? `${fills}f\n` : ""}${frames ? `${num(markFrame)} w ${frames}S\n` : ""}${text.end()}`;
}

function barcodeRects(parcel: LabelParcel, element: Extract<FieldElement, { kind: "barcode" }>): string {
  const content = codabarOf(parcel.carrier, parcel.trackingNumber, parcel.parcelCount > 1);
  const { bars, width } = codabarBars(content);
  const symbolWidth = width * element.narrow;
  // Scanners need ten narrow modules of quiet zone each side; the layout reserves them.
  if (symbolWidth + 20 * element.narrow > element.w + 1e-9) {
    throw new Error(`barcode of ${symbolWidth} mm does not fit ${element.w} mm with its quiet zones`);
  }
  const left = element.x + (element.w - symbolWidth) / 2;
  const bottom = labelSize.height - element.y - element.h;
  // Drawn in module units (bar edges fall on half modules), so the numbers need no rounding.
  let rects = `q ${num(element.narrow)} 0 0 ${num(element.h)} ${num(left)} ${num(bottom)} cm\n`;
  for (const bar of bars) rects += `${bar.x} 0 ${bar.width} 1 re\n`;
  return `${rects}f Q\n`;
}

/**
 * A label PDF drawn one label at a time: each page is written as soon as it is full, so
 * a batch of a thousand labels holds only the output bytes (the combined file reads its
 * labels part by part and adds them here). One font subset per document; the layout's
 * boxes and captions are a form XObject per carrier, so each label adds only its own text
 * and bars. `startSlot` (1-based) is where the first page begins: the merchant's sheet
 * already lacks the labels before it (a sheet with fewer slots starts at its first).
 * Throws on a tracking number that is not 12 digits with its check digit, so a label
 * that cannot be scanned is never printed.
 */
export class LabelDocument {
  private readonly sheet: Sheet;
  private readonly pdf = new PdfWriter();
  private readonly font = new DocumentFont();
  private readonly catalog: number;
  private readonly pagesId: number;
  private readonly resources: number;
  private readonly forms = new Map<LabelParcel["carrier"], number>();
  private readonly cutLines: string;
  private readonly pages: number[] = [];
  private content = "";
  private slot: number;
  private count = 0;

  constructor(print: LabelPrintSettings, options: { startSlot?: number } = {}) {
    this.sheet = sheetOf(print, labelSize);
    this.catalog = this.pdf.reserve();
    this.pagesId = this.pdf.reserve();
    this.resources = this.pdf.reserve();
    this.cutLines = this.sheet.cuts.length
      ? `q 0.3 w [3 3] 0 d 0.6 G ${this.sheet.cuts.map((c) => `${num(c.x1)} ${num(c.y1)} m ${num(c.x2)} ${num(c.y2)} l`).join(" ")} S Q\n`
      : "";
    const start = (options.startSlot ?? 1) - 1;
    this.slot = start >= 0 && start < this.sheet.slots.length ? start : 0;
  }

  /** Labels added so far. */
  get labels(): number {
    return this.count;
  }

  add(parcel: LabelParcel): void {
    if (parseTrackingNumber(parcel.trackingNumber) !== parcel.trackingNumber) {
      throw new RangeError(`invalid tracking number: ${parcel.trackingNumber}`);
    }
    if (!this.content) this.content = this.cutLines;
    const form = this.formOf(parcel.carrier);
    const matrix = this.sheet.slots[this.slot]!.matrix.map((v) => String(Math.round(v * 10000) / 10000)).join(
      " ",
    );
    this.content += `q ${matrix} cm /X${form} Do\n${labelContent(parcel, carrierLayouts[parcel.carrier], this.font)}Q\n`;
    this.count += 1;
    this.slot += 1;
    if (this.slot === this.sheet.slots.length) this.endPage();
  }

  finish(): Uint8Array {
    if (this.count === 0) throw new RangeError("no labels to render");
    if (this.content) this.endPage();
    const { pdf } = this;
    const embedded = this.font.embed(pdf);
    const xobjects = [...this.forms.values()].map((id) => `/X${id} ${id} 0 R`).join("");
    pdf.object(this.resources, `<</Font<</F ${embedded} 0 R>>/XObject<<${xobjects}>>>>`);
    pdf.object(
      this.pagesId,
      `<</Type/Pages/Count ${this.pages.length}/Kids[${this.pages.map((id) => `${id} 0 R`).join(" ")}]` +
        `/MediaBox[0 0 ${num(this.sheet.width)} ${num(this.sheet.height)}]/Resources ${this.resources} 0 R>>`,
    );
    pdf.object(this.catalog, `<</Type/Catalog/Pages ${this.pagesId} 0 R>>`);
    return pdf.finish(this.catalog);
  }

  private formOf(carrier: LabelParcel["carrier"]): number {
    let id = this.forms.get(carrier);
    if (id === undefined) {
      id = this.pdf.reserve();
      this.pdf.stream(
        id,
        `/Type/XObject/Subtype/Form/BBox[0 0 ${labelSize.width} ${labelSize.height}]/Resources ${this.resources} 0 R`,
        Buffer.from(staticContent(carrierLayouts[carrier], this.font), "latin1"),
      );
      this.forms.set(carrier, id);
    }
    return id;
  }

  private endPage(): void {
    const contents = this.pdf.reserve();
    this.pdf.stream(contents, "", Buffer.from(this.content, "latin1"));
    const page = this.pdf.reserve();
    this.pdf.object(page, `<</Type/Page/Parent ${this.pagesId} 0 R/Contents ${contents} 0 R>>`);
    this.pages.push(page);
    this.content = "";
    this.slot = 0;
  }
}

/** One PDF of the labels in order, as many per page as the brand's print settings put on the paper. */
export function renderLabels(
  parcels: readonly LabelParcel[],
  print: LabelPrintSettings,
  options: { startSlot?: number } = {},
): Uint8Array {
  if (parcels.length === 0) throw new RangeError("no labels to render");
  // Every number is checked before anything is drawn, as before the document was drawn label by label.
  for (const parcel of parcels) {
    if (parseTrackingNumber(parcel.trackingNumber) !== parcel.trackingNumber) {
      throw new RangeError(`invalid tracking number: ${parcel.trackingNumber}`);
    }
  }
  const document = new LabelDocument(print, options);
  for (const parcel of parcels) document.add(parcel);
  return document.finish();
}
