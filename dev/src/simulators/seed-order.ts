import type { StoredAddress } from "@okuru/core/address";

/**
 * One realistic Japanese order, platform-neutral: the generator in
 * `seed-orders.ts` makes them and each shop simulator renders them in its own
 * platform's shape (Shopify Admin GraphQL, Ecforce JSON:API). Text is as a customer
 * would type it: full-width digits, hyphen variants, old kanji, long buildings.
 * A person's `address1` is the town, block and number, `address2` the building and room.
 */
export type SeedPerson = {
  familyName: string;
  givenName: string;
  familyNameKana: string;
  givenNameKana: string;
  company: string;
} & Required<StoredAddress>;

export type SeedLineItem = { sku: string; name: string; quantity: number; unitPrice: number };

export type SeedOrder = {
  /** Shop order number (1001, 1002, …); Shopify names it `#1001`. */
  number: number;
  createdAt: string;
  email: string;
  purchaser: SeedPerson;
  /** The same as the purchaser, or another person for a gift order. */
  recipient: SeedPerson;
  lineItems: SeedLineItem[];
  shippingFee: number;
  payment: "credit_card" | "cod" | "bank_transfer" | "konbini";
  /** Requested delivery date, YYYY-MM-DD. */
  deliveryDate: string | null;
  /** The requested time as the shop's delivery-date app writes it, e.g. `14時～16時`, `午前中`. */
  deliveryTime: string | null;
  note: string;
  /** How far the order is fulfilled in the shop, or cancelled there. */
  state: "open" | "partially_fulfilled" | "fulfilled" | "cancelled";
};
