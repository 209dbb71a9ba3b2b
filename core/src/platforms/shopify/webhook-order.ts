import { z } from "zod";
import type { ImportedOrder } from "../imported-order";
import { type MailingAddress, type ShopifyOrderNode, toImportedOrder } from "./orders";

/**
 * The order an order webhook carries (docs/platforms.md#shopify-order-webhooks): the REST
 * Admin API's order, snake_case, validated since the body is outside input even when
 * signed. It is rewritten into the GraphQL order the sync reads and mapped by the same
 * toImportedOrder, so a webhook and a sync of one order store the same thing.
 */

const nullableText = z.string().nullish();
const instant = z.iso.datetime({ offset: true });

const RestAddress = z.object({
  first_name: nullableText,
  last_name: nullableText,
  company: nullableText,
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  province: nullableText,
  province_code: nullableText,
  zip: nullableText,
  phone: nullableText,
});

const RestMoneySet = z.object({ shop_money: z.object({ amount: z.string() }) });

const RestLineItem = z.object({
  id: z.union([z.number(), z.string()]),
  admin_graphql_api_id: z.string().optional(),
  name: z.string(),
  sku: nullableText,
  quantity: z.number().int(),
  current_quantity: z.number().int().optional(),
  price: z.string().optional(),
  price_set: RestMoneySet.optional(),
});

export const RestOrder = z.object({
  admin_graphql_api_id: z.string().startsWith("gid://shopify/Order/"),
  name: z.string().min(1),
  created_at: instant,
  updated_at: instant,
  cancelled_at: instant.nullish(),
  fulfillment_status: nullableText,
  email: nullableText,
  phone: nullableText,
  note: nullableText,
  payment_gateway_names: z.array(z.string()).default([]),
  note_attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).default([]),
  total_price: z.string().optional(),
  total_price_set: RestMoneySet.optional(),
  shipping_address: RestAddress.nullish(),
  billing_address: RestAddress.nullish(),
  line_items: z.array(RestLineItem),
});
export type RestOrder = z.infer<typeof RestOrder>;

/**
 * GraphQL's DateTime is UTC to the second (`2026-11-24T03:00:00Z`) while REST writes the
 * shop's zone (`…T12:00:00+09:00`). Stored versions are compared as text, so a webhook's
 * time is written the way a sync's is, or the same instant would look like two versions.
 */
const asGraphqlTime = (value: string) => new Date(value).toISOString().replace(/\.000Z$/, "Z");

/** REST's order-level status (`null`, `partial`, `fulfilled`, `restocked`) as GraphQL's display status. */
function displayStatusOf(status: string | null | undefined): string {
  if (status === "fulfilled") return "FULFILLED";
  if (status === "partial") return "PARTIALLY_FULFILLED";
  return "UNFULFILLED";
}

function mailingAddressOf(address: z.infer<typeof RestAddress> | null | undefined): MailingAddress | null {
  if (!address) return null;
  return {
    firstName: address.first_name ?? null,
    lastName: address.last_name ?? null,
    company: address.company ?? null,
    address1: address.address1 ?? null,
    address2: address.address2 ?? null,
    city: address.city ?? null,
    province: address.province ?? null,
    provinceCode: address.province_code ?? null,
    zip: address.zip ?? null,
    phone: address.phone ?? null,
  };
}

function lineItemOf(item: z.infer<typeof RestLineItem>): ShopifyOrderNode["lineItems"]["nodes"][number] {
  const amount = item.price_set?.shop_money.amount ?? item.price;
  return {
    id: item.admin_graphql_api_id ?? `gid://shopify/LineItem/${item.id}`,
    name: item.name,
    sku: item.sku ?? null,
    quantity: item.quantity,
    currentQuantity: item.current_quantity,
    originalUnitPriceSet: amount === undefined ? undefined : { shopMoney: { amount } },
  };
}

/** The REST order as the GraphQL order node the sync maps. */
export function restToOrderNode(order: RestOrder): ShopifyOrderNode {
  return {
    id: order.admin_graphql_api_id,
    name: order.name,
    createdAt: asGraphqlTime(order.created_at),
    updatedAt: asGraphqlTime(order.updated_at),
    cancelledAt: order.cancelled_at ? asGraphqlTime(order.cancelled_at) : null,
    displayFulfillmentStatus: displayStatusOf(order.fulfillment_status),
    email: order.email ?? null,
    phone: order.phone ?? null,
    note: order.note ?? null,
    paymentGatewayNames: order.payment_gateway_names,
    customAttributes: order.note_attributes.map((a) => ({
      key: a.name,
      value: a.value === null || a.value === undefined ? null : String(a.value),
    })),
    totalPriceSet: {
      shopMoney: { amount: order.total_price_set?.shop_money.amount ?? order.total_price ?? "0" },
    },
    shippingAddress: mailingAddressOf(order.shipping_address),
    billingAddress: mailingAddressOf(order.billing_address),
    lineItems: { nodes: order.line_items.map(lineItemOf) },
  };
}

export type WebhookOrderReading = { ok: true; order: ImportedOrder } | { ok: false; reason: string };

/** The order of an order webhook's raw body, or why it cannot be read as one. */
export function webhookOrder(rawBody: string): WebhookOrderReading {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: "body is not JSON" };
  }
  const rest = RestOrder.safeParse(json);
  if (!rest.success) return { ok: false, reason: z.prettifyError(rest.error) };
  if (!rest.data.total_price_set && rest.data.total_price === undefined)
    return { ok: false, reason: "no total_price_set or total_price" };
  try {
    return { ok: true, order: toImportedOrder(restToOrderNode(rest.data)) };
  } catch (error) {
    return { ok: false, reason: error instanceof z.ZodError ? z.prettifyError(error) : String(error) };
  }
}
