import type { Order, OrderCustomerUpdateReq } from "../../lib/api";
import { addressValues } from "../forms/AddressFields";

type Issue = Order["errors"][number];

/** The recipient's fields a carrier's character rule names, as the issue's field names them. */
const recipientFields = ["name", "company", "city", "address1", "address2"] as const;

/**
 * The recipient as corrected by an issue's offered replacement (髙 → 高 for Yamato, 鷗 → 鴎
 * for every carrier): the whole お届け先 as it stands with the one field replaced, ready for
 * PUT /orders/{id}/customer. None when the issue offers no replacement for a recipient field.
 */
export function recipientWithReplacement(order: Order, issue: Issue): OrderCustomerUpdateReq | null {
  if (issue.replacement === undefined) return null;
  const field = recipientFields.find((name) => issue.field === `customer.${name}`);
  if (!field) return null;
  const customer = order.customer;
  const address = addressValues(customer);
  return {
    name: customer.name,
    name_kana: customer.nameKana,
    company: customer.company,
    ...address,
    // As stored, so a known prefecture (the replacement touches names and addresses, not it).
    prefecture: address.prefecture as OrderCustomerUpdateReq["prefecture"],
    phone: customer.phone,
    [field]: issue.replacement,
  };
}
