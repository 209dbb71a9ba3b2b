import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A Japanese phone number that really exists in the numbering plan (not only the
 * right length): the full metadata is needed for that. Returns the national format
 * with hyphens (03-1234-5678), which every carrier layout accepts, or undefined.
 */
export function normalizePhone(value: string): string | undefined {
  const phone = parsePhoneNumberFromString(value.trim(), "JP");
  if (phone?.country !== "JP" || !phone.isValid()) return undefined;
  return phone.formatNational();
}
