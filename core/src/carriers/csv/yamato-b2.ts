import { isYamatoTimeServiceSlot } from "../../shared/delivery";
import { toHalfWidthAscii } from "../../shared/text";
import { toHalfWidthKana } from "../text";
import { type Column, type FormatSpec, layout, lineColumns } from "./csv";
import { carrierDate, codTax, type Fitter, fitDates } from "./fit";
import { fitAddress, fitPhone, fitPostalCode, fitSenderName, type Party } from "./party";
import type { ExportOrder, YamatoDeliveryValue } from "./types";

/**
 * Yamato B2クラウド 送り状発行データ, the 97-column "入出力用" layout (docs/carriers.md#yamato-b2-file-format,
 * docs/carriers.md#yamato-b2-layout): CP932, CRLF, a header row (data from row 2), dates YYYY/MM/DD, JIS X
 * 0208 only. The same layout comes back as the issued data with column 4 filled.
 */

type Order = ExportOrder<"yamato_b2">;

/**
 * docs/carriers.md#time-slot-mapping: the app's neutral slot to B2's 配達時間帯. 12–14 was abolished
 * (docs/carriers.md#yamato-retired-codes), so it has no code. タイム's times are stored as B2's own
 * codes. No time is a blank column in the CSV (B2's `0000` belongs to its web JSON).
 */
const timeCodes: Record<YamatoDeliveryValue["time_slot"], string | undefined> = {
  "": "",
  "0900": "0812",
  "1200": undefined,
  "1400": "1416",
  "1600": "1618",
  "1800": "1820",
  "1900": "1921",
  "0010": "0010",
  "0017": "0017",
};

/** docs/carriers.md#yamato-service-types, column 3: クール区分 only for 発払 (not 複数口), コレクト and 着払. */
const coolServices = new Set(["0", "2", "5"]);
/**
 * docs/carriers.md#yamato-service-types, column 38: 発行枚数 2–99 for 発払・タイム・着払・ゆうパケット, the parcel total for
 * 複数口.
 */
const multiCopyServices = new Set(["0", "4", "5", "6", "7"]);
/** docs/carriers.md#yamato-service-types: columns 40–42 are not entered for クロネコゆうメール and 着払. */
const unbilledServices = new Set(["3", "5"]);
/** docs/carriers.md#yamato-b2-layout column 34: コレクト ≤ 300,000 円, コンパクトコレクト ≤ 30,000 円. */
const codLimits: Record<string, number> = { "2": 300_000, "9": 30_000 };

const NAME = 32;
const ADDRESS = 64;
const BUILDING = 32;
const COMPANY = 50;
const BRANCH = 2;
const KANA = 50;
const SEARCH_KEY = 20;

/** A party's phone with its extension in 電話番号枝番 when it fits there (docs/carriers.md#phone-extensions). */
function fitContactPhone(f: Fitter, party: Party, phone: string): { phone: string; branch: string } {
  let branch = "";
  const written = fitPhone(f, party, phone, 15, (extension) => {
    if (extension.length > BRANCH) return undefined;
    branch = extension;
    return "電話番号枝番";
  });
  return { phone: written, branch };
}

/**
 * お届け先名略称カナ only helps B2's own search: a kana name that is not all kana, or longer
 * than the column, is left out with a warning rather than holding the label.
 */
function fitNameKana(f: Fitter, typed: string): string {
  const trimmed = typed.trim();
  if (!trimmed) return "";
  const kana = toHalfWidthKana(trimmed);
  if (kana !== undefined && kana.length <= KANA) return kana;
  f.warn(
    "customer.nameKana",
    kana === undefined
      ? `お届け先名のフリガナ（${trimmed}）にカナ以外の文字があるため、お届け先名略称カナを出力しませんでした。`
      : `お届け先名のフリガナが${f.rules.name}のお届け先名略称カナの上限（半角${KANA}文字）を超えるため、出力しませんでした。`,
  );
  return "";
}

/**
 * The shop's order number as 検索キー2 (half-width alphanumerics, 20 at most; a leading # is
 * dropped): only a search aid, so one that cannot be written is left out with a warning.
 */
function fitOrderSearchKey(f: Fitter, orderNumber: string): string {
  const key = orderNumber.trim().replace(/^#/, "");
  if (!key) return "";
  if (/^[A-Za-z0-9]+$/.test(key) && key.length <= SEARCH_KEY) return key;
  f.warn(
    "orderNumber",
    `注文番号（${orderNumber}）は${f.rules.name}の検索キーに使えない（半角英数字${SEARCH_KEY}文字まで）ため、検索キー2に出力しませんでした。`,
  );
  return "";
}

/** お届け先 or ご依頼主 as columns 9–13 and 20–24 hold them (docs/carriers.md#yamato-b2-layout). */
export interface YamatoContact {
  phone: string;
  /** 電話番号枝番: the extension typed after the number, when it has at most 2 digits. */
  branch: string;
  postalCode: string;
  /** 住所 and the building (アパートマンション名). */
  address: string[];
}

export interface YamatoRecord {
  reference: string;
  serviceType: string;
  cool: string;
  shipDate: string;
  deliveryDate: string;
  time: string;
  recipient: YamatoContact;
  company: string[];
  name: string;
  nameKana: string;
  honorific: string;
  sender: YamatoContact;
  senderName: string;
  itemName: string;
  handling1: string;
  handling2: string;
  codAmount: string;
  codTax: string;
  copies: string;
  countFrame: string;
  customerCode: string;
  classificationCode: string;
  freightNumber: string;
  closureKey: string;
  orderSearchKey: string;
}

function prepare(order: Order, f: Fitter, options: { today: string }): YamatoRecord {
  const { delivery, recipient: to, sender: from, account } = order;
  const service = delivery.service_type;
  const dates = fitDates(f, delivery, options.today);

  // タイム takes only 0010/0017 and the other services only the slots (docs/carriers.md#yamato-b2-time-codes).
  const timeService = service === "4";
  const time = timeCodes[delivery.time_slot];
  if (timeService && delivery.time_slot !== "" && !isYamatoTimeServiceSlot(delivery.time_slot))
    f.fail("delivery.time_slot", "タイムでは配達時間帯を10時まで・17時までから選択してください。");
  else if (!timeService && isYamatoTimeServiceSlot(delivery.time_slot))
    f.fail("delivery.time_slot", "10時まで・17時までは送り状種類がタイムのときだけ指定できます。");
  else if (time === undefined)
    f.fail("delivery.time_slot", "ヤマト運輸では12時〜14時の時間帯指定はできません。");
  const mailbox = service === "3" || service === "7";
  if (mailbox && (delivery.time_slot !== "" || delivery.delivery_date !== null))
    f.fail("delivery.time_slot", "この送り状種類ではお届け日時を指定できません。");
  if (delivery.cool_type !== "0" && !coolServices.has(service))
    f.fail("delivery.cool_type", "クール便は発払い・コレクト・着払いでのみ指定できます。");
  if (delivery.parcels > 1 && !multiCopyServices.has(service))
    f.fail("delivery.parcels", "この送り状種類では個数を2以上にできません。");

  const codLimit = codLimits[service];
  let codAmount = "";
  let tax = "";
  if (codLimit !== undefined) {
    const amount = delivery.cod_amount;
    if (amount === null) f.fail("delivery.cod_amount", "コレクトでは代引金額を入力してください。");
    else if (amount > codLimit)
      f.fail(
        "delivery.cod_amount",
        `代引金額が上限（${codLimit.toLocaleString("ja-JP")}円）を超えています。`,
      );
    else {
      codAmount = String(amount);
      tax = String(codTax(f, amount, order.codTaxAmount));
    }
  } else if (delivery.cod_amount !== null) {
    f.fail("delivery.cod_amount", "代引金額は送り状種類がコレクトのときだけ入力できます。");
  }

  let customerCode = "";
  let classificationCode = "";
  let freightNumber = "";
  if (!unbilledServices.has(service)) {
    customerCode = toHalfWidthAscii(account.customerCode).replace(/[-\s]/g, "");
    if (!/^\d{10,12}$/.test(customerCode))
      f.fail("account.customerCode", "ヤマト運輸のご請求先顧客コード（10〜12桁の数字）を設定してください。");
    classificationCode = toHalfWidthAscii(account.classificationCode ?? "").trim();
    if (!/^[0-9A-Za-z]{0,3}$/.test(classificationCode))
      f.fail("account.classificationCode", "ご請求先分類コードは半角英数字3文字以内で設定してください。");
    freightNumber = toHalfWidthAscii(account.freightNumber ?? "01").trim();
    if (!/^\d{2}$/.test(freightNumber))
      f.fail("account.freightNumber", "運賃管理番号は2桁の数字で設定してください。");
  }

  // 住所 holds 都道府県 + 市区町村 + 番地 (64 bytes), the building has its own 32-byte column.
  const address = fitAddress(f, "customer", to, [ADDRESS, BUILDING]);
  const senderAddress = fitAddress(f, "sender", from, [ADDRESS, BUILDING]);
  // B2 has no sender company column: company and name share ご依頼主名, composed to fit.
  const senderName = fitSenderName(f, from, NAME);

  return {
    reference: order.reference,
    serviceType: service,
    cool: coolServices.has(service) ? delivery.cool_type : "",
    shipDate: carrierDate(dates.ship, "/"),
    deliveryDate: dates.delivery ? carrierDate(dates.delivery, "/") : "",
    time: time ?? "",
    recipient: {
      ...fitContactPhone(f, "customer", to.phone),
      postalCode: fitPostalCode(f, "customer", to.postalCode),
      address,
    },
    company: f.lines(
      "customer.company",
      "お届け先会社・部門名",
      [{ text: to.company, joiner: "" }],
      [COMPANY, COMPANY],
      "name",
      "お届け先会社・部門名1・2",
    ),
    name: f.line("customer.name", "お届け先名", to.name, NAME, true),
    nameKana: fitNameKana(f, to.nameKana),
    // Only ゆうメール prints a 敬称 from the file (docs/carriers.md#yamato-b2-layout column 18).
    honorific: service === "3" ? "様" : "",
    sender: {
      ...fitContactPhone(f, "sender", from.phone),
      postalCode: fitPostalCode(f, "sender", from.postalCode),
      address: senderAddress,
    },
    senderName,
    itemName: f.line("delivery.item_name", "品名", delivery.item_name, 50, true),
    handling1: f.line("delivery.handling1", "荷扱い1", delivery.handling1, 20),
    handling2: f.line("delivery.handling2", "荷扱い2", delivery.handling2, 20),
    codAmount,
    codTax: tax,
    copies: String(delivery.parcels),
    // 複数口 is fixed to 3 (frame and count); the others keep B2's default.
    countFrame: service === "6" ? "3" : "",
    customerCode,
    classificationCode,
    freightNumber,
    closureKey: service === "6" ? order.reference : "",
    orderSearchKey: fitOrderSearchKey(f, order.orderNumber),
  };
}

/**
 * docs/carriers.md#yamato-b2-layout columns 9–13 and 20–24: a party's phone, its branch number, postal
 * code, address and building.
 */
function contactColumns(
  no: number,
  party: string,
  contact: (record: YamatoRecord) => YamatoContact,
): Column<YamatoRecord>[] {
  return [
    { no, header: `${party}電話番号`, maxBytes: 15, value: (r) => contact(r).phone },
    { no: no + 1, header: `${party}電話番号枝番`, maxBytes: BRANCH, value: (r) => contact(r).branch },
    { no: no + 2, header: `${party}郵便番号`, maxBytes: 8, value: (r) => contact(r).postalCode },
    { no: no + 3, header: `${party}住所`, maxBytes: ADDRESS, value: (r) => contact(r).address[0] ?? "" },
    {
      no: no + 4,
      header: `${party}住所（アパートマンション名）`,
      maxBytes: BUILDING,
      value: (r) => contact(r).address[1] ?? "",
    },
  ];
}

const columns: Column<YamatoRecord>[] = layout<YamatoRecord>("yamato_b2", 97, [
  { no: 1, header: "お客様管理番号", maxBytes: 50, value: (r) => r.reference },
  { no: 2, header: "送り状種類", maxBytes: 1, value: (r) => r.serviceType },
  { no: 3, header: "クール区分", maxBytes: 1, value: (r) => r.cool },
  { no: 4, header: "伝票番号", maxBytes: 12 },
  { no: 5, header: "出荷予定日", maxBytes: 10, value: (r) => r.shipDate },
  { no: 6, header: "お届け予定（指定）日", maxBytes: 10, value: (r) => r.deliveryDate },
  { no: 7, header: "配達時間帯", maxBytes: 4, value: (r) => r.time },
  { no: 8, header: "お届け先コード", maxBytes: 20 },
  ...contactColumns(9, "お届け先", (r) => r.recipient),
  ...lineColumns(
    14,
    ["お届け先会社・部門名1", "お届け先会社・部門名2"],
    COMPANY,
    (r: YamatoRecord) => r.company,
  ),
  { no: 16, header: "お届け先名", maxBytes: NAME, value: (r) => r.name },
  { no: 17, header: "お届け先名略称カナ", maxBytes: 50, value: (r) => r.nameKana },
  { no: 18, header: "敬称", maxBytes: 4, value: (r) => r.honorific },
  { no: 19, header: "ご依頼主コード", maxBytes: 20 },
  ...contactColumns(20, "ご依頼主", (r) => r.sender),
  { no: 25, header: "ご依頼主名", maxBytes: NAME, value: (r) => r.senderName },
  { no: 26, header: "ご依頼主略称カナ", maxBytes: 50 },
  { no: 27, header: "品名コード1", maxBytes: 30 },
  { no: 28, header: "品名1", maxBytes: 50, value: (r) => r.itemName },
  { no: 29, header: "品名コード2", maxBytes: 30 },
  { no: 30, header: "品名2", maxBytes: 50 },
  { no: 31, header: "荷扱い1", maxBytes: 20, value: (r) => r.handling1 },
  { no: 32, header: "荷扱い2", maxBytes: 20, value: (r) => r.handling2 },
  { no: 33, header: "記事", maxBytes: 44 },
  { no: 34, header: "コレクト代金引換額（税込）", maxBytes: 7, value: (r) => r.codAmount },
  { no: 35, header: "コレクト内消費税額等", maxBytes: 7, value: (r) => r.codTax },
  { no: 36, header: "営業所止置き", maxBytes: 1 },
  { no: 37, header: "営業所コード", maxBytes: 6 },
  { no: 38, header: "発行枚数", maxBytes: 2, value: (r) => r.copies },
  { no: 39, header: "個数口枠の印字", maxBytes: 1, value: (r) => r.countFrame },
  { no: 40, header: "ご請求先顧客コード", maxBytes: 12, value: (r) => r.customerCode },
  { no: 41, header: "ご請求先分類コード", maxBytes: 3, value: (r) => r.classificationCode },
  { no: 42, header: "運賃管理番号", maxBytes: 2, value: (r) => r.freightNumber },
  { no: 43, header: "クロネコwebコレクトデータ登録", maxBytes: 1 },
  { no: 44, header: "クロネコwebコレクト加盟店番号", maxBytes: 9 },
  { no: 45, header: "クロネコwebコレクト申込受付番号1", maxBytes: 23 },
  { no: 46, header: "クロネコwebコレクト申込受付番号2", maxBytes: 23 },
  { no: 47, header: "クロネコwebコレクト申込受付番号3", maxBytes: 23 },
  { no: 48, header: "お届け予定eメール利用区分", maxBytes: 1 },
  { no: 49, header: "お届け予定eメールe-mailアドレス", maxBytes: 60 },
  { no: 50, header: "入力機種", maxBytes: 1 },
  { no: 51, header: "お届け予定eメールメッセージ", maxBytes: 148 },
  { no: 52, header: "お届け完了eメール利用区分", maxBytes: 1 },
  { no: 53, header: "お届け完了eメールe-mailアドレス", maxBytes: 60 },
  { no: 54, header: "お届け完了eメールメッセージ", maxBytes: 318 },
  { no: 55, header: "クロネコ収納代行利用区分", maxBytes: 1 },
  { no: 56, header: "予備", maxBytes: 1 },
  { no: 57, header: "収納代行請求金額（税込）", maxBytes: 7 },
  { no: 58, header: "収納代行内消費税額等", maxBytes: 7 },
  { no: 59, header: "収納代行請求先郵便番号", maxBytes: 8 },
  { no: 60, header: "収納代行請求先住所", maxBytes: 64 },
  { no: 61, header: "収納代行請求先住所（アパートマンション名）", maxBytes: 32 },
  { no: 62, header: "収納代行請求先会社・部門名1", maxBytes: 50 },
  { no: 63, header: "収納代行請求先会社・部門名2", maxBytes: 50 },
  { no: 64, header: "収納代行請求先名（漢字）", maxBytes: 32 },
  { no: 65, header: "収納代行請求先名（カナ）", maxBytes: 50 },
  { no: 66, header: "収納代行問合せ先名（漢字）", maxBytes: 32 },
  { no: 67, header: "収納代行問合せ先郵便番号", maxBytes: 8 },
  { no: 68, header: "収納代行問合せ先住所", maxBytes: 64 },
  { no: 69, header: "収納代行問合せ先住所（アパートマンション名）", maxBytes: 32 },
  { no: 70, header: "収納代行問合せ先電話番号", maxBytes: 15 },
  { no: 71, header: "収納代行管理番号", maxBytes: 20 },
  { no: 72, header: "収納代行品名", maxBytes: 50 },
  { no: 73, header: "収納代行備考", maxBytes: 28 },
  { no: 74, header: "複数口くくりキー", maxBytes: 20, value: (r) => r.closureKey },
  // docs/carriers.md#issued-data: the reference doubles as a 検索キー, which B2's screens can search.
  { no: 75, header: "検索キータイトル1", maxBytes: 20, value: () => "管理番号" },
  { no: 76, header: "検索キー1", maxBytes: 20, value: (r) => r.reference },
  { no: 77, header: "検索キータイトル2", maxBytes: 20, value: (r) => (r.orderSearchKey ? "注文番号" : "") },
  { no: 78, header: "検索キー2", maxBytes: 20, value: (r) => r.orderSearchKey },
  { no: 79, header: "検索キータイトル3", maxBytes: 20 },
  { no: 80, header: "検索キー3", maxBytes: 20 },
  { no: 81, header: "検索キータイトル4", maxBytes: 20 },
  { no: 82, header: "検索キー4", maxBytes: 20 },
  { no: 83, header: "検索キータイトル5", maxBytes: 20 },
  { no: 84, header: "検索キー5", maxBytes: 20 },
  { no: 85, header: "予備", maxBytes: 12 },
  { no: 86, header: "予備", maxBytes: 3 },
  { no: 87, header: "投函予定メール利用区分", maxBytes: 1 },
  { no: 88, header: "投函予定メールe-mailアドレス", maxBytes: 60 },
  { no: 89, header: "投函予定メールメッセージ", maxBytes: 148 },
  { no: 90, header: "投函完了メール（お届け先宛）利用区分", maxBytes: 1 },
  { no: 91, header: "投函完了メール（お届け先宛）e-mailアドレス", maxBytes: 60 },
  { no: 92, header: "投函完了メール（お届け先宛）メールメッセージ", maxBytes: 318 },
  { no: 93, header: "投函完了メール（ご依頼主宛）利用区分", maxBytes: 1 },
  { no: 94, header: "投函完了メール（ご依頼主宛）e-mailアドレス", maxBytes: 60 },
  { no: 95, header: "投函完了メール（ご依頼主宛）メールメッセージ", maxBytes: 318 },
  { no: 96, header: "連携管理番号", maxBytes: 70 },
  { no: 97, header: "通知メールアドレス", maxBytes: 60 },
]);

export const yamatoB2: FormatSpec<Order, YamatoRecord> = {
  rules: { name: "ヤマト運輸（B2クラウド）", charset: "jisx0208" },
  filePrefix: "yamato_b2",
  // Row 1 is a header and data starts at row 2 (docs/carriers.md#yamato-b2-file-format); whether B2 reads
  // the header text is Unconfirmed.
  header: true,
  columns,
  prepare,
};

/** Where the issued data (the same layout, docs/carriers.md#issued-data) holds what the import needs. */
export const yamatoIssuedColumns = { reference: 1, trackingNumber: 4, shipDate: 5 } as const;
