import { z } from "zod";

/**
 * An order as a shop platform gave it, before any Japanese normalisation: what the
 * Shopify and Ecforce adapters produce from the platform's own answer (validated
 * here, since a shop API answer is outside input), and what the order normaliser
 * (core/src/entities/order/normalize.ts) turns into our customer and delivery. Text fields are
 * as the shop sent them (full-width digits, hyphen variants, kana and all).
 */
export const platforms = ["shopify", "ecforce"] as const;
export type Platform = (typeof platforms)[number];

const text = z.string().max(1000);

export const ImportedPerson = z.object({
  familyName: text,
  givenName: text.default(""),
  familyNameKana: text.default(""),
  givenNameKana: text.default(""),
  company: text.default(""),
  /** As typed: `100-0001`, `１００－０００１`, `1000001`. */
  postalCode: text,
  /** A prefecture name (東京都); adapters resolve platform codes such as `JP-13` to the name. */
  prefecture: text,
  city: text,
  address1: text,
  address2: text.default(""),
  phone: text.default(""),
});
export type ImportedPerson = z.infer<typeof ImportedPerson>;

export const ImportedLineItem = z.object({
  platformLineItemId: text,
  sku: text.default(""),
  name: text,
  quantity: z.number().int().min(0).max(100_000),
  /** Yen, tax included, per unit. */
  unitPrice: z.number().int().min(0),
});

/** Shopify's fulfillment orders, kept for the tracking upload (fulfillmentCreate by line item). */
export const ImportedFulfillmentOrder = z.object({
  id: text,
  status: text,
  lineItems: z.array(
    z.object({
      id: text,
      platformLineItemId: text,
      remainingQuantity: z.number().int().min(0),
      totalQuantity: z.number().int().min(0),
    }),
  ),
});

export const ImportedOrder = z.object({
  platform: z.enum(platforms),
  /** The platform's id: `gid://shopify/Order/5531…` or Ecforce's numeric id as a string. */
  platformOrderId: text.min(1),
  /** The number the merchant knows: `#1001` for Shopify, Ecforce's `number`. */
  orderNumber: text.min(1),
  purchasedAt: z.iso.datetime({ offset: true }),
  /** The platform's last change, to order concurrent updates of the same order. */
  platformUpdatedAt: z.iso.datetime({ offset: true }),
  email: text.default(""),
  purchaser: ImportedPerson,
  recipient: ImportedPerson,
  lineItems: z.array(ImportedLineItem).max(500),
  /** Yen, tax included. */
  totalAmount: z.number().int().min(0),
  /** Cash on delivery: the amount the carrier collects; null when the payment is not COD. */
  codAmount: z.number().int().min(0).nullable(),
  paymentMethodName: text.default(""),
  /** YYYY-MM-DD when the customer asked for a date. */
  requestedDeliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  /** The requested time as the shop wrote it (`14時～16時`, `午前中`, `14-16`); mapped by the normaliser. */
  requestedTimeSlot: text.nullable(),
  note: z.string().max(10_000).default(""),
  fulfillmentStatus: z.enum(["unfulfilled", "partially_fulfilled", "fulfilled"]),
  cancelled: z.boolean(),
  fulfillmentOrders: z.array(ImportedFulfillmentOrder).default([]),
});
export type ImportedOrder = z.infer<typeof ImportedOrder>;
