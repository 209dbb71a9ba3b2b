import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, emailMessages } from "./email-address";
import { normalizePhone } from "./phone";
import {
  hasUnsafeCharacters,
  normalizePostalCode,
  prefectures,
  sjisByteLength,
  unsafeCharactersMessage,
} from "./text";

/**
 * Field schemas used by every form and by the API, so the browser and the server
 * give the same Japanese message for the same mistake. Byte limits follow the
 * strictest carrier layout the value is printed in (docs/carriers.md#field-lengths).
 */
export { FORM_ERROR_KEY } from "./form-errors";

/**
 * Free text that may be printed on a label or written into a carrier file: trimmed,
 * refused with a field error when it holds control or bidirectional characters or
 * half a surrogate pair, and stored in NFC so the same name is the same bytes.
 */
const safeText = () =>
  z
    .string()
    .trim()
    .refine((v) => !hasUnsafeCharacters(v), { error: unsafeCharactersMessage, abort: true })
    .transform((v) => v.normalize("NFC"));

export const requiredText = (label: string, maxBytes: number) =>
  z
    .string({ error: `${label}を入力してください` })
    .pipe(safeText())
    .pipe(z.string().min(1, { error: `${label}を入力してください` }))
    .refine((v) => sjisByteLength(v) <= maxBytes, {
      error: `${label}は全角${maxBytes / 2}文字（半角${maxBytes}文字）以内で入力してください`,
    });

export const optionalText = (label: string, maxBytes: number) =>
  z
    .string()
    .pipe(safeText())
    .refine((v) => sjisByteLength(v) <= maxBytes, {
      error: `${label}は全角${maxBytes / 2}文字（半角${maxBytes}文字）以内で入力してください`,
    })
    .default("");

/** A value that must be given: a string, trimmed, not empty (`missing` either way). */
const filled = (missing: string) => z.string({ error: missing }).trim().min(1, { error: missing });

/** A value that must be given, kept in its normal form; refused with `invalid` when it has none. */
const normalized = (missing: string, invalid: string, normalize: (value: string) => string | undefined) =>
  filled(missing).transform((value, ctx) => {
    const result = normalize(value);
    if (!result) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return result;
  });

export const postalCode = normalized(
  "郵便番号を入力してください",
  "郵便番号は7桁の数字で入力してください（例: 100-0001）",
  normalizePostalCode,
);

export const phone = normalized(
  "電話番号を入力してください",
  "有効な電話番号を入力してください（例: 03-1234-5678）",
  normalizePhone,
);

export const prefecture = z.enum(prefectures, { error: "都道府県を選択してください" });

export const email = filled(emailMessages.missing)
  .max(EMAIL_MAX_LENGTH, { error: emailMessages.tooLong })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: emailMessages.invalid }));

/**
 * A Japanese address in the parts carriers print: prefecture + city + town/street
 * fit Yamato's 64-byte address field, the building its 32-byte second field.
 */
export const address = {
  postal_code: postalCode,
  prefecture,
  city: requiredText("市区町村", 24),
  address1: requiredText("町名・番地", 40),
  address2: optionalText("建物名・部屋番号", 32),
};

export const addressTotalCheck = <T extends { prefecture: string; city: string; address1: string }>(
  value: T,
) => sjisByteLength(value.prefecture + value.city + value.address1) <= 64;

export const addressTotalMessage = {
  error: "都道府県・市区町村・町名番地の合計は全角32文字以内で入力してください",
  path: ["address1"],
};
