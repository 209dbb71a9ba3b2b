import { z } from "zod";
import type { Carrier } from "./brand";
import { issuingModes, MAX_RANGE_SIZE, MAX_RANGES_PER_ACCOUNT } from "./carrier-account-names";
import { optionalText, requiredText } from "./fields";
import { parseTrackingNumber } from "./tracking-number";

/**
 * Carrier accounts as merchants enter them (POST/PUT /api/{yamato|sagawa|japan_post}),
 * shared by the API and the 配送会社連携 screens (browser-safe). An account either
 * prints its own labels, numbered from ranges the carrier assigned, or hands the
 * orders to the carrier's software as a file (B2クラウド, e飛伝Ⅲ, ゆうプリR).
 * The names and limits (no schemas) live in carrier-account-names.ts.
 */

export {
  customerCodeMissing,
  customerCodeRules,
  type IssuingMode,
  issuingModeLabels,
  issuingModes,
  japanPostFormCodes,
  LOW_ON_NUMBERS,
  MAX_RANGE_SIZE,
  MAX_RANGES_PER_ACCOUNT,
} from "./carrier-account-names";

/** Digits as merchants type them: full-width and hyphens are fine. */
const digits = (value: string) => value.normalize("NFKC").replace(/[\s\-‐‑‒–—―−ー]/g, "");

/** A code typed as digits; empty means "not given" (on update: keep the stored one). */
const codeOf = (label: string, pattern: RegExp, message: string) =>
  z
    .string({ error: `${label}を入力してください` })
    .transform(digits)
    .pipe(z.string().refine((value) => value === "" || pattern.test(value), { error: message }))
    .transform((value) => value || undefined);

const trackingNumber = (label: string) =>
  z.string({ error: `${label}を入力してください` }).transform((value, ctx) => {
    const parsed = parseTrackingNumber(value);
    if (!parsed) {
      ctx.addIssue({
        code: "custom",
        message: `${label}は12桁の正しい追跡番号（末尾がチェックデジット）を入力してください`,
      });
      return z.NEVER;
    }
    return parsed;
  });

/** One range the carrier assigned: first and last number, both with their check digit. */
export const TrackingRangeInput = z
  .object({
    /** Present for a range already registered (kept as it is); absent for a new one. */
    id: z.string().max(64).optional(),
    first: trackingNumber("開始番号"),
    last: trackingNumber("終了番号"),
  })
  .superRefine((range, ctx) => {
    const first = Number(range.first.slice(0, 11));
    const last = Number(range.last.slice(0, 11));
    if (last < first)
      ctx.addIssue({ code: "custom", path: ["last"], message: "終了番号は開始番号以降の番号にしてください" });
    else if (last - first + 1 > MAX_RANGE_SIZE)
      ctx.addIssue({
        code: "custom",
        path: ["last"],
        message: "番号帯が大きすぎます。配送会社から割り当てられた番号を確認してください",
      });
  });

const common = {
  name: requiredText("表示名", 40),
  mode: z.enum(issuingModes, { error: "発行方法を選択してください" }),
  is_default: z.boolean().default(false),
  tracking_ranges: z
    .array(TrackingRangeInput)
    .max(MAX_RANGES_PER_ACCOUNT, { error: `番号帯は${MAX_RANGES_PER_ACCOUNT}件まで登録できます` })
    .default([]),
};

/**
 * ご請求先顧客コード: 10 digits and a 2-digit branch (docs/carriers.md#yamato-b2-layout column 40). The
 * codes that bill the merchant's contract are kept sealed and shown only by their
 * last digits; on update an empty value keeps the stored one.
 */
export const YamatoAccountInput = z.object({
  ...common,
  customer_code: codeOf(
    "ご請求先顧客コード",
    /^\d{12}$/,
    "ご請求先顧客コードは12桁の数字で入力してください",
  ).optional(),
  classification_code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{0,3}$/, { error: "ご請求先分類コードは3文字以内の英数字で入力してください" })
    .default(""),
  freight_code: z
    .string()
    .transform(digits)
    .pipe(z.string().regex(/^\d{2}$/, { error: "運賃管理番号は2桁の数字で入力してください" }))
    .default("01"),
});

/**
 * お客様コード (docs/carriers.md#sagawa-e-hiden-iii-layout column 11): the contract the parcels are billed to.
 */
export const SagawaAccountInput = z.object({
  ...common,
  customer_code: codeOf(
    "お客様コード",
    /^\d{8,12}$/,
    "お客様コードは8〜12桁の数字で入力してください",
  ).optional(),
});

/**
 * ゆうプリR: the customer number of the contract, the label form (送り状種別,
 * docs/carriers.md#japan-post-label-forms) and the posting office.
 */
export const JapanPostAccountInput = z.object({
  ...common,
  customer_code: codeOf(
    "お客様番号",
    /^[0-9]{1,15}$/,
    "お客様番号は15桁以内の数字で入力してください",
  ).optional(),
  form_code: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, { error: "送り状種別は20文字以内の英数字で入力してください" })
    .default("1100780"),
  posting_office: optionalText("差出事業所", 60),
});

export const carrierAccountInputs = {
  yamato: YamatoAccountInput,
  sagawa: SagawaAccountInput,
  japan_post: JapanPostAccountInput,
} as const satisfies Record<Carrier, z.ZodType>;
