import { type Column, type FormatSpec, layout, lineColumns, numberedBlanks } from "./csv";
import { carrierDate, codTax, type Fitter, fitDates, type HandlingMark, marksOf } from "./fit";
import { writtenByteLength } from "./formula";
import {
  fitAddress,
  fitHandlings,
  fitNames,
  fitPhone,
  fitPostalCode,
  type Party,
  partyLabels,
} from "./party";
import type { ExportOrder, JapanPostDeliveryValue } from "./types";

/**
 * Japan Post ゆうプリR 発送予定データ, 117 columns (docs/carriers.md#japan-post-yuprir-layout): CP932 with CRLF,
 * a header row, dates YYYYMMDD. Columns 1–33 and their widths are Confirmed; the order
 * of 34–117 comes from working exporters and is Unconfirmed, so only what the app has
 * is written there and the rest is left blank.
 */

type Order = ExportOrder<"japan_post_yuprir">;

/**
 * docs/carriers.md#japan-post-time-slots: 00 none and 52 (12–14) are Confirmed; 51 and 53–55 follow the
 * same pattern (Unconfirmed); 19–21 is written as 57, the most likely reading, since 56 is 20–21 in the
 * older tables (Unconfirmed).
 */
const timeCodes: Record<JapanPostDeliveryValue["time_slot"], string> = {
  "": "00",
  "0900": "51",
  "1200": "52",
  "1400": "53",
  "1600": "54",
  "1800": "55",
  "1900": "57",
};

/**
 * Handling words with their own ゆうプリR 区分 column (docs/carriers.md#japan-post-yuprir-layout columns 55–59).
 */
const markColumns: Partial<Record<HandlingMark, number>> = {
  fragile: 55,
  perishable: 56,
  bottle: 57,
  upright: 58,
  noStacking: 59,
};

const LINE = 50;
const ORDER_NUMBER = 30;
const NOTE_LINES = 2;

/** お届け先 or ご依頼主 as written (docs/carriers.md#japan-post-yuprir-layout columns 13–20 and 30–37). */
interface YuprirParty {
  postalCode: string;
  address: string[];
  names: string[];
  phone: string;
}

export interface YuprirRecord {
  reference: string;
  shipDate: string;
  cool: string;
  payment: string;
  formCode: string;
  recipient: YuprirParty;
  sender: YuprirParty;
  orderNumber: string;
  marks: Set<number>;
  deliveryDate: string;
  time: string;
  parcels: string;
  notes: string[];
  codAmount: string;
  codTax: string;
  itemName: string;
  quantity: string;
}

/**
 * Both parties are written alike: the layout shows XXX-XXXX (docs/carriers.md#japan-post-yuprir-layout
 * column 13, Confirmed by the layout document); 住所１ is 都道府県 + 市区町村, then 町域・番地, then the building. The
 * widths of the sender's names (columns 34–35) are not in the layout document; 50 like the recipient's
 * (Unconfirmed).
 */
function fitParty(
  f: Fitter,
  party: Party,
  person: Order["recipient"] | Order["sender"],
  notes: string[],
): YuprirParty {
  return {
    postalCode: fitPostalCode(f, party, person.postalCode),
    address: fitAddress(f, party, person, [LINE, LINE, LINE], { cityLine: true }),
    names: fitNames(f, party, person, [LINE, LINE]),
    phone: fitPhone(f, party, person.phone, 20, (extension) => noteExtension(notes, party, extension)),
  };
}

/**
 * ゆうプリR has no extension column: the extension is printed as a 記事名 line while one of
 * the two is free after the handling text (docs/carriers.md#phone-extensions).
 */
function noteExtension(notes: string[], party: Party, extension: string): string | undefined {
  if (notes.length >= NOTE_LINES) return undefined;
  notes.push(`${partyLabels[party]}電話 内線${extension}`);
  return `記事名${notes.length === 1 ? "１" : "２"}`;
}

/**
 * 受注番号 only helps the merchant find the order in ゆうプリR: one that cannot be written
 * (also once a leading sign is full-width) is left out with a warning rather than holding
 * the label back.
 */
function fitOrderNumber(f: Fitter, orderNumber: string): string {
  if (!orderNumber) return "";
  if (/^[\x21-\x7E]+$/.test(orderNumber) && writtenByteLength(orderNumber) <= ORDER_NUMBER)
    return orderNumber;
  f.warn(
    "orderNumber",
    `注文番号（${orderNumber}）は${f.rules.name}の受注番号の欄（半角英数記号${ORDER_NUMBER}文字まで）に書けないため、出力しませんでした。`,
  );
  return "";
}

function prepare(order: Order, f: Fitter, options: { today: string }): YuprirRecord {
  const { delivery, recipient: to, sender: from, account } = order;
  const dates = fitDates(f, delivery, options.today);

  const formCode = (account.formCodes[delivery.payment_type] ?? "").trim();
  if (!/^[0-9A-Za-z]{1,20}$/.test(formCode)) {
    const kind = { "0": "元払い", "1": "着払い", "2": "代金引換" }[delivery.payment_type];
    f.fail("account.formCodes", `ゆうプリRの送り状種別（${kind}用）を設定してください。`);
  }

  let codAmount = "";
  let tax = "";
  if (delivery.payment_type === "2") {
    if (delivery.cod_amount === null)
      f.fail("delivery.cod_amount", "代金引換では代引金額を入力してください。");
    else {
      codAmount = String(delivery.cod_amount);
      tax = String(codTax(f, delivery.cod_amount, order.codTaxAmount));
    }
  } else if (delivery.cod_amount !== null) {
    f.fail("delivery.cod_amount", "代引金額は支払方法が代金引換のときだけ入力できます。");
  }

  // A handling word with a 区分 column sets it; other text goes to 記事名 so it is still printed.
  const marks = new Set<number>();
  const notes: string[] = [];
  for (const value of fitHandlings(f, delivery, LINE)) {
    const found = marksOf(value).map((m) => markColumns[m]);
    if (found.length > 0 && found.every((c) => c !== undefined)) for (const c of found) marks.add(c);
    else notes.push(value);
  }

  const recipient = fitParty(f, "customer", to, notes);
  const sender = fitParty(f, "sender", from, notes);
  const quantity = order.lineItems.reduce((sum, item) => sum + Math.max(0, item.quantity), 0);

  return {
    reference: order.reference,
    shipDate: carrierDate(dates.ship, ""),
    cool: delivery.cool_type,
    payment: delivery.payment_type,
    formCode,
    recipient,
    sender,
    orderNumber: fitOrderNumber(f, order.orderNumber),
    marks,
    deliveryDate: dates.delivery ? carrierDate(dates.delivery, "") : "",
    time: timeCodes[delivery.time_slot],
    parcels: String(delivery.parcels),
    notes,
    codAmount,
    codTax: tax,
    itemName: f.line("delivery.item_name", "品名", delivery.item_name, LINE, true),
    quantity: quantity > 0 ? String(quantity) : "",
  };
}

const blank = (no: number, header: string, maxBytes?: number): Column<YuprirRecord> =>
  maxBytes === undefined ? { no, header } : { no, header, maxBytes };
const mark = (no: number, header: string): Column<YuprirRecord> => ({
  no,
  header,
  maxBytes: 1,
  value: (r) => (r.marks.has(no) ? "1" : "0"),
});

/** A party's 郵便番号, 住所１–３, 名称１–２, its 敬称 column (`honorific`) and 電話番号, from column `no`. */
function partyColumns(
  no: number,
  label: "お届け先" | "ご依頼主",
  honorific: Column<YuprirRecord>,
  party: (r: YuprirRecord) => YuprirParty,
): Column<YuprirRecord>[] {
  return [
    { no, header: `${label} 郵便番号`, maxBytes: 8, value: (r) => party(r).postalCode },
    ...lineColumns(
      no + 1,
      ["住所１", "住所２", "住所３"].map((header) => `${label} ${header}`),
      LINE,
      (r: YuprirRecord) => party(r).address,
    ),
    ...lineColumns(
      no + 4,
      ["名称１", "名称２"].map((header) => `${label} ${header}`),
      LINE,
      (r: YuprirRecord) => party(r).names,
    ),
    honorific,
    { no: no + 7, header: `${label} 電話番号`, maxBytes: 20, value: (r) => party(r).phone },
  ];
}

const columns: Column<YuprirRecord>[] = layout<YuprirRecord>("japan_post_yuprir", 117, [
  { no: 1, header: "お客様側管理番号", maxBytes: 15, value: (r) => r.reference },
  { no: 2, header: "発送予定日", maxBytes: 8, value: (r) => r.shipDate },
  blank(3, "発送予定時間区分", 2),
  blank(4, "出荷期限日", 8),
  blank(5, "到着期限日", 8),
  // docs/carriers.md#japan-post-yuprir-layout column 6: 0 ゆうパック (Confirmed). ゆうパケット and ゆうメール have their
  // own forms and rules.
  { no: 6, header: "郵便種別", maxBytes: 1, value: () => "0" },
  { no: 7, header: "保冷種別", maxBytes: 1, value: (r) => r.cool },
  { no: 8, header: "元／着払／代引", maxBytes: 1, value: (r) => r.payment },
  blank(9, "書留／セキュリティ／特定記録種別", 1),
  blank(10, "配達時間帯指定郵便種別", 1),
  { no: 11, header: "送り状種別", maxBytes: 20, value: (r) => r.formCode },
  blank(12, "お届け先 コード", 15),
  ...partyColumns(
    13,
    "お届け先",
    // Exporters write 0, presumably 様 (docs/carriers.md#japan-post-yuprir-layout column 19; Unconfirmed).
    { no: 19, header: "お届け先 敬称区分", maxBytes: 1, value: () => "0" },
    (r) => r.recipient,
  ),
  blank(21, "お届け先 メールアドレス１", 100),
  blank(22, "お届け先 局留め区分", 1),
  blank(23, "お届け先 局留め郵便局名", 60),
  blank(24, "お届け先 局留めメール使用区分", 1),
  blank(25, "お届け先 局留め郵便番号", 8),
  blank(26, "お届け先 配達予告メール使用区分", 1),
  blank(27, "お届け先 再配達予告メール使用区分", 1),
  blank(28, "ご依頼主 コード", 15),
  blank(29, "ご依頼主 集荷先と同一区分", 1),
  ...partyColumns(30, "ご依頼主", blank(36, "ご依頼主 敬称"), (r) => r.sender),
  blank(38, "ご依頼主 メールアドレス１"),
  blank(39, "ご依頼主 荷送人指図区分"),
  blank(40, "ご依頼主 お届け通知メール使用区分"),
  blank(41, "ご依頼主 お届け通知はがき使用区分"),
  blank(42, "集荷先 コード"),
  blank(43, "集荷先 連携可否区分"),
  blank(44, "集荷先 会社コード"),
  blank(45, "集荷先 依頼先店所コード"),
  blank(46, "集荷先 郵便番号"),
  blank(47, "集荷先 住所１"),
  blank(48, "集荷先 住所２"),
  blank(49, "集荷先 住所３"),
  blank(50, "集荷先 名称１"),
  blank(51, "集荷先 名称２"),
  blank(52, "集荷先 敬称"),
  blank(53, "集荷先 電話番号"),
  { no: 54, header: "受注番号", maxBytes: ORDER_NUMBER, value: (r) => r.orderNumber },
  mark(55, "こわれもの区分"),
  mark(56, "なまもの区分"),
  mark(57, "ビン類区分"),
  mark(58, "逆さま厳禁区分"),
  mark(59, "下積み厳禁区分"),
  blank(60, "商品サイズ区分"),
  blank(61, "重量合計（ｇ）"),
  blank(62, "25kg超重量物区分"),
  blank(63, "損害要償額"),
  // 0 = none is the only code known (docs/carriers.md#japan-post-yuprir-layout column 64); a requested day
  // goes in 65 (Unconfirmed).
  { no: 64, header: "速達・配達日指定種別", maxBytes: 1, value: () => "0" },
  { no: 65, header: "配達指定日／希望日", maxBytes: 8, value: (r) => r.deliveryDate },
  { no: 66, header: "配達時間帯区分", maxBytes: 2, value: (r) => r.time },
  // 0 as existing exporters write; the 持込/集荷 codes are Unconfirmed
  // (docs/carriers.md#japan-post-yuprir-layout column 67).
  { no: 67, header: "差出方法区分", maxBytes: 1, value: () => "0" },
  blank(68, "ゆうパック複数個割引"),
  blank(69, "ゆうパック同一割引"),
  blank(70, "セット商品コード"),
  blank(71, "セット品名ラベル印字区分"),
  { no: 72, header: "複数個口数", maxBytes: 2, value: (r) => r.parcels },
  ...lineColumns(73, ["記事名１", "記事名２"], LINE, (r: YuprirRecord) => r.notes),
  ...numberedBlanks<YuprirRecord>(75, "フリー項目", 10, 2),
  blank(85, "空港利用区分"),
  blank(86, "空港・局／支店名"),
  blank(87, "航空会社名"),
  blank(88, "利用便名"),
  blank(89, "レジャー区分"),
  blank(90, "プレー・搭乗日"),
  blank(91, "プレー・搭乗時間"),
  blank(92, "クラブ本数"),
  blank(93, "復路集貨日"),
  blank(94, "出荷先登録名"),
  blank(95, "集荷希望区分"),
  blank(96, "集荷日付"),
  blank(97, "集荷時間帯区分"),
  blank(98, "支店連携先選択用名称"),
  { no: 99, header: "代引金額", maxBytes: 7, value: (r) => r.codAmount },
  { no: 100, header: "代引消費税金額", maxBytes: 7, value: (r) => r.codTax },
  blank(101, "送り状発行年月日"),
  blank(102, "商品番号"),
  { no: 103, header: "品名", maxBytes: LINE, value: (r) => r.itemName },
  // The total quantity of the order's line items (Unconfirmed what ゆうプリR prints from it).
  { no: 104, header: "個数", value: (r) => r.quantity },
  blank(105, "重量（ｇ）"),
  blank(106, "単価"),
  blank(107, "金額"),
  ...numberedBlanks<YuprirRecord>(108, "商品備考", 10, 2),
]);

export const japanPostYuprir: FormatSpec<Order, YuprirRecord> = {
  rules: { name: "日本郵便（ゆうプリR）", charset: "cp932" },
  filePrefix: "japan_post_yuprir",
  header: true,
  columns,
  prepare,
};
