import type { ParcelCarrier } from "../../shared/tracking-number";
import type { LabelField } from "./fields";

/**
 * Label layouts as data, in millimetres from the label's top-left corner. One label is
 * 100 × 150 mm (the 4×6 / A6-class size all three carriers accept for self-printed
 * labels); multi-up sheets place it scaled into each slot. A carrier's layout is its
 * section order and its own words; the sections are shared, so there is one drawing code.
 */

export const labelSize = { width: 100, height: 150 } as const;

export type Align = "left" | "center" | "right";

/** Drawn once per document and carrier (a form XObject), whatever the labels say. */
export type StaticElement =
  | { kind: "box"; x: number; y: number; w: number; h: number; line: number }
  | { kind: "rule"; x1: number; y1: number; x2: number; y2: number; line: number }
  | {
      kind: "caption";
      text: string;
      x: number;
      y: number;
      size: number;
      bold?: boolean;
      alignRight?: boolean;
    }
  /** White text on a black tab: section headings the eye finds first. */
  | { kind: "tab"; text: string; x: number; y: number; w: number; h: number; size: number };

/** Drawn per label from its fields. */
export type FieldElement =
  | {
      kind: "field";
      field: LabelField;
      x: number;
      y: number;
      w: number;
      h: number;
      /** Font size (mm): the largest tried, shrunk to `minSize` before wrapping. */
      size: number;
      minSize: number;
      maxLines: number;
      align: Align;
      bold?: boolean;
    }
  /**
   * A service mark, printed only when the field has a value: a heavy frame with the
   * carrier's word for the service white on a black tab, and the value (the amount to
   * collect, 冷蔵 / 冷凍) large and bold beside it, so the driver cannot miss it.
   */
  | {
      kind: "mark";
      field: "codAmount" | "coolType";
      title: string;
      x: number;
      y: number;
      w: number;
      h: number;
      tabWidth: number;
      size: number;
    }
  /** NW-7 with the 4-4-4 number under it; bars are `narrow` mm wide, with quiet zones inside `w`. */
  | { kind: "barcode"; x: number; y: number; w: number; h: number; narrow: number; numberSize: number };

export type LabelLayout = { statics: StaticElement[]; fields: FieldElement[] };

type Words = {
  service: string;
  company: string;
  trackingNumber: string;
  deliveryDate: string;
  timeSlot: string;
  /** The carrier's name for cash on delivery (コレクト, e-コレクト, 代金引換). */
  collect: string;
  /** The carrier's name for its chilled and frozen service (クール宅急便, 飛脚クール便). */
  cool: string;
};

type Section = (
  top: number,
  words: Words,
) => { height: number; statics: StaticElement[]; fields: FieldElement[] };

const left = 3;
const right = 97;
const inner = right - left;
const thin = 0.2;
const thick = 0.5;

const field = (
  name: LabelField,
  x: number,
  y: number,
  w: number,
  h: number,
  size: number,
  options: Partial<
    Pick<Extract<FieldElement, { kind: "field" }>, "minSize" | "maxLines" | "align" | "bold">
  > = {},
): FieldElement => ({
  kind: "field",
  field: name,
  x,
  y,
  w,
  h,
  size,
  minSize: options.minSize ?? size * 0.7,
  maxLines: options.maxLines ?? 1,
  align: options.align ?? "left",
  ...(options.bold ? { bold: true } : {}),
});

const caption = (text: string, x: number, y: number, size = 2.4): StaticElement => ({
  kind: "caption",
  text,
  x,
  y,
  size,
});
const rule = (x1: number, y1: number, x2: number, y2: number): StaticElement => ({
  kind: "rule",
  x1,
  y1,
  x2,
  y2,
  line: thin,
});

const header: Section = (top, words) => ({
  height: 12,
  statics: [
    { kind: "caption", text: words.service, x: left + 2.5, y: top + 2.2, size: 7.5, bold: true },
    { kind: "caption", text: words.company, x: 68, y: top + 6.2, size: 3, alignRight: true },
    rule(70, top, 70, top + 12),
    caption("個数", 71.5, top + 1.2),
  ],
  fields: [field("parcels", 70, top + 3.4, right - 70, 8, 6.5, { align: "center", bold: true })],
});

/**
 * The service marks, right under the carrier's name, at the top where the carriers' own
 * forms print them (docs/carriers.md, "The product's own labels"): cash on delivery on the
 * left, the cool service on the right. Empty on a normal parcel, so a mark never moves.
 */
const marks: Section = (top, words) => ({
  height: 12,
  statics: [],
  fields: [
    {
      kind: "mark",
      field: "codAmount",
      title: words.collect,
      x: left + 1.5,
      y: top + 1,
      w: 54,
      h: 10,
      tabWidth: 20,
      size: 7,
    },
    {
      kind: "mark",
      field: "coolType",
      title: words.cool,
      x: 60,
      y: top + 1,
      w: right - 1.5 - 60,
      h: 10,
      tabWidth: 15,
      size: 7,
    },
  ],
});

const barcode: Section = (top, words) => ({
  height: 25,
  statics: [
    caption(words.trackingNumber, left + 2, top + 1.2),
    rule(64, top, 64, top + 25),
    caption("出荷日", 66, top + 1.2),
    caption("注文番号", 66, top + 12.5),
  ],
  fields: [
    { kind: "barcode", x: left + 1, y: top + 4.5, w: 60, h: 13.5, narrow: 0.3, numberSize: 4.2 },
    field("shipDate", 66, top + 4.6, right - 67, 5, 4),
    field("orderNumber", 66, top + 16, right - 67, 7, 3.6, { minSize: 2.2, maxLines: 2 }),
  ],
});

const recipient: Section = (top) => ({
  height: 46,
  statics: [{ kind: "tab", text: "お届け先", x: left, y: top, w: 17, h: 5.5, size: 3.4 }],
  fields: [
    field("recipientPostalCode", 23, top + 0.8, 32, 4.8, 4.6, { bold: true }),
    field("recipientPhone", 55, top + 1.2, right - 57, 4.2, 4, { align: "right" }),
    field("recipientAddress1", left + 2, top + 7.5, inner - 4, 11, 5, { minSize: 3.4, maxLines: 2 }),
    field("recipientAddress2", left + 2, top + 18.5, inner - 4, 10, 4.8, { minSize: 3.4, maxLines: 2 }),
    field("recipientCompany", left + 2, top + 28.5, inner - 4, 5, 4.4, { minSize: 3 }),
    field("recipientName", left + 2, top + 34, inner - 4, 11.5, 8, { minSize: 4.5, maxLines: 2, bold: true }),
  ],
});

const sender: Section = (top) => ({
  height: 21,
  statics: [{ kind: "tab", text: "ご依頼主", x: left, y: top, w: 15, h: 4.6, size: 2.9 }],
  fields: [
    field("senderPostalCode", 20, top + 0.8, 28, 3.6, 3.3),
    field("senderPhone", 48, top + 0.8, right - 50, 3.6, 3.3, { align: "right" }),
    field("senderAddress", left + 2, top + 5.6, inner - 4, 7.6, 3.3, { minSize: 2.5, maxLines: 2 }),
    field("senderName", left + 2, top + 14, inner - 4, 6, 3.8, { minSize: 2.5, maxLines: 1 }),
  ],
});

const goods: Section = (top) => ({
  height: 14,
  statics: [caption("品名", left + 2, top + 1), rule(62, top, 62, top + 14), caption("荷扱い", 64, top + 1)],
  fields: [
    field("itemName", left + 2, top + 4.2, 62 - left - 4, 9, 4, { minSize: 2.6, maxLines: 2 }),
    field("handling1", 64, top + 4.2, right - 66, 4.4, 3.6, { minSize: 2.4 }),
    field("handling2", 64, top + 8.8, right - 66, 4.4, 3.6, { minSize: 2.4 }),
  ],
});

const delivery: Section = (top, words) => ({
  height: 14,
  statics: [
    caption(words.deliveryDate, left + 2, top + 1),
    rule(48, top, 48, top + 14),
    caption(words.timeSlot, 50, top + 1),
  ],
  fields: [
    field("deliveryDate", left + 2, top + 5, 48 - left - 4, 8, 6, { minSize: 3.4, bold: true }),
    field("timeSlot", 50, top + 5, right - 52, 8, 6, { minSize: 3.4, bold: true }),
  ],
});

function compose(words: Words, sections: Section[]): LabelLayout {
  const statics: StaticElement[] = [];
  const fields: FieldElement[] = [];
  let top = 3;
  for (const [index, section] of sections.entries()) {
    if (index > 0) statics.push({ kind: "rule", x1: left, y1: top, x2: right, y2: top, line: 0.35 });
    const part = section(top, words);
    statics.push(...part.statics);
    fields.push(...part.fields);
    top += part.height;
  }
  if (Math.abs(top - (labelSize.height - 3)) > 0.01) {
    throw new Error(`sections fill ${top - 3} mm of ${labelSize.height - 6}`);
  }
  statics.unshift({ kind: "box", x: left, y: 3, w: inner, h: labelSize.height - 6, line: thick });
  return { statics, fields };
}

/** Each carrier's words and section order; everything else is shared. */
export const carrierLayouts: Record<ParcelCarrier, LabelLayout> = {
  yamato: compose(
    {
      service: "宅急便",
      company: "ヤマト運輸",
      trackingNumber: "伝票番号",
      deliveryDate: "お届け予定日",
      timeSlot: "時間帯",
      collect: "コレクト",
      cool: "クール 宅急便",
    },
    [header, marks, barcode, recipient, sender, goods, delivery],
  ),
  japan_post: compose(
    {
      service: "ゆうパック",
      company: "日本郵便",
      trackingNumber: "お問い合わせ番号",
      deliveryDate: "配達希望日",
      timeSlot: "配達希望時間帯",
      collect: "代金引換",
      cool: "保冷 ゆうパック",
    },
    [header, marks, recipient, sender, goods, delivery, barcode],
  ),
  sagawa: compose(
    {
      service: "飛脚宅配便",
      company: "佐川急便",
      trackingNumber: "お問合せ送り状No.",
      deliveryDate: "配達指定日",
      timeSlot: "配達指定時間帯",
      collect: "e-コレクト",
      cool: "飛脚 クール便",
    },
    [header, marks, barcode, goods, recipient, sender, delivery],
  ),
};
