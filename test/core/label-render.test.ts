import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { labelFont } from "../../core/src/carriers/label/font";
import {
  codabarBars,
  type LabelParcel,
  type LabelParty,
  type LabelPrintSettings,
  labelFields,
  renderLabels,
  sheetOf,
} from "../../core/src/carriers/label/index";
import { fitText } from "../../core/src/carriers/label/text-fit";
import { jstToday } from "../../core/src/shared/dates";
import { type TimeSlot, timeSlotLabels, timeSlots } from "../../core/src/shared/delivery";
import { blankPerson } from "../../core/src/shared/order";
import {
  codabarOf,
  formatTrackingNumber,
  parseTrackingNumber,
  trackingNumberOf,
} from "../../core/src/shared/tracking-number";
import { batchDay, toParcel } from "../../core/src/workflows/labels/label-parcel";
import { labelSender as sender } from "../support/label-parties";

/**
 * Checked with the tools a person or a scanner would use on the PDF: poppler renders it
 * and reads its fonts and text, zbar scans the barcodes off a 300 dpi rendering.
 */

const workDir = mkdtempSync(join(tmpdir(), "okuru-labels-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

let fileCount = 0;
function writePdf(bytes: Uint8Array): string {
  const path = join(workDir, `labels-${++fileCount}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

/** The Codabar contents zbar reads off one page at 300 dpi, in no particular order. */
function scanPage(pdf: string, page: number): string[] {
  const prefix = join(workDir, `scan-${fileCount}-${page}`);
  run("pdftoppm", ["-r", "300", "-png", "-f", String(page), "-l", String(page), "-singlefile", pdf, prefix]);
  let output = "";
  try {
    output = run("zbarimg", ["--raw", "-q", "-Scodabar.enable", `${prefix}.png`]);
  } catch {
    // zbarimg exits 4 when it finds nothing; the expectation below reports it.
  }
  return output.split("\n").filter(Boolean);
}

const pageText = (pdf: string, page: number) =>
  run("pdftotext", ["-f", String(page), "-l", String(page), "-enc", "UTF-8", pdf, "-"]);
const squeeze = (text: string) => text.replace(/\s+/g, "");
const pageCount = (pdf: string) => Number(/^Pages:\s+(\d+)/m.exec(run("pdfinfo", [pdf]))![1]);

const kyoto: LabelParty = {
  name: "髙橋 一郎",
  company: "",
  postalCode: "６０４－８００５",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "河原町通四条上る米屋町３８０番地",
  address2: "ハイツ河原町１２０３号室",
  phone: "０７５－１２３－４５６７",
};
const sapporo: LabelParty = {
  name: "山﨑 𠮷子",
  company: "株式会社𠮷野家商事 札幌支店",
  postalCode: "060-0001",
  prefecture: "北海道",
  city: "札幌市中央区",
  address1: "北一条西２丁目１番地",
  address2: "札幌時計台ビル１０階",
  phone: "011-231-0000",
};

let serial = 12_345_678_900;
function parcel(overrides: Partial<LabelParcel> = {}): LabelParcel {
  return {
    carrier: "yamato",
    trackingNumber: trackingNumberOf(serial++),
    parcelIndex: 1,
    parcelCount: 1,
    orderNumber: `#${serial}`,
    recipient: kyoto,
    sender,
    itemName: "衣類（Tシャツ）",
    handling1: "ワレモノ注意",
    handling2: "天地無用",
    shipDate: "2026-07-14",
    deliveryDate: "2026-07-16",
    timeSlot: "0900",
    codAmount: null,
    coolType: null,
    ...overrides,
  };
}

/** One order of three parcels, then one label per carrier with the hard cases, then every time slot. */
function hardLabels(): LabelParcel[] {
  const order = `#${serial}`;
  const threeParcels = [1, 2, 3].map((index) =>
    parcel({ orderNumber: order, parcelIndex: index, parcelCount: 3, codAmount: 12_345, coolType: "冷蔵" }),
  );
  return [
    ...threeParcels,
    parcel({ carrier: "sagawa", recipient: sapporo, coolType: "冷凍", codAmount: 300_000 }),
    parcel({
      carrier: "japan_post",
      recipient: sapporo,
      coolType: "チルド",
      deliveryDate: null,
      timeSlot: "",
    }),
    ...timeSlots.map((timeSlot: TimeSlot, index) =>
      parcel({ carrier: (["yamato", "sagawa", "japan_post"] as const)[index % 3], timeSlot }),
    ),
  ];
}

const labelPaper: LabelPrintSettings = {
  paper: "label_100x150",
  layout: "1up",
  offset_x_mm: 0,
  offset_y_mm: 0,
};

describe("label PDFs, one 100×150 label per page", () => {
  const labels = hardLabels();
  const pdf = writePdf(renderLabels(labels, labelPaper));

  it("has one page of 100 × 150 mm per label", () => {
    const info = run("pdfinfo", ["-f", "1", "-l", String(labels.length), pdf]);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)];
    expect(sizes).toHaveLength(labels.length);
    for (const [, width, height] of sizes) {
      expect(Number(width)).toBeCloseTo((100 / 25.4) * 72, 1);
      expect(Number(height)).toBeCloseTo((150 / 25.4) * 72, 1);
    }
  });

  it("embeds one subset of the Japanese font with a ToUnicode map", () => {
    const rows = run("pdffonts", [pdf]).trim().split("\n").slice(2);
    expect(rows).toHaveLength(1);
    const [name, ...columns] = rows[0]!.split(/\s+/);
    expect(name).toMatch(/^[A-Z]{6}\+NotoSansJP-Regular$/);
    // type (CID TrueType), encoding, then emb sub uni.
    expect(columns.slice(3, 6)).toEqual(["yes", "yes", "yes"]);
    expect(columns.slice(0, 3)).toEqual(["CID", "TrueType", "Identity-H"]);
  });

  it.each(labels.map((label, index) => [index + 1, label] as const))(
    "page %i: the barcode scans to the label's tracking number with the carrier's guards",
    (page, label) => {
      const codes = scanPage(pdf, page);
      expect(codes).toHaveLength(1);
      const [, start, digits, stop] = /^([A-D])(.*)([A-D])$/.exec(codes[0]!) ?? [];
      const expected = codabarOf(label.carrier, label.trackingNumber, label.parcelCount > 1).toUpperCase();
      expect(`${start}${stop}`).toBe(`${expected[0]}${expected.at(-1)}`);
      expect(parseTrackingNumber(digits ?? "")).toBe(label.trackingNumber);
    },
  );

  it.each(labels.map((label, index) => [index + 1, label] as const))(
    "page %i: the text is there and copyable",
    (page, label) => {
      const text = pageText(pdf, page);
      const flat = squeeze(text);
      const { recipient } = label;
      expect(flat).toContain(squeeze(`${recipient.name}様`));
      expect(flat).toContain(squeeze(`${recipient.prefecture}${recipient.city}${recipient.address1}`));
      expect(flat).toContain(squeeze(recipient.address2));
      expect(flat).toContain(squeeze(recipient.company));
      expect(text).toContain(formatTrackingNumber(label.trackingNumber));
      expect(flat).toContain(`${label.parcelIndex}/${label.parcelCount}`);
      expect(flat).toContain(squeeze(label.itemName));
      expect(flat).toContain(timeSlotLabels[label.timeSlot]);
      expect(flat).toContain(squeeze(`${sender.company}${sender.name}`));
      if (label.codAmount) expect(flat).toContain(`¥${label.codAmount.toLocaleString("en-US")}`);
      if (label.coolType) expect(flat).toContain(label.coolType);
      else expect(flat).not.toContain("クール");
    },
  );

  it("prints the postal codes as 〒NNN-NNNN whatever width they were typed in", () => {
    expect(squeeze(pageText(pdf, 1))).toContain("〒604-8005");
    expect(squeeze(pageText(pdf, 4))).toContain("〒060-0001");
  });

  it("gives a 3-parcel order labels 1/3, 2/3 and 3/3 with one order number", () => {
    const texts = [1, 2, 3].map((page) => squeeze(pageText(pdf, page)));
    expect(texts.map((text) => /([1-3])\/3/.exec(text)?.[0])).toEqual(["1/3", "2/3", "3/3"]);
    for (const text of texts) expect(text).toContain(labels[0]!.orderNumber);
  });
});

describe("multi-up sheets", () => {
  const labels = hardLabels().slice(0, 6);

  it.each([
    ["a4", "4up", 4, [595.28, 841.89]],
    ["a4", "2up", 2, [595.28, 841.89]],
    ["a4", "1up", 1, [595.28, 841.89]],
    ["a5", "2up", 2, [419.53, 595.28]],
    ["a5", "1up", 1, [419.53, 595.28]],
  ] as const)(
    "%s %s holds %i labels a page, every one scannable",
    (paper, layout, perPage, [width, height]) => {
      const pdf = writePdf(renderLabels(labels, { paper, layout, offset_x_mm: 0, offset_y_mm: 0 }));
      const pages = Math.ceil(labels.length / perPage);
      expect(pageCount(pdf)).toBe(pages);
      const info = run("pdfinfo", ["-f", "1", "-l", String(pages), pdf]);
      for (const [, w, h] of info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
        expect(Number(w)).toBeCloseTo(width, 1);
        expect(Number(h)).toBeCloseTo(height, 1);
      }
      // The first page is full: each of its labels' barcodes and numbers must be on it.
      const onFirstPage = labels.slice(0, perPage);
      const scanned = scanPage(pdf, 1).map((code) => parseTrackingNumber(code.slice(1, -1)));
      expect(scanned.sort()).toEqual(onFirstPage.map((label) => label.trackingNumber).sort());
      const text = pageText(pdf, 1);
      for (const label of onFirstPage) expect(text).toContain(formatTrackingNumber(label.trackingNumber));
    },
  );

  it("moves everything by the brand's offsets: +x right, +y down", () => {
    const wordBox = (print: LabelPrintSettings) => {
      const pdf = writePdf(renderLabels(labels.slice(0, 1), print));
      const xml = run("pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]);
      const word = formatTrackingNumber(labels[0]!.trackingNumber);
      const match = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>${word}<`).exec(xml);
      expect(match, `${word} in ${xml}`).not.toBeNull();
      return { x: Number(match![1]), y: Number(match![2]) };
    };
    const base = wordBox({ paper: "a4", layout: "4up", offset_x_mm: 0, offset_y_mm: 0 });
    const moved = wordBox({ paper: "a4", layout: "4up", offset_x_mm: 5, offset_y_mm: -2.5 });
    expect(moved.x - base.x).toBeCloseTo((5 / 25.4) * 72, 1);
    expect(moved.y - base.y).toBeCloseTo((-2.5 / 25.4) * 72, 1);
  });
});

describe("label rendering rules", () => {
  it("refuses a tracking number whose check digit is wrong, so no unscannable label is printed", () => {
    const good = trackingNumberOf(44_441_375_870);
    const wrong = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    expect(() => renderLabels([parcel({ trackingNumber: wrong })], labelPaper)).toThrow(/tracking number/);
    expect(() => renderLabels([], labelPaper)).toThrow(RangeError);
  });

  it("has a glyph for every character of the hard names and addresses", () => {
    const font = labelFont();
    const text = [kyoto, sapporo, sender].flatMap((party) => Object.values(party)).join("");
    const missing = Array.from(text).filter((ch) => font.metricsOf(ch.codePointAt(0)!).glyphId === 0);
    expect(missing).toEqual([]);
  });

  it("addresses a company without a contact person 御中 and a person 様", () => {
    const toCompany = labelFields(parcel({ recipient: { ...sapporo, name: "" } }));
    expect([toCompany.recipientName, toCompany.recipientCompany]).toEqual([
      "株式会社𠮷野家商事 札幌支店 御中",
      "",
    ]);
    const toPerson = labelFields(parcel({ recipient: sapporo }));
    expect([toPerson.recipientName, toPerson.recipientCompany]).toEqual(["山﨑 𠮷子 様", sapporo.company]);
  });

  it("encodes Codabar with the standard widths: 4 bars a character, narrow gaps between characters", () => {
    const { bars, width } = codabarBars("a444413758703a");
    expect(bars).toHaveLength(14 * 4);
    // Digits have two wide elements, the guards A–D three; 13 narrow gaps between 14 characters.
    expect(width).toBeCloseTo(12 * (5 + 2 * 2.5) + 2 * (4 + 3 * 2.5) + 13, 6);
    for (let i = 1; i < bars.length; i++)
      expect(bars[i]!.x).toBeGreaterThan(bars[i - 1]!.x + bars[i - 1]!.width);
    expect(() => codabarBars("444413758703")).toThrow(RangeError);
    expect(() => codabarBars("A4444X3758703A")).toThrow(RangeError);
  });

  it("fits text by shrinking, then wrapping, then narrowing, never past the box", () => {
    const font = labelFont();
    const shape = (text: string) => {
      let hex = "";
      const advances = Array.from(text, (ch) => font.metricsOf(ch.codePointAt(0)!).advance);
      for (const _ of advances) hex += "0000";
      return { hex, advance: advances.reduce((a, b) => a + b, 0), advances };
    };
    const box = { w: 50, h: 12, size: 5, minSize: 3.5, maxLines: 2 };
    const fitInBox = (text: string) => fitText(Array.from(text), shape(text), box);
    const glyphCount = (fitted: ReturnType<typeof fitText>) =>
      fitted.lines.reduce((sum, line) => sum + line.hex.length / 4, 0);
    const insideBox = (fitted: ReturnType<typeof fitText>) =>
      fitted.lines.every((line) => line.width <= box.w + 1e-6) &&
      (fitted.lines.length - 1) * fitted.lineHeight + fitted.size <= box.h + 1e-6;

    const short = fitInBox("髙橋 一郎 様");
    expect(short).toMatchObject({ size: 5, lines: [{ scale: 100 }] });

    const street = `${kyoto.prefecture}${kyoto.city}${kyoto.address1}`;
    const wrapped = fitInBox(street);
    expect(wrapped.lines.length).toBe(2);
    expect(wrapped.size).toBeGreaterThanOrEqual(box.minSize);
    expect(wrapped.lines.every((line) => line.scale === 100)).toBe(true);
    expect(insideBox(wrapped)).toBe(true);
    expect(glyphCount(wrapped)).toBe(Array.from(street).length);

    const whole = `${street}${kyoto.address2}`;
    const narrowed = fitInBox(whole);
    expect(narrowed.size).toBe(box.minSize);
    expect(narrowed.lines.length).toBe(2);
    expect(narrowed.lines.every((line) => line.scale < 100)).toBe(true);
    expect(insideBox(narrowed)).toBe(true);
    expect(glyphCount(narrowed)).toBe(Array.from(whole).length);

    const overflowing = whole.repeat(2);
    expect(glyphCount(fitInBox(overflowing))).toBe(Array.from(overflowing).length);
  });

  it("places 4-up A4 labels at 99 % and turns 2-up labels to keep them full size", () => {
    const label = { width: 100, height: 150 };
    const quarter = sheetOf({ paper: "a4", layout: "4up", offset_x_mm: 0, offset_y_mm: 0 }, label);
    expect(quarter.slots).toHaveLength(4);
    expect(quarter.slots[0]!.matrix[0]).toBeCloseTo((148.5 / 150) * (72 / 25.4), 4);
    const half = sheetOf({ paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 }, label);
    expect(half.slots.map((slot) => slot.matrix.slice(0, 4))).toEqual([
      [0, 72 / 25.4, -72 / 25.4, 0],
      [0, 72 / 25.4, -72 / 25.4, 0],
    ]);
    const single = sheetOf(labelPaper, label);
    expect(single.slots[0]!.matrix).toEqual([72 / 25.4, 0, 0, 72 / 25.4, 0, 0]);
    expect(single.cuts).toEqual([]);
  });
});

/** A page's text in the order it was drawn: a mark's title, then its value. */
const drawnText = (pdf: string, page: number) =>
  squeeze(run("pdftotext", ["-raw", "-f", String(page), "-l", String(page), "-enc", "UTF-8", pdf, "-"]));

/** Where a word is on a 1-up page, in points from the top-left: pdftotext's word boxes. */
function wordTop(pdf: string, page: number, word: string): number {
  const xml = run("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), pdf, "-"]);
  const match = new RegExp(`yMin="([\\d.]+)"[^>]*>${word}<`).exec(xml);
  expect(match, `${word} on page ${page}`).not.toBeNull();
  return Number(match![1]);
}
const mm = (points: number) => (points / 72) * 25.4;

describe("出荷日 and service marks", () => {
  const order = { orderNumber: "#7001", customer: { ...blankPerson(), ...kyoto } };
  const shipment = (carrier: LabelParcel["carrier"]) => ({
    carrier,
    trackingNumber: trackingNumberOf(serial++),
    parcel: 1,
    parcels: 1,
  });

  it("prints today's date in Japan as 出荷日 when the delivery names none, the delivery's when it does", () => {
    const today = jstToday();
    const unnamed = toParcel(shipment("yamato"), order, sender, { service_type: "0" }, today);
    const named = toParcel(shipment("sagawa"), order, sender, { ship_date: "2026-07-20" }, today);
    expect([unnamed.shipDate, named.shipDate]).toEqual([today, "2026-07-20"]);
    const pdf = writePdf(renderLabels([unnamed, named], labelPaper));
    const [, month, day] = today.split("-").map(Number);
    expect(squeeze(pageText(pdf, 1))).toMatch(new RegExp(`出荷日${month}月${day}日\\([日月火水木金土]\\)`));
    expect(squeeze(pageText(pdf, 2))).toMatch(/出荷日7月20日\(月\)/);
  });

  it("takes the batch's day in Japan, so a part drawn again prints the date it was first printed with", () => {
    // 15:30 UTC is already the next day in Japan.
    expect(batchDay("2026-07-14T15:30:00.000Z")).toBe("2026-07-15");
    expect(batchDay("2026-07-14T14:59:59.999Z")).toBe("2026-07-14");
  });

  const marked = [
    ["yamato", 12_345, "冷蔵", "コレクト¥12,345", "クール宅急便冷蔵"],
    ["yamato", 300_000, "冷凍", "コレクト¥300,000", "クール宅急便冷凍"],
    ["sagawa", 54_321, "冷凍", "e-コレクト¥54,321", "飛脚クール便冷凍"],
    ["sagawa", 1_000, "冷蔵", "e-コレクト¥1,000", "飛脚クール便冷蔵"],
    ["japan_post", 5_000, "チルド", "代金引換¥5,000", "保冷ゆうパックチルド"],
    ["japan_post", 98_765, "冷凍", "代金引換¥98,765", "保冷ゆうパック冷凍"],
  ] as const;
  const labels = marked.map(([carrier, codAmount, coolType]) => parcel({ carrier, codAmount, coolType }));
  const normal = (["yamato", "sagawa", "japan_post"] as const).map((carrier) => parcel({ carrier }));
  const pdf = writePdf(renderLabels([...labels, ...normal], labelPaper));

  it.each(marked.map((row, index) => [index + 1, ...row] as const))(
    "page %i (%s): the cash-on-delivery mark with its amount and the cool mark with its word, side by side",
    (page, _carrier, _amount, _cool, collectMark, coolMark) => {
      const flat = drawnText(pdf, page);
      expect(flat).toContain(collectMark);
      expect(flat).toContain(coolMark);
    },
  );

  it.each(marked.map((row, index) => [index + 1, row[0]] as const))(
    "page %i (%s): the marks sit in the band right under the carrier's name, above everything else",
    (page, carrier) => {
      const first = carrier === "sagawa" ? "e-コレクト" : carrier === "yamato" ? "コレクト" : "代金引換";
      const top = mm(wordTop(pdf, page, first));
      // The header takes 3–15 mm from the top; the band 15–27 mm.
      expect(top).toBeGreaterThan(15);
      expect(top).toBeLessThan(27);
      const trackingNumber = formatTrackingNumber(labels[page - 1]!.trackingNumber);
      expect(mm(wordTop(pdf, page, trackingNumber))).toBeGreaterThan(27);
    },
  );

  it.each(normal.map((label, index) => [marked.length + index + 1, label.carrier] as const))(
    "page %i (%s): a normal parcel carries no mark",
    (page) => {
      const flat = squeeze(pageText(pdf, page));
      for (const word of ["コレクト", "代金引換", "クール", "保冷", "冷蔵", "冷凍", "チルド", "¥"]) {
        expect(flat).not.toContain(word);
      }
    },
  );

  it("keeps every barcode scannable next to the marks", () => {
    for (const [index, label] of [...labels, ...normal].entries()) {
      const codes = scanPage(pdf, index + 1);
      expect(codes).toHaveLength(1);
      expect(parseTrackingNumber(codes[0]!.slice(1, -1))).toBe(label.trackingNumber);
    }
  });
});
