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
