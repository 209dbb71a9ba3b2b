import type { z } from "zod";
import type { JapanPostDelivery, SagawaDelivery, YamatoDelivery } from "../../shared/delivery";
import type { StoredPerson } from "../../shared/order";
import type { LabelParty } from "../label/types";

/** The carrier software hand-off files this module writes. */
export const exportFormats = ["yamato_b2", "sagawa_ehiden3", "japan_post_yuprir", "clickpost"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The formats whose issued-data file (with tracking numbers) can be read back. */
export const issuedFormats = ["yamato_b2", "sagawa_ehiden3", "japan_post_yuprir"] as const;
export type IssuedFormat = (typeof issuedFormats)[number];

/**
 * The お客様管理番号 written into every file and matched when the issued data comes
 * back (docs/carriers.md#issued-data). ゆうプリR's お客様側管理番号 holds 15 bytes (Confirmed)
 * and B2クラウド's column 1 and 検索キー take half-width alphanumerics only (docs/carriers.md#yamato-b2-layout), so
 * the one key that fits every carrier is 1–15 of [A-Za-z0-9].
 */
export const REFERENCE_MAX_LENGTH = 15;
export const referencePattern = /^[A-Za-z0-9]{1,15}$/;

export type YamatoDeliveryValue = z.output<typeof YamatoDelivery>;
export type SagawaDeliveryValue = z.output<typeof SagawaDelivery>;
export type JapanPostDeliveryValue = z.output<typeof JapanPostDelivery>;

/** ご依頼主 as printed: the brand's sender (core/src/shared/sender.ts), in stored field names. */
export type ExportSender = LabelParty;

export type ExportRecipient = Pick<
  StoredPerson,
  "name" | "nameKana" | "company" | "postalCode" | "prefecture" | "city" | "address1" | "address2" | "phone"
>;

export interface ExportLineItem {
  name: string;
  quantity: number;
}

/** B2クラウド billing (docs/carriers.md#yamato-b2-layout columns 40–42). */
export interface YamatoAccount {
  /** ご請求先顧客コード: 10 digits + 2-digit branch (12); 10 digits alone are accepted as B2 does. */
  customerCode: string;
  /** ご請求先分類コード, up to 3 characters; usually blank. */
  classificationCode?: string;
  /** 運賃管理番号, 2 digits; "01" when not given. */
  freightNumber?: string;
}

/** e飛伝Ⅲ contract data (docs/carriers.md#sagawa-e-hiden-iii-layout). */
export interface SagawaAccount {
  /** お客様コード (column 11), only needed when the merchant has several contracts. */
  customerCode?: string;
  /**
   * Which e-コレクト the merchant contracted, for cash on delivery: cash only (seal 008,
   * 決済種別 2), debit/credit (009, 5) or なんでも決済 (010, 1). Defaults to "any".
   */
  collectPayment?: "cash" | "card" | "any";
}

/**
 * ゆうプリR settings. The 送り状種別 (form code) depends on the labels Japan Post supplied
 * to the merchant (docs/carriers.md#japan-post-label-forms), one per 元払い/着払い/代金引換 (the delivery's
 * payment_type). An order whose payment type has no form code is left out with a reason.
 */
export interface JapanPostAccount {
  formCodes: Partial<Record<JapanPostDeliveryValue["payment_type"], string>>;
}

interface ExportOrderBase {
  /** お客様管理番号: see `referencePattern`. The caller derives it from the order and keeps it stable. */
  reference: string;
  /** The shop's order number, written where a layout has a column for it (ゆうプリR 受注番号, B2 検索キー2). */
  orderNumber: string;
  recipient: ExportRecipient;
  sender: ExportSender;
  lineItems: ExportLineItem[];
  /**
   * Consumption tax included in the cash-on-delivery amount (B2 column 35, e飛伝 消費税,
   * ゆうプリR 代引消費税金額). When absent it is worked out at the standard 10 % rate.
   */
  codTaxAmount?: number;
}

interface FormatInputs {
  yamato_b2: { delivery: YamatoDeliveryValue; account: YamatoAccount };
  sagawa_ehiden3: { delivery: SagawaDeliveryValue; account: SagawaAccount };
  japan_post_yuprir: { delivery: JapanPostDeliveryValue; account: JapanPostAccount };
  clickpost: { delivery: JapanPostDeliveryValue; account?: undefined };
}

export type ExportOrder<F extends ExportFormat> = ExportOrderBase & FormatInputs[F];

export interface ExportOptions {
  /** Today in JST as YYYY-MM-DD: the ship date of orders without one, and the file's date. */
  today: string;
  /** Appended to the file name (letters, digits, `-` and `_`), to tell several files of a day apart. */
  fileSuffix?: string;
}

/** Why a field keeps an order out of the file, in Japanese for the merchant. */
export interface ExportReason {
  /** `customer.address1`, `sender.name`, `delivery.time_slot`, `account.customerCode`, `reference` … */
  field: string;
  message: string;
}

/**
 * Something of an included order the carrier's file cannot carry and that was left out
 * (クリックポスト has no time slot column, for one), in Japanese for the merchant.
 */
export interface ExportWarning extends ExportReason {
  reference: string;
}

export interface ExportResult {
  bytes: Uint8Array;
  filename: string;
  /** References written to the file, in file order. */
  included: string[];
  excluded: { reference: string; reasons: ExportReason[] }[];
  /** What was left out of included orders, in file order; never about an excluded order. */
  warnings: ExportWarning[];
}

/** One tracking number read from a carrier's issued-data file. */
export interface IssuedRow {
  /** Line in the file (1-based, counting the header). */
  line: number;
  reference: string;
  trackingNumber: string;
  /** YYYY-MM-DD when the file has a readable ship date. */
  shipDate?: string;
}

export const issuedRejectionCodes = [
  "missing_columns",
  "missing_reference",
  "missing_number",
  "not_a_number",
  "bad_check_digit",
  "duplicate",
  "number_on_two_references",
] as const;
export type IssuedRejectionCode = (typeof issuedRejectionCodes)[number];

export interface IssuedRejection {
  line: number;
  reference: string;
  /** The number as it stood in the file. */
  rawNumber: string;
  code: IssuedRejectionCode;
  message: string;
}

export interface IssuedFileResult {
  encoding: "cp932" | "utf-8";
  hasHeader: boolean;
  rows: IssuedRow[];
  rejected: IssuedRejection[];
}
