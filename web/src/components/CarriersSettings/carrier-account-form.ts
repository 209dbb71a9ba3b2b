import {
  customerCodeRules,
  type IssuingMode,
  issuingModes,
  japanPostFormCodes,
  MAX_RANGES_PER_ACCOUNT,
} from "@okuru/core/shared/carrier-account-names";
import type { Carrier } from "@okuru/core/shared/carrier-names";
import { parseTrackingNumber } from "@okuru/core/shared/tracking-number";
import type { CarrierAccount, CarrierTrackingRange } from "../../lib/api";

/**
 * The carrier account form without React: its values, the request body built from
 * them, and the few facts the screens show about a range. The browser validates the
 * body with the API's own schema (carrierAccountInputs, in carrier-account-schema.ts,
 * fetched after the first screen), so the messages match. No zod here: the 配送会社連携
 * list draws with these.
 */

/** The software each carrier's handoff file is imported into. */
export const carrierSoftware: Record<Carrier, string> = {
  japan_post: "ゆうプリR",
  sagawa: "e飛伝Ⅲ",
  yamato: "B2クラウド",
};

/**
 * The contract code field per carrier: its name and whether it is required come from
 * the shared `customerCodeRules` the API enforces; the hints are the screen's own.
 */
export const customerCodeFields: Record<
  Carrier,
  { label: string; required: boolean; placeholder: string; description: string }
> = {
  yamato: {
    ...customerCodeRules.yamato,
    placeholder: "例: 0751234567-01",
    description: "10桁の顧客コードと2桁の枝番（12桁）",
  },
  sagawa: {
    ...customerCodeRules.sagawa,
    placeholder: "例: 123456789012",
    description: "8〜12桁の数字",
  },
  japan_post: {
    ...customerCodeRules.japan_post,
    placeholder: "例: 123456789",
    description: "ゆうプリRのお客様番号（15桁以内の数字、任意）",
  },
};

/** One row of the ranges editor; `id` marks a registered range, sent back unchanged. */
export interface RangeRow {
  /** Keeps React's row identity while rows are added and removed (not sent). */
  key: string;
  id?: string;
  first: string;
  last: string;
}

export interface CarrierAccountFormValues extends Record<string, unknown> {
  name: string;
  mode: IssuingMode;
  is_default: boolean;
  /** Empty on edit: the stored code is kept. */
  customer_code: string;
  classification_code: string;
  freight_code: string;
  form_code: string;
  posting_office: string;
  /** Registered ranges first, new rows appended after them (see accountBody). */
  tracking_ranges: RangeRow[];
}

let rowCount = 0;
/** A new, empty range row. */
export function emptyRange(): RangeRow {
  rowCount += 1;
  return { key: `new-${rowCount}`, first: "", last: "" };
}

/** The form's starting values: the account's, or a new account's (the carrier's first becomes its default). */
export function accountFormValues(
  account: CarrierAccount | null,
  options: { firstOfCarrier: boolean },
): CarrierAccountFormValues {
  if (!account) {
    return {
      name: "",
      mode: issuingModes[0],
      is_default: options.firstOfCarrier,
      customer_code: "",
      classification_code: "",
      freight_code: "01",
      form_code: "1100780",
      posting_office: "",
      tracking_ranges: [emptyRange()],
    };
  }
  return {
    name: account.name,
    mode: account.mode,
    is_default: account.isDefault,
    customer_code: "",
    classification_code: account.classificationCode ?? "",
    freight_code: account.freightCode ?? "01",
    form_code: account.formCode ?? "1100780",
    posting_office: account.postingOffice ?? "",
    tracking_ranges: account.trackingRanges.map((range) => ({
      key: range.id,
      id: range.id,
      first: range.first,
      last: range.last,
    })),
  };
}

/**
 * The request body (before the schema's normalising) for the carrier: only its own
 * fields. An account handing off to the carrier's software keeps its registered
 * ranges but sends no new ones, which the merchant no longer sees. New rows come
 * after the registered ones, so the body's range indices stay the form's and the
 * API's `tracking_ranges.N.first` errors land on the right row.
 */
export function accountBody(carrier: Carrier, values: CarrierAccountFormValues): Record<string, unknown> {
  const rows =
    values.mode === "self_printed" ? values.tracking_ranges : values.tracking_ranges.filter((r) => r.id);
  const body: Record<string, unknown> = {
    name: values.name,
    mode: values.mode,
    is_default: values.is_default,
    customer_code: values.customer_code,
    tracking_ranges: rows.map(({ id, first, last }) => (id ? { id, first, last } : { first, last })),
  };
  if (carrier === "yamato") {
    body.classification_code = values.classification_code;
    body.freight_code = values.freight_code;
  }
  if (carrier === "japan_post") {
    body.form_code = values.form_code;
    body.posting_office = values.posting_office;
  }
  return body;
}

/** How many numbers a typed range holds, once both ends are valid numbers in order; null otherwise. */
export function rangeSize(row: Pick<RangeRow, "first" | "last">): number | null {
  const first = parseTrackingNumber(row.first);
  const last = parseTrackingNumber(row.last);
  if (!first || !last) return null;
  const size = Number(last.slice(0, 11)) - Number(first.slice(0, 11)) + 1;
  return size > 0 ? size : null;
}

/** The API refuses removing a range numbers were taken from (labels already carry them). */
export function canRemoveRange(range: CarrierTrackingRange | undefined): boolean {
  return !range || range.used === 0;
}

export function canAddRange(values: CarrierAccountFormValues): boolean {
  return values.tracking_ranges.length < MAX_RANGES_PER_ACCOUNT;
}

const count = new Intl.NumberFormat("ja-JP");
/** 1,000件 */
export function formatCount(n: number): string {
  return `${count.format(n)}件`;
}

/**
 * Whether the 送り状種別 option `code` matches what was typed, by code or by name.
 * A complete known code (the current value) shows every option, so another can be picked.
 */
export function matchesFormCode(code: string, search: string): boolean {
  const typed = search.trim();
  if (!typed || typed in japanPostFormCodes) return true;
  const name = japanPostFormCodes[code as keyof typeof japanPostFormCodes] ?? "";
  return code.includes(typed) || name.includes(typed);
}

/** The name of a known 送り状種別 code; undefined for one typed in freely. */
export function formCodeName(code: string): string | undefined {
  return japanPostFormCodes[code.trim() as keyof typeof japanPostFormCodes];
}
