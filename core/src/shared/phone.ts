import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { memoized } from "../util/memo";

/**
 * A Japanese phone number that really exists in the numbering plan (not only the
 * right length): the full metadata is needed for that. Returns the national format
 * with hyphens (03-1234-5678), which every carrier layout accepts, or undefined.
 */
export function normalizePhone(value: string): string | undefined {
  return normalizeTrimmed(value.trim());
}

/** Parsing with the full metadata is the dearest step of an order's import; an order's purchaser and recipient often share the number. */
const normalizeTrimmed = memoized((value: string) => {
  const phone = parsePhoneNumberFromString(value, "JP");
  if (phone?.country !== "JP" || !phone.isValid()) return undefined;
  return phone.formatNational();
}, 1_000);
