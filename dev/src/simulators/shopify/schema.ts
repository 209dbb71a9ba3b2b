import { buildSchema, execute, GraphQLError } from "graphql";
import { type BulkOperations, checkBulkQuery, inSlices } from "./bulk";
import { BULK_SDL } from "./bulk-sdl";
import { prefectureCode, prefectureName } from "./prefectures";
import { SDL } from "./sdl";
import {
  addressName,
  decimal,
  displayFulfillmentStatus,
  fulfilledQuantity,
  gid,
  ids,
  isoUtc,
  type MailingAddress,
  matchesSearch,
  newFulfillmentOrder,
  newLineItem,
  parseGid,
  parseSearch,
  parseUrl,
  type ShopState,
  type StoredFulfillment,
  type StoredFulfillmentOrder,
  type StoredLineItem,
  type StoredOrder,
  type TokenRecord,
  type TrackingInfo,
  timeOf,
  trackingUrl,
  type WebhookSubscription,
} from "./store";

export const schema = buildSchema(SDL + BULK_SDL);

/** What a resolver sees: the shop, the caller's token, and how to announce changes. */
export type GraphQLContext = {
  shop: ShopState;
  token: TokenRecord;
  apiVersion: string;
  now: () => Date;
  /** Queue a webhook for an order event, e.g. `orders/create`. */
  emit: (topic: string, order: StoredOrder) => void;
  /** The simulator's bulk operations, and the origin their result files are served from. */
  bulk: BulkOperations;
  origin: string;
  /** Set while a bulk query executes: every connection then answers all its items, whatever its arguments. */
  bulkRead?: {
    /** Hands the top connection's nodes to graphql-js a slice at a time, so other requests get answered between. */
    inSlices: <V>(views: (() => V)[]) => Promise<V>[];
  };
};

// Access scopes ------------------------------------------------------------------------------

function hasScope(token: TokenRecord, scope: string): boolean {
  return (
    token.scopes.includes(scope) ||
    (scope.startsWith("read_") && token.scopes.includes(`write_${scope.slice(5)}`))
  );
}

function requireAccess(ctx: GraphQLContext, field: string, anyOf: string[]) {
  if (anyOf.some((s) => hasScope(ctx.token, s))) return;
  const required = anyOf.map((s) => `\`${s}\``).join(" or ");
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${required} access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: `${required} access scope.`,
    },
  });
}

const READ_FULFILLMENT_ORDERS = [
  "read_merchant_managed_fulfillment_orders",
  "read_assigned_fulfillment_orders",
  "read_third_party_fulfillment_orders",
];
const WRITE_FULFILLMENT_ORDERS = READ_FULFILLMENT_ORDERS.map((s) => s.replace(/^read_/, "write_"));

// Connections --------------------------------------------------------------------------------

type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
};
type SortKey = { id: number; value: number };

const encodeCursor = (k: SortKey) =>
  Buffer.from(JSON.stringify({ last_id: k.id, last_value: String(k.value) })).toString("base64");

function decodeCursor(cursor: string): SortKey {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64").toString("utf8")) as {
      last_id: unknown;
      last_value: unknown;
    };
    const id = Number(parsed.last_id);
    const value = Number(parsed.last_value);
    if (Number.isFinite(id) && Number.isFinite(value)) return { id, value };
  } catch {
    // fall through
  }
  throw new GraphQLError("Invalid cursor for current pagination sort.", {
    extensions: { code: "BAD_REQUEST" },
  });
}

const compareKeys = (a: SortKey, b: SortKey) => (a.value !== b.value ? a.value - b.value : a.id - b.id);

/** The `n` first of `items` in the order `compare` gives, in that order, without sorting the rest. */
function leading<T>(items: T[], n: number, compare: (a: T, b: T) => number): T[] {
  if (n >= items.length) return items.sort(compare);
  const kept: T[] = [];
  if (n <= 0) return kept;
  for (const item of items) {
    if (kept.length === n && compare(item, kept[n - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/**
 * How a connection reads in `ctx`: in a bulk query `first`, `last` and cursors mean nothing,
 * and the query's top connection (`top`) hands out its nodes in slices.
 */
const readingIn = (ctx: GraphQLContext, top = false) => ({
  everything: ctx.bulkRead !== undefined,
  inSlices: top ? ctx.bulkRead?.inSlices : undefined,
});
type Reading = ReturnType<typeof readingIn>;
const PAGE: Reading = { everything: false, inSlices: undefined };

export function paginate<T, V>(
  items: T[],
  given: PageArgs,
  key: (item: T) => SortKey,
  view: (item: T) => V,
  reading: Reading = PAGE,
) {
  const args = reading.everything ? { first: items.length, reverse: given.reverse } : given;
  const { first, last, after, before } = args;
  if (first == null && last == null) throw new GraphQLError("you must provide one of first or last");
  for (const [name, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (n != null && !reading.everything && (n < 0 || n > 250)) {
      throw new GraphQLError(`The ${name} argument must be between 0 and 250 inclusive.`, {
        extensions: { code: "BAD_REQUEST" },
      });
    }
  }
  const dir = args.reverse ? -1 : 1;
  const afterKey = after ? decodeCursor(after) : null;
  const beforeKey = before ? decodeCursor(before) : null;
  const keyed = items.map((item) => ({ item, key: key(item) }));
  const window = keyed.filter(
    (k) =>
      (!afterKey || dir * compareKeys(k.key, afterKey) > 0) &&
      (!beforeKey || dir * compareKeys(k.key, beforeKey) < 0),
  );
  // Only the page is put in order, never the whole window: a client paging through a
  // large shop asks for 40 of thousands each time. Keys are unique (the id breaks ties),
  // so this is the same page as sorting everything.
  const ascending = (a: (typeof keyed)[number], b: (typeof keyed)[number]) => dir * compareKeys(a.key, b.key);
  let page =
    first != null
      ? leading(window, first, ascending)
      : leading(window, last!, (a, b) => ascending(b, a)).reverse();
  if (first != null && last != null) page = page.slice(Math.max(0, page.length - last));
  const head = page[0];
  const tail = page[page.length - 1];
  const pageInfo = {
    // Whether any item of the whole (unwindowed) order comes after the page's last or before its first.
    hasNextPage:
      first != null
        ? window.length > page.length
        : !!tail && keyed.some((k) => dir * compareKeys(k.key, tail.key) > 0),
    hasPreviousPage:
      last != null
        ? window.length > page.length
        : !!head && keyed.some((k) => dir * compareKeys(k.key, head.key) < 0),
    startCursor: head ? encodeCursor(head.key) : null,
    endCursor: tail ? encodeCursor(tail.key) : null,
  };
  const { inSlices } = reading;
  if (inSlices) {
    // Made only when the query asks for them (a bulk query asks for one of the two), a slice
    // at a time: completing ten thousand edges at once would hold the event loop too.
    return {
      edges: () => inSlices(page.map((k) => () => ({ cursor: encodeCursor(k.key), node: view(k.item) }))),
      nodes: () => inSlices(page.map((k) => () => view(k.item))),
      pageInfo,
    };
  }
  const edges = page.map((k) => ({ cursor: encodeCursor(k.key), node: view(k.item) }));
  return { edges, nodes: edges.map((e) => e.node), pageInfo };
}

// Views: the Admin API objects, built from the shop's state ------------------------------------

const money = (amount: number, currencyCode = "JPY") => {
  const m = { amount: decimal(amount), currencyCode };
  return { shopMoney: m, presentmentMoney: m };
};

function addressView(a: MailingAddress, id: number) {
  return {
    ...a,
    id: `gid://shopify/MailingAddress/${id}?model_name=Address`,
    name: addressName(a),
    formatted: ({ withName, withCompany }: { withName?: boolean; withCompany?: boolean }) =>
      [
        withName ? addressName(a) : null,
        withCompany ? a.company : null,
        a.zip ? `〒${a.zip}` : null,
        `${a.province ?? ""}${a.city ?? ""}${a.address1 ?? ""}`,
        a.address2,
        "日本",
      ].filter((line): line is string => !!line),
  };
}

function lineItemView(li: StoredLineItem, o: StoredOrder) {
  return {
    id: gid("LineItem", li.numericId),
    name: li.title,
    title: li.title,
    sku: li.sku,
    quantity: li.quantity,
    currentQuantity: li.currentQuantity,
    unfulfilledQuantity: Math.max(0, li.currentQuantity - fulfilledQuantity(o, li.numericId)),
    requiresShipping: true,
    originalUnitPriceSet: money(li.unitPrice, o.currencyCode),
    variant: li.variantId
      ? { id: gid("ProductVariant", li.variantId), sku: li.sku, title: "Default Title" }
      : null,
  };
}

function fulfillmentOrderView(fo: StoredFulfillmentOrder, o: StoredOrder) {
  return {
    id: gid("FulfillmentOrder", fo.numericId),
    status: fo.status,
    requestStatus: fo.requestStatus,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    orderId: gid("Order", o.numericId),
    orderName: `#${o.number}`,
    assignedLocation: {
      name: fo.locationName,
      countryCode: "JP",
      province: "東京都",
      city: "千代田区",
      zip: "100-0001",
    },
    lineItems: (args: PageArgs, ctx: GraphQLContext) =>
      paginate(
        fo.lineItems,
        args,
        (l) => ({ id: l.numericId, value: l.numericId }),
        (l) => {
          const li = o.lineItems.find((x) => x.numericId === l.lineItemId)!;
          return {
            id: gid("FulfillmentOrderLineItem", l.numericId),
            remainingQuantity: l.remainingQuantity,
            totalQuantity: l.totalQuantity,
            sku: li.sku,
            lineItem: lineItemView(li, o),
          };
        },
        readingIn(ctx),
      ),
  };
}

function fulfillmentView(f: StoredFulfillment, o: StoredOrder) {
  return {
    id: gid("Fulfillment", f.numericId),
    legacyResourceId: String(f.numericId),
    name: `#${o.number}.${o.fulfillments.indexOf(f) + 1}`,
    status: f.status,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    trackingInfo: ({ first }: { first?: number | null }) => f.trackingInfo.slice(0, first ?? undefined),
    totalQuantity: f.lineItems.reduce((sum, l) => sum + l.quantity, 0),
  };
}

export function orderView(o: StoredOrder, ctx: GraphQLContext) {
  const subtotal = o.lineItems.reduce((sum, li) => sum + li.unitPrice * li.quantity, 0);
  const shipping = o.shippingLine?.price ?? 0;
  return {
    id: gid("Order", o.numericId),
    legacyResourceId: String(o.numericId),
    name: `#${o.number}`,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    processedAt: o.processedAt,
    cancelledAt: o.cancelledAt,
    cancelReason: o.cancelReason,
    closed: false,
    closedAt: null,
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: displayFulfillmentStatus(o),
    email: o.email,
    phone: o.phone,
    note: o.note,
    tags: o.tags,
    test: false,
    currencyCode: o.currencyCode,
    customAttributes: o.customAttributes,
    shippingAddress: o.shippingAddress && addressView(o.shippingAddress, o.numericId * 10 + 1),
    billingAddress: o.billingAddress && addressView(o.billingAddress, o.numericId * 10 + 2),
    shippingLine: o.shippingLine && {
      id: gid("ShippingLine", o.numericId),
      title: o.shippingLine.title,
      code: o.shippingLine.code,
      source: o.shippingLine.source,
      originalPriceSet: money(shipping, o.currencyCode),
    },
    totalPriceSet: money(subtotal + shipping, o.currencyCode),
    subtotalPriceSet: money(subtotal, o.currencyCode),
    totalShippingPriceSet: money(shipping, o.currencyCode),
    paymentGatewayNames: o.paymentGatewayNames,
    lineItems: (args: PageArgs) =>
      paginate(
        o.lineItems,
        args,
        (li) => ({ id: li.numericId, value: li.numericId }),
        (li) => lineItemView(li, o),
        readingIn(ctx),
      ),
    fulfillmentOrders: (args: PageArgs) => {
      requireAccess(ctx, "fulfillmentOrders", READ_FULFILLMENT_ORDERS);
      return paginate(
        o.fulfillmentOrders,
        args,
        (fo) => ({ id: fo.numericId, value: fo.numericId }),
        (fo) => fulfillmentOrderView(fo, o),
        readingIn(ctx),
      );
    },
    fulfillments: ({ first }: { first?: number | null }) =>
      o.fulfillments.slice(0, first ?? undefined).map((f) => fulfillmentView(f, o)),
  };
}

function webhookView(w: WebhookSubscription) {
  return {
    id: gid("WebhookSubscription", w.numericId),
    legacyResourceId: String(w.numericId),
    topic: w.topic,
    format: w.format,
    callbackUrl: w.callbackUrl,
    uri: w.callbackUrl,
    apiVersion: { handle: w.apiVersion, displayName: w.apiVersion, supported: true },
    includeFields: [],
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    endpoint: { __typename: "WebhookHttpEndpoint", callbackUrl: w.callbackUrl },
  };
}

// Order lookups ------------------------------------------------------------------------------

const orderSortValue: Record<string, (o: StoredOrder) => number> = {
  CREATED_AT: (o) => timeOf(o, "createdAt"),
  UPDATED_AT: (o) => timeOf(o, "updatedAt"),
  PROCESSED_AT: (o) => timeOf(o, "processedAt"),
  ORDER_NUMBER: (o) => o.number,
  ID: (o) => o.numericId,
};

/** The record a gid of `type` names among each order's `records`, with its order; null when none has it. */
function findInOrders<T extends { numericId: number }>(
  shop: ShopState,
  id: string,
  type: string,
  records: (order: StoredOrder) => T[],
) {
  const n = parseGid(id, type);
  for (const order of shop.orders) {
    const record = records(order).find((r) => r.numericId === n);
    if (record) return { order, record };
  }
  return null;
}

const findFulfillmentOrder = (shop: ShopState, id: string) =>
  findInOrders(shop, id, "FulfillmentOrder", (order) => order.fulfillmentOrders);
const findFulfillment = (shop: ShopState, id: string) =>
  findInOrders(shop, id, "Fulfillment", (order) => order.fulfillments);

function refreshFulfillmentOrderStatus(fo: StoredFulfillmentOrder) {
  const remaining = fo.lineItems.reduce((sum, l) => sum + l.remainingQuantity, 0);
  const total = fo.lineItems.reduce((sum, l) => sum + l.totalQuantity, 0);
  fo.status = remaining === 0 ? "CLOSED" : remaining === total ? "OPEN" : "IN_PROGRESS";
}

type TrackingInput = {
  company?: string | null;
  number?: string | null;
  numbers?: string[] | null;
  url?: string | null;
  urls?: string[] | null;
};

function trackingFrom(input: TrackingInput | null | undefined): TrackingInfo[] {
  if (!input) return [];
  const company = input.company ?? null;
  const numbers = input.numbers?.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls?.length ? input.urls : input.url ? [input.url] : [];
  if (numbers.length === 0) return urls.map((url) => ({ company, number: null, url }));
  return numbers.map((number, i) => ({ company, number, url: urls[i] ?? trackingUrl(company, number) }));
}

type AddressInput = Partial<Record<keyof MailingAddress | "countryCode", string | null>>;

function addressFromInput(a: AddressInput | null | undefined): MailingAddress | null {
  if (!a) return null;
  const code = a.provinceCode ? (prefectureName(a.provinceCode) ? a.provinceCode.toUpperCase() : null) : null;
  const provinceCode = code ?? (a.province ? prefectureCode(a.province) : null);
  return {
    firstName: a.firstName ?? null,
    lastName: a.lastName ?? null,
    company: a.company ?? null,
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    city: a.city ?? null,
    province: provinceCode ? prefectureName(provinceCode) : (a.province ?? null),
    provinceCode,
    zip: a.zip ?? null,
    country: "Japan",
    countryCodeV2: a.countryCode ?? "JP",
    phone: a.phone ?? null,
  };
}

type OrderCreateInput = {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  tags?: string[] | null;
  currency?: string | null;
  processedAt?: string | null;
  financialStatus?: string | null;
  shippingAddress?: AddressInput | null;
  billingAddress?: AddressInput | null;
  lineItems?:
    | {
        title?: string | null;
        sku?: string | null;
        quantity: number;
        priceSet?: { shopMoney: { amount: string } } | null;
      }[]
    | null;
  shippingLines?:
    | {
        title: string;
        code?: string | null;
        source?: string | null;
        priceSet: { shopMoney: { amount: string } };
      }[]
    | null;
  customAttributes?: { key: string; value: string }[] | null;
  transactions?: { gateway?: string | null; kind?: string | null; status?: string | null }[] | null;
};

type FulfillmentInput = {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
  }[];
  notifyCustomer?: boolean | null;
  trackingInfo?: TrackingInput | null;
};

const WEBHOOK_TOPICS: Record<string, string> = {
  APP_UNINSTALLED: "app/uninstalled",
  ORDERS_CREATE: "orders/create",
  ORDERS_UPDATED: "orders/updated",
  ORDERS_CANCELLED: "orders/cancelled",
  ORDERS_FULFILLED: "orders/fulfilled",
  ORDERS_PARTIALLY_FULFILLED: "orders/partially_fulfilled",
  FULFILLMENTS_CREATE: "fulfillments/create",
  FULFILLMENTS_UPDATE: "fulfillments/update",
  BULK_OPERATIONS_FINISH: "bulk_operations/finish",
};

/** `ORDERS_CREATE` → `orders/create`. */
export const topicPath = (topic: string) => WEBHOOK_TOPICS[topic] ?? topic.toLowerCase().replace("_", "/");

// Root resolvers -----------------------------------------------------------------------------

const userError = (field: string[] | null, message: string) => ({ field, message });

export const rootValue = {
  shop: (_: unknown, ctx: GraphQLContext) => ({
    id: gid("Shop", ctx.shop.numericId),
    name: ctx.shop.name,
    myshopifyDomain: ctx.shop.domain,
    email: `owner@${ctx.shop.domain}`,
    currencyCode: "JPY",
    ianaTimezone: "Asia/Tokyo",
  }),

  currentAppInstallation: (_: unknown, ctx: GraphQLContext) => ({
    id: gid("AppInstallation", ctx.shop.numericId),
    accessScopes: ctx.token.scopes.map((handle) => ({ handle, description: handle })),
  }),

  order: ({ id }: { id: string }, ctx: GraphQLContext) => {
    requireAccess(ctx, "order", ["read_orders"]);
    const n = parseGid(id, "Order");
    const o = ctx.shop.orders.find((x) => x.numericId === n);
    return o ? orderView(o, ctx) : null;
  },

  orders: (args: PageArgs & { query?: string | null; sortKey?: string }, ctx: GraphQLContext) => {
    requireAccess(ctx, "orders", ["read_orders"]);
    const terms = parseSearch(args.query);
    const value = orderSortValue[args.sortKey ?? "ID"] ?? orderSortValue.ID!;
    return paginate(
      ctx.shop.orders.filter((o) => matchesSearch(o, terms)),
      args,
      (o) => ({ id: o.numericId, value: value(o) }),
      (o) => orderView(o, ctx),
      readingIn(ctx, true),
    );
  },

  ordersCount: ({ query, limit }: { query?: string | null; limit?: number | null }, ctx: GraphQLContext) => {
    requireAccess(ctx, "ordersCount", ["read_orders"]);
    const terms = parseSearch(query);
    const count = ctx.shop.orders.filter((o) => matchesSearch(o, terms)).length;
    const cap = limit ?? 10000;
    return { count: Math.min(count, cap), precision: count > cap ? "AT_LEAST" : "EXACT" };
  },

  fulfillmentOrder: ({ id }: { id: string }, ctx: GraphQLContext) => {
    requireAccess(ctx, "fulfillmentOrder", READ_FULFILLMENT_ORDERS);
    const found = findFulfillmentOrder(ctx.shop, id);
    return found ? fulfillmentOrderView(found.record, found.order) : null;
  },

  webhookSubscription: ({ id }: { id: string }, ctx: GraphQLContext) => {
    const n = parseGid(id, "WebhookSubscription");
    const w = ctx.shop.webhookSubscriptions.find((x) => x.numericId === n);
    return w ? webhookView(w) : null;
  },

  webhookSubscriptions: (
    args: PageArgs & { topics?: string[] | null; callbackUrl?: string | null; uri?: string | null },
    ctx: GraphQLContext,
  ) => {
    const url = args.callbackUrl ?? args.uri;
    const list = ctx.shop.webhookSubscriptions.filter(
      (w) => (!args.topics?.length || args.topics.includes(w.topic)) && (!url || w.callbackUrl === url),
    );
    return paginate(
      list,
      args,
      (w) => ({ id: w.numericId, value: w.numericId }),
      webhookView,
      readingIn(ctx, true),
    );
  },

  orderCreate: ({ order: input }: { order: OrderCreateInput }, ctx: GraphQLContext) => {
    requireAccess(ctx, "orderCreate", ["write_orders"]);
    const errors: { field: string[]; message: string; code: string }[] = [];
    const items = input.lineItems ?? [];
    if (items.length === 0) {
      errors.push({
        field: ["order", "lineItems"],
        message: "Line items must have at least one line item",
        code: "INVALID",
      });
    }
    items.forEach((li, i) => {
      if (li.quantity < 1) {
        errors.push({
          field: ["order", "lineItems", String(i), "quantity"],
          message: "Quantity must be greater than or equal to 1",
          code: "INVALID",
        });
      }
      if (!li.title && !li.sku) {
        errors.push({
          field: ["order", "lineItems", String(i), "title"],
          message: "Title can't be blank",
          code: "BLANK",
        });
      }
    });
    if (errors.length) return { order: null, userErrors: errors };
    const shop = ctx.shop;
    const now = isoUtc(ctx.now());
    const lineItems = items.map((li) =>
      newLineItem(shop, {
        title: li.title ?? li.sku ?? "",
        sku: li.sku ?? null,
        quantity: li.quantity,
        unitPrice: Number(li.priceSet?.shopMoney.amount ?? 0),
      }),
    );
    const transactions = input.transactions ?? [];
    const paid = transactions.some(
      (t) => (t.kind ?? "SALE") !== "AUTHORIZATION" && (t.status ?? "SUCCESS") === "SUCCESS",
    );
    const authorized = transactions.some((t) => t.kind === "AUTHORIZATION");
    const shippingLine = input.shippingLines?.[0];
    const order: StoredOrder = {
      numericId: ids.order.next(),
      number: shop.orders.reduce((max, o) => Math.max(max, o.number), 1000) + 1,
      createdAt: now,
      updatedAt: now,
      processedAt: input.processedAt ? isoUtc(input.processedAt) : now,
      cancelledAt: null,
      cancelReason: null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      note: input.note ?? null,
      customAttributes: (input.customAttributes ?? []).map((a) => ({ key: a.key, value: a.value })),
      shippingAddress: addressFromInput(input.shippingAddress),
      billingAddress: addressFromInput(input.billingAddress),
      shippingLine: shippingLine
        ? {
            title: shippingLine.title,
            code: shippingLine.code ?? shippingLine.title,
            source: shippingLine.source ?? "shopify",
            price: Number(shippingLine.priceSet.shopMoney.amount),
          }
        : null,
      currencyCode: input.currency ?? "JPY",
      financialStatus: (input.financialStatus ??
        (paid ? "PAID" : authorized ? "AUTHORIZED" : "PENDING")) as StoredOrder["financialStatus"],
      paymentGatewayNames: [...new Set(transactions.map((t) => t.gateway).filter((g): g is string => !!g))],
      tags: input.tags ?? [],
      lineItems,
      fulfillmentOrders: [newFulfillmentOrder(lineItems)],
      fulfillments: [],
    };
    shop.orders.push(order);
    ctx.emit("orders/create", order);
    return { order: orderView(order, ctx), userErrors: [] };
  },

  fulfillmentCreate: (
    { fulfillment: input, message }: { fulfillment: FulfillmentInput; message?: string | null },
    ctx: GraphQLContext,
  ) => {
    requireAccess(ctx, "fulfillmentCreate", WRITE_FULFILLMENT_ORDERS);
    const fail = (field: string[] | null, msg: string) => ({
      fulfillment: null,
      userErrors: [userError(field, msg)],
    });
    const groups = input.lineItemsByFulfillmentOrder;
    if (groups.length === 0) {
      return fail(
        ["fulfillment", "lineItemsByFulfillmentOrder"],
        "Line items by fulfillment order can't be blank.",
      );
    }
    let order: StoredOrder | null = null;
    const plan: {
      fo: StoredFulfillmentOrder;
      foli: StoredFulfillmentOrder["lineItems"][number];
      quantity: number;
    }[] = [];
    for (const group of groups) {
      const found = findFulfillmentOrder(ctx.shop, group.fulfillmentOrderId);
      if (!found) return fail(["fulfillment"], "Fulfillment order does not exist.");
      if (order && order !== found.order) {
        return fail(["fulfillment"], "All fulfillment orders must belong to the same order.");
      }
      order = found.order;
      const { record: fo } = found;
      if (fo.status === "CLOSED" || fo.status === "CANCELLED" || order.cancelledAt) {
        return fail(
          ["fulfillment"],
          `Fulfillment order ${gid("FulfillmentOrder", fo.numericId)} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
        );
      }
      if (group.fulfillmentOrderLineItems?.length) {
        for (const item of group.fulfillmentOrderLineItems) {
          const n = parseGid(item.id, "FulfillmentOrderLineItem");
          const foli = fo.lineItems.find((l) => l.numericId === n);
          if (!foli) return fail(["fulfillment"], "Fulfillment order line item does not exist.");
          if (item.quantity < 1 || item.quantity > foli.remainingQuantity) {
            return fail(["fulfillment"], "Invalid fulfillment order line item quantity requested.");
          }
          plan.push({ fo, foli, quantity: item.quantity });
        }
      } else {
        for (const foli of fo.lineItems) {
          if (foli.remainingQuantity > 0) plan.push({ fo, foli, quantity: foli.remainingQuantity });
        }
      }
    }
    if (!order || plan.length === 0)
      return fail(["fulfillment"], "Fulfillment order has no line items to fulfill.");
    const now = isoUtc(ctx.now());
    for (const step of plan) step.foli.remainingQuantity -= step.quantity;
    for (const fo of new Set(plan.map((p) => p.fo))) refreshFulfillmentOrderStatus(fo);
    const fulfillment: StoredFulfillment = {
      numericId: ids.fulfillment.next(),
      status: "SUCCESS",
      createdAt: now,
      updatedAt: now,
      trackingInfo: trackingFrom(input.trackingInfo),
      notifyCustomer: input.notifyCustomer ?? false,
      message: message ?? null,
      lineItems: plan.map((p) => ({
        fulfillmentOrderId: p.fo.numericId,
        fulfillmentOrderLineItemId: p.foli.numericId,
        lineItemId: p.foli.lineItemId,
        quantity: p.quantity,
      })),
    };
    order.fulfillments.push(fulfillment);
    order.updatedAt = now;
    const status = displayFulfillmentStatus(order);
    ctx.emit("orders/updated", order);
    ctx.emit(status === "FULFILLED" ? "orders/fulfilled" : "orders/partially_fulfilled", order);
    ctx.emit("fulfillments/create", order);
    return { fulfillment: fulfillmentView(fulfillment, order), userErrors: [] };
  },

  fulfillmentTrackingInfoUpdate: (
    { fulfillmentId, trackingInfoInput }: { fulfillmentId: string; trackingInfoInput: TrackingInput },
    ctx: GraphQLContext,
  ) => {
    requireAccess(ctx, "fulfillmentTrackingInfoUpdate", WRITE_FULFILLMENT_ORDERS);
    const found = findFulfillment(ctx.shop, fulfillmentId);
    if (!found)
      return { fulfillment: null, userErrors: [userError(["fulfillmentId"], "Fulfillment does not exist.")] };
    const now = isoUtc(ctx.now());
    found.record.trackingInfo = trackingFrom(trackingInfoInput);
    found.record.updatedAt = now;
    found.order.updatedAt = now;
    ctx.emit("fulfillments/update", found.order);
    ctx.emit("orders/updated", found.order);
    return { fulfillment: fulfillmentView(found.record, found.order), userErrors: [] };
  },

  fulfillmentCancel: ({ id }: { id: string }, ctx: GraphQLContext) => {
    requireAccess(ctx, "fulfillmentCancel", WRITE_FULFILLMENT_ORDERS);
    const found = findFulfillment(ctx.shop, id);
    if (!found) return { fulfillment: null, userErrors: [userError(["id"], "Fulfillment does not exist.")] };
    const { order, record: fulfillment } = found;
    if (fulfillment.status === "CANCELLED") {
      return { fulfillment: null, userErrors: [userError(["id"], "Fulfillment is already cancelled.")] };
    }
    const now = isoUtc(ctx.now());
    fulfillment.status = "CANCELLED";
    fulfillment.updatedAt = now;
    for (const l of fulfillment.lineItems) {
      const fo = order.fulfillmentOrders.find((f) => f.numericId === l.fulfillmentOrderId);
      const foli = fo?.lineItems.find((x) => x.numericId === l.fulfillmentOrderLineItemId);
      if (fo && foli) {
        foli.remainingQuantity += l.quantity;
        refreshFulfillmentOrderStatus(fo);
      }
    }
    order.updatedAt = now;
    ctx.emit("fulfillments/update", order);
    ctx.emit("orders/updated", order);
    return { fulfillment: fulfillmentView(fulfillment, order), userErrors: [] };
  },

  webhookSubscriptionCreate: (
    {
      topic,
      webhookSubscription: input,
    }: {
      topic: string;
      webhookSubscription: { callbackUrl?: string | null; uri?: string | null; format?: string | null };
    },
    ctx: GraphQLContext,
  ) => {
    const fail = (message: string) => ({
      webhookSubscription: null,
      userErrors: [userError(["webhookSubscription", "callbackUrl"], message)],
    });
    const url = input.callbackUrl ?? input.uri;
    if (!url) return fail("Address can't be blank");
    const parsed = parseUrl(url);
    if (!parsed) return fail("Address is invalid");
    // Real Shopify wants https (or pubsub:// / arn:); plain http is let through for local receivers.
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
      return fail(`Address protocol ${parsed.protocol}// is not supported`);
    }
    if (ctx.shop.webhookSubscriptions.some((w) => w.topic === topic && w.callbackUrl === url)) {
      return fail("Address for this topic has already been taken");
    }
    const now = isoUtc(ctx.now());
    const sub: WebhookSubscription = {
      numericId: ids.webhook.next(),
      topic,
      callbackUrl: url,
      format: (input.format as "JSON" | "XML" | null) ?? "JSON",
      apiVersion: ctx.apiVersion,
      createdAt: now,
      updatedAt: now,
    };
    ctx.shop.webhookSubscriptions.push(sub);
    return { webhookSubscription: webhookView(sub), userErrors: [] };
  },

  currentBulkOperation: ({ type }: { type?: string }, ctx: GraphQLContext) =>
    type === "MUTATION" ? null : ctx.bulk.current(ctx.shop.domain),

  node: ({ id }: { id: string }, ctx: GraphQLContext) => {
    if (parseGid(id, "BulkOperation") !== null) return ctx.bulk.find(ctx.shop.domain, id);
    if (parseGid(id, "Order") === null || !hasScope(ctx.token, "read_orders")) return null;
    const o = ctx.shop.orders.find((x) => x.numericId === parseGid(id, "Order"));
    return o ? { __typename: "Order", ...orderView(o, ctx) } : null;
  },

  bulkOperationRunQuery: ({ query }: { query: string }, ctx: GraphQLContext) => {
    const checked = checkBulkQuery(schema, query);
    if ("error" in checked)
      return {
        bulkOperation: null,
        userErrors: [{ field: ["query"], message: checked.error, code: "INVALID" }],
      };
    // Answered now, executed in the background: 10,000 orders take about a second, which
    // would hold every other request to the simulator (webhooks, paged reads) meanwhile.
    return ctx.bulk.start({
      shop: ctx.shop.domain,
      query,
      apiVersion: ctx.apiVersion,
      origin: ctx.origin,
      execute: async (stillWanted) => {
        const bulkRead: GraphQLContext["bulkRead"] = { inSlices: (views) => inSlices(views, stillWanted) };
        return execute({ schema, document: checked.document, rootValue, contextValue: { ...ctx, bulkRead } });
      },
    });
  },

  bulkOperationCancel: ({ id }: { id: string }, ctx: GraphQLContext) => ctx.bulk.cancel(ctx.shop.domain, id),

  webhookSubscriptionDelete: ({ id }: { id: string }, ctx: GraphQLContext) => {
    const n = parseGid(id, "WebhookSubscription");
    const i = ctx.shop.webhookSubscriptions.findIndex((w) => w.numericId === n);
    if (i < 0) {
      return {
        deletedWebhookSubscriptionId: null,
        userErrors: [userError(["id"], "Webhook subscription does not exist")],
      };
    }
    ctx.shop.webhookSubscriptions.splice(i, 1);
    return { deletedWebhookSubscriptionId: id, userErrors: [] };
  },
};
