/**
 * What an e-mail address must be, in a module without schemas: fields.ts's `email` schema
 * checks it, and the sign-in pages check it too, before zod and the phone metadata (which
 * fields.ts brings) have loaded.
 */

export const EMAIL_MAX_LENGTH = 254;

export const emailMessages = {
  missing: "メールアドレスを入力してください",
  tooLong: "メールアドレスが長すぎます",
  invalid: "メールアドレスの形式が正しくありません",
} as const;

/** An address of dot-separated ASCII words at a domain with a top-level name of letters (zod's own e-mail pattern). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What is wrong with a typed address, as the schema says it; undefined for a good one. */
export function emailProblem(value: unknown): string | undefined {
  const address = typeof value === "string" ? value.trim() : "";
  if (!address) return emailMessages.missing;
  if (address.length > EMAIL_MAX_LENGTH) return emailMessages.tooLong;
  return EMAIL_PATTERN.test(address) ? undefined : emailMessages.invalid;
}
