import type { Order, OrderReplacementReq } from "../../lib/api";

type Issue = Order["errors"][number];

/** The recipient's fields a carrier's character rule names, as the issue's field names them. */
const recipientFields = ["name", "company", "city", "address1", "address2"] as const;

/**
 * What the one click of an issue's offered replacement (髙 → 高 for Yamato, 鷗 → 鴎 for every
 * carrier) sends: the issue's field, whose offer the server applies to the recipient. None when
 * the issue offers no replacement for a recipient field.
 */
export function replacementRequest(issue: Issue): OrderReplacementReq | null {
  if (issue.replacement === undefined) return null;
  if (!recipientFields.some((name) => issue.field === `customer.${name}`)) return null;
  return { field: issue.field };
}

/** The お届け先 form's fields, as the form names them. */
const recipientFormFields = [
  "name",
  "name_kana",
  "company",
  "postal_code",
  "prefecture",
  "city",
  "address1",
  "address2",
  "phone",
] as const;

/**
 * The order's recipient issues on the お届け先 form's fields, so a wrong phone number is
 * marked on its input and not only in the list above. Issues name the field as the
 * judgement does (`customer.postal_code`, or the carrier file's `customer.postalCode`);
 * the first message of a field is shown.
 */
export function recipientFieldErrors(issues: Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    if (!issue.field.startsWith("customer.")) continue;
    const name = issue.field
      .slice("customer.".length)
      .replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const field = recipientFormFields.find((known) => known === name);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
