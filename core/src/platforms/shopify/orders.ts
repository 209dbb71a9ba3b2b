import { prefectures } from "../../shared/text";
import { mapLimited } from "../../util/concurrency";
import { ImportedOrder } from "../imported-order";
import { type ClientOptions, graphql } from "./client";

/**
 * Reading a shop's orders (docs/platforms.md#shopify-orders): changed since a time, oldest change
 * first, 40 to a page with 5 line items each (922 cost points requested, under the
 * 1,000 a single query may cost; the rest of a longer order is read separately), each
 * mapped into the platform-neutral ImportedOrder and validated, since the answer is
 * outside input. Fulfilment orders are read when tracking numbers are uploaded, not here.
 *
 * Cost (docs/platforms.md#shopify-rate-limits: objects 1, connections 2 + first × node): an order is 1, its
 * totalPriceSet 2, two addresses 2, customAttributes 1, lineItems 2 + 5 × 3 = 17, so 23;
 * a page is 2 + 40 × 23 = 922. Most orders have at most 5 lines, so 40 orders with 5
 * lines read more orders per request than 20 with 10 (762 points): half the requests.
 */

export const ORDERS_PAGE_SIZE = 40;
export const LINE_ITEMS_PER_ORDER = 5;
/** Orders of one page whose further line items are read at once. */
const MORE_LINE_ITEMS_CONCURRENCY = 4;

/** A line item's fields, as a fragment here and inline in the bulk query (which takes no fragments). */
export const LINE_ITEM_FIELD_LIST =
  "id name sku quantity currentQuantity originalUnitPriceSet { shopMoney { amount } }";

const LINE_ITEM_FIELDS = /* GraphQL */ `
  fragment OkuruLineItem on LineItem {
    ${LINE_ITEM_FIELD_LIST}
  }
`;

/** An order's own fields, read alike by the paged query and the bulk query (bulk-orders.ts). */
export const ORDER_FIELDS = /* GraphQL */ `
  id
  name
  createdAt
  updatedAt
  cancelledAt
  displayFulfillmentStatus
  email
  phone
  note
  paymentGatewayNames
  customAttributes { key value }
  totalPriceSet { shopMoney { amount currencyCode } }
  shippingAddress { firstName lastName company address1 address2 city province provinceCode zip phone }
  billingAddress { firstName lastName company address1 address2 city province provinceCode zip phone }
`;

export const ORDERS_QUERY = /* GraphQL */ `
  ${LINE_ITEM_FIELDS}
  query OkuruOrders(
    $first: Int!
    $lines: Int = ${LINE_ITEMS_PER_ORDER}
    $after: String
    $query: String
    $reverse: Boolean = false
  ) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT, reverse: $reverse) {
      pageInfo { hasNextPage endCursor }
      nodes {
        ${ORDER_FIELDS}
        lineItems(first: $lines) { pageInfo { hasNextPage endCursor } nodes { ...OkuruLineItem } }
      }
    }
  }
`;

const MORE_LINE_ITEMS_QUERY = /* GraphQL */ `
  ${LINE_ITEM_FIELDS}
  query OkuruMoreLineItems($id: ID!, $after: String) {
    order(id: $id) { lineItems(first: 50, after: $after) { pageInfo { hasNextPage endCursor } nodes { ...OkuruLineItem } } }
  }
`;

/** A Shopify `MailingAddress` as the order queries read it (the simulator's store adds the country). */
export type MailingAddress = {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  phone: string | null;
};

export type ShopifyOrderNode = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFulfillmentStatus: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  paymentGatewayNames: string[];
  customAttributes: { key: string; value: string | null }[];
  totalPriceSet: { shopMoney: { amount: string } };
  shippingAddress: MailingAddress | null;
  billingAddress: MailingAddress | null;
  lineItems: {
    pageInfo?: { hasNextPage: boolean; endCursor: string | null };
    nodes: {
      id: string;
      name: string;
      sku: string | null;
      quantity: number;
      currentQuantity?: number;
      originalUnitPriceSet?: { shopMoney: { amount: string } };
    }[];
  };
};

const DATE_KEYS = [
  "配送希望日",
  "配達希望日",
  "お届け希望日",
  "お届け日",
  "delivery_date",
  "Delivery Date",
  "delivery-date",
];
const TIME_KEYS = [
  "配送希望時間帯",
  "配達希望時間帯",
  "配送希望時間",
  "お届け希望時間帯",
  "お届け時間帯",
  "delivery_time",
  "Delivery Time",
  "delivery-time",
];
const COD_GATEWAYS = /代金引換|代引|cash on delivery|\bcod\b/i;

/** The prefecture's name from Shopify's `JP-13` when the province text is missing or in English. */
function prefectureOf(address: MailingAddress): string {
  const code = address.provinceCode?.match(/^JP-(\d{2})$/);
  if (code) return prefectures[Number(code[1]) - 1] ?? address.province ?? "";
  return address.province ?? "";
}

function personOf(address: MailingAddress, fallbackPhone: string | null) {
  return {
    familyName: address.lastName ?? "",
    givenName: address.firstName ?? "",
    company: address.company ?? "",
    postalCode: address.zip ?? "",
    prefecture: prefectureOf(address),
    city: address.city ?? "",
    address1: address.address1 ?? "",
    address2: address.address2 ?? "",
    phone: address.phone ?? fallbackPhone ?? "",
  };
}

function attribute(node: ShopifyOrderNode, keys: string[]): string | null {
  const found = node.customAttributes.find((a) => keys.includes(a.key.trim()));
  return found?.value?.trim() || null;
}

/** `2026/11/24`, `2026-11-24`, `2026年11月24日` → `2026-11-24`. */
export function isoDate(value: string | null): string | null {
  if (!value) return null;
  const m = value
    .replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .match(/(\d{4})\s*[-/年.]\s*(\d{1,2})\s*[-/月.]\s*(\d{1,2})/);
  if (!m) return null;
  return `${m[1]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`;
}

function fromNote(note: string, label: RegExp): string | null {
  const m = note.match(label);
  return m?.[1]?.trim() || null;
}

const yen = (amount: string | undefined) => Math.round(Number(amount ?? 0));

export function toImportedOrder(node: ShopifyOrderNode): ImportedOrder {
  const shipping = node.shippingAddress ?? node.billingAddress;
  const billing = node.billingAddress ?? node.shippingAddress;
  const note = node.note ?? "";
  const total = yen(node.totalPriceSet.shopMoney.amount);
  const isCod = node.paymentGatewayNames.some((name) => COD_GATEWAYS.test(name));
  const empty: MailingAddress = {
    firstName: null,
    lastName: null,
    company: null,
    address1: null,
    address2: null,
    city: null,
    province: null,
    provinceCode: null,
    zip: null,
    phone: null,
  };
  return ImportedOrder.parse({
    platform: "shopify",
    platformOrderId: node.id,
    orderNumber: node.name,
    purchasedAt: node.createdAt,
    platformUpdatedAt: node.updatedAt,
    email: node.email ?? "",
    purchaser: personOf(billing ?? empty, node.phone),
    recipient: personOf(shipping ?? empty, node.phone),
    lineItems: node.lineItems.nodes.map((item) => ({
      platformLineItemId: item.id,
      sku: item.sku ?? "",
      name: item.name,
      quantity: item.currentQuantity ?? item.quantity,
      unitPrice: yen(item.originalUnitPriceSet?.shopMoney.amount),
    })),
    totalAmount: total,
    codAmount: isCod ? total : null,
    paymentMethodName: node.paymentGatewayNames.join(", "),
    requestedDeliveryDate: isoDate(
      attribute(node, DATE_KEYS) ?? fromNote(note, /(?:配送|配達|お届け)希望日\s*[:：]\s*([^\n]+)/),
    ),
    requestedTimeSlot:
      attribute(node, TIME_KEYS) ?? fromNote(note, /(?:配送|配達|お届け)希望時間(?:帯)?\s*[:：]\s*([^\n]+)/),
    note,
    fulfillmentStatus:
      node.displayFulfillmentStatus === "FULFILLED"
        ? "fulfilled"
        : node.displayFulfillmentStatus === "PARTIALLY_FULFILLED"
          ? "partially_fulfilled"
          : "unfulfilled",
    cancelled: node.cancelledAt !== null,
  });
}

export type OrdersPage = { orders: ImportedOrder[]; nextCursor: string | null };

/** The search the sync sends: orders changed since a time (Shopify's search syntax). */
export function ordersSearch(updatedSince: string | null): string {
  return updatedSince ? `updated_at:>='${updatedSince}'` : "";
}

/**
 * One page of the orders changed since `updatedSince`, oldest change first; `newestFirst`
 * turns the order round, and `size` and `linesPerOrder` ask for fewer orders or fewer
 * line items per order than a full page (a cheaper query: Shopify takes the requested
 * cost from the bucket before it answers). An order's lines beyond the first
 * `linesPerOrder` are read separately, so a smaller number loses nothing.
 */
export async function ordersPage(
  domain: string,
  accessToken: string,
  page: {
    cursor: string | null;
    updatedSince: string | null;
    newestFirst?: boolean;
    size?: number;
    linesPerOrder?: number;
  },
  options?: ClientOptions,
): Promise<OrdersPage> {
  const data = await graphql<{
    orders: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyOrderNode[] };
  }>(
    domain,
    accessToken,
    ORDERS_QUERY,
    {
      first: Math.min(page.size ?? ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE),
      lines: Math.min(page.linesPerOrder ?? LINE_ITEMS_PER_ORDER, LINE_ITEMS_PER_ORDER),
      after: page.cursor,
      query: ordersSearch(page.updatedSince),
      reverse: page.newestFirst ?? false,
    },
    options,
  );
  const longer = data.orders.nodes.filter((node) => node.lineItems.pageInfo?.hasNextPage);
  const readRest = async (node: ShopifyOrderNode) => {
    let after = node.lineItems.pageInfo?.endCursor ?? null;
    while (after) {
      const more = await graphql<{ order: { lineItems: ShopifyOrderNode["lineItems"] } }>(
        domain,
        accessToken,
        MORE_LINE_ITEMS_QUERY,
        { id: node.id, after },
        options,
      );
      node.lineItems.nodes.push(...more.order.lineItems.nodes);
      after = more.order.lineItems.pageInfo?.hasNextPage ? more.order.lineItems.pageInfo.endCursor : null;
    }
  };
  // Each longer order's lines are read in order, a few orders at once: the client waits
  // for the cost bucket before each query and retries one answered THROTTLED after the refill.
  await mapLimited(longer, MORE_LINE_ITEMS_CONCURRENCY, readRest);
  return {
    orders: data.orders.nodes.map(toImportedOrder),
    nextCursor: data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null,
  };
}
