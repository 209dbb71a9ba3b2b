import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { prefectures } from "@okuru/core/shared/text";
import {
  buildSchema,
  type DocumentNode,
  type FieldNode,
  GraphQLError,
  graphql,
  Kind,
  parse,
  type SelectionSetNode,
  validate,
} from "graphql";
import { Hono } from "hono";
import type { SeedOrder, SeedPerson } from "./seed-order";

/**
 * A local Shopify: a contract fake of the parts of the platform the product uses,
 * answering in Shopify's own shapes, so pointing the product at a real shop changes
 * only its URL and credentials (carriers.md §6). One process serves many shops by
 * path: `https://{shop}/admin/…` is `{origin}/{shop}/admin/…` here.
 *
 * - OAuth authorization code grant: the consent page, the signed return (hex HMAC over
 *   the sorted query), the token endpoint with expiring offline tokens and refresh.
 * - Admin GraphQL (graphql-js over an SDL subset with Shopify's names): orders with the
 *   search syntax and cursor paging, fulfillment orders, fulfillmentCreate,
 *   orderCreate, webhook subscriptions; cost-based throttling answered in Shopify's
 *   form (`extensions.cost`, `THROTTLED`, `MAX_COST_EXCEEDED`).
 * - Webhooks delivered with `X-Shopify-Hmac-Sha256` over the raw body.
 */

const SDL = /* GraphQL */ `
  scalar DateTime
  scalar URL
  scalar Decimal

  enum OrderSortKeys { CREATED_AT UPDATED_AT ID PROCESSED_AT ORDER_NUMBER }
  enum WebhookSubscriptionTopic { ORDERS_CREATE ORDERS_UPDATED ORDERS_CANCELLED ORDERS_FULFILLED APP_UNINSTALLED }
  enum WebhookSubscriptionFormat { JSON XML }

  type Query {
    shop: Shop!
    orders(first: Int, after: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection!
    order(id: ID!): Order
    webhookSubscriptions(first: Int, after: String): WebhookSubscriptionConnection!
  }

  type Mutation {
    orderCreate(order: OrderCreateOrderInput!): OrderCreatePayload
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  }

  type Shop { name: String! myshopifyDomain: String! }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type UserError { field: [String!] message: String! }

  type OrderConnection { nodes: [Order!]! edges: [OrderEdge!]! pageInfo: PageInfo! }
  type OrderEdge { cursor: String! node: Order! }
  type Order {
    id: ID!
    legacyResourceId: String!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    displayFinancialStatus: String
    displayFulfillmentStatus: String!
    email: String
    phone: String
    note: String
    paymentGatewayNames: [String!]!
    customAttributes: [Attribute!]!
    totalPriceSet: MoneyBag!
    shippingAddress: MailingAddress
    billingAddress: MailingAddress
    shippingLine: ShippingLine
    lineItems(first: Int, after: String): LineItemConnection!
    fulfillmentOrders(first: Int, after: String): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
  }
  type Attribute { key: String! value: String }
  type MoneyBag { shopMoney: MoneyV2! }
  type MoneyV2 { amount: Decimal! currencyCode: String! }
  type MailingAddress {
    firstName: String lastName: String name: String company: String
    address1: String address2: String city: String province: String provinceCode: String
    zip: String countryCodeV2: String phone: String
  }
  type ShippingLine { title: String! code: String source: String }
  type LineItemConnection { nodes: [LineItem!]! pageInfo: PageInfo! }
  type LineItem {
    id: ID! name: String! sku: String quantity: Int! currentQuantity: Int!
    originalUnitPriceSet: MoneyBag! variant: ProductVariant
  }
  type ProductVariant { id: ID! sku: String }
  type FulfillmentOrderConnection { nodes: [FulfillmentOrder!]! pageInfo: PageInfo! }
  type FulfillmentOrder {
    id: ID! status: String! requestStatus: String!
    assignedLocation: FulfillmentOrderAssignedLocation!
    lineItems(first: Int, after: String): FulfillmentOrderLineItemConnection!
  }
  type FulfillmentOrderAssignedLocation { name: String! }
  type FulfillmentOrderLineItemConnection { nodes: [FulfillmentOrderLineItem!]! pageInfo: PageInfo! }
  type FulfillmentOrderLineItem { id: ID! remainingQuantity: Int! totalQuantity: Int! lineItem: LineItem! }
  type Fulfillment { id: ID! status: String! trackingInfo(first: Int): [FulfillmentTrackingInfo!]! }
  type FulfillmentTrackingInfo { company: String number: String url: URL }

  input AttributeInput { key: String! value: String! }
  input MailingAddressInput {
    firstName: String lastName: String company: String address1: String address2: String
    city: String province: String provinceCode: String zip: String countryCode: String phone: String
  }
  input MoneyInput { amount: Decimal! currencyCode: String! }
  input MoneyBagInput { shopMoney: MoneyInput! }
  input OrderCreateLineItemInput { title: String sku: String quantity: Int! priceSet: MoneyBagInput }
  input OrderCreateOrderTransactionInput { gateway: String amountSet: MoneyBagInput kind: String status: String }
  input OrderCreateOrderInput {
    email: String phone: String note: String
    shippingAddress: MailingAddressInput billingAddress: MailingAddressInput
    lineItems: [OrderCreateLineItemInput!]
    customAttributes: [AttributeInput!]
    transactions: [OrderCreateOrderTransactionInput!]
  }
  type OrderCreatePayload { order: Order userErrors: [UserError!]! }

  input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
  input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
  input FulfillmentTrackingInput { company: String number: String numbers: [String!] url: URL urls: [URL!] }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    trackingInfo: FulfillmentTrackingInput
    notifyCustomer: Boolean
  }
  type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }

  input WebhookSubscriptionInput { callbackUrl: URL! format: WebhookSubscriptionFormat }
  type WebhookHttpEndpoint { callbackUrl: URL! }
  union WebhookSubscriptionEndpoint = WebhookHttpEndpoint
  type WebhookSubscription { id: ID! topic: WebhookSubscriptionTopic! endpoint: WebhookSubscriptionEndpoint! }
  type WebhookSubscriptionConnection { nodes: [WebhookSubscription!]! pageInfo: PageInfo! }
  type WebhookSubscriptionCreatePayload { webhookSubscription: WebhookSubscription userErrors: [UserError!]! }
  type WebhookSubscriptionDeletePayload { deletedWebhookSubscriptionId: ID userErrors: [UserError!]! }
`;

const schema = buildSchema(SDL);
// Union members need a type name; there is one kind of endpoint.
(schema.getType("WebhookSubscriptionEndpoint") as unknown as { resolveType: () => string }).resolveType =
  () => "WebhookHttpEndpoint";

export const API_VERSIONS = ["2025-01", "2025-04", "2025-07", "2025-10", "2026-01"];
const MAX_QUERY_COST = 1000;

type SimLineItem = {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  remaining: number;
  price: number;
};
type SimFulfillment = {
  id: number;
  lineItems: { id: number; quantity: number }[];
  tracking: { company: string | null; number: string | null; url: string | null }[];
};
export type SimOrder = {
  id: number;
  number: number;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  email: string;
  phone: string;
  note: string;
  gateway: string;
  shippingFee: number;
  attributes: { key: string; value: string }[];
  shipping: SeedPerson;
  billing: SeedPerson;
  lineItems: SimLineItem[];
  fulfillments: SimFulfillment[];
};
type AddressInput = Partial<
  Record<
    | "firstName"
    | "lastName"
    | "company"
    | "address1"
    | "address2"
    | "city"
    | "province"
    | "provinceCode"
    | "zip"
    | "phone",
    string
  >
>;
type OrderInput = {
  email?: string;
  phone?: string;
  note?: string;
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  lineItems?: {
    title?: string;
    sku?: string;
    quantity: number;
    priceSet?: { shopMoney: { amount: string } };
  }[];
  customAttributes?: { key: string; value: string }[];
  transactions?: { gateway?: string }[];
};
type FulfillmentInput = {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[];
  }[];
  trackingInfo?: { company?: string; number?: string; numbers?: string[]; url?: string; urls?: string[] };
  notifyCustomer?: boolean;
};
type Subscription = { id: number; topic: string; callbackUrl: string };
type Token = { shop: string; expiresAt: number | null; kind: "app" | "admin" };
export type WebhookDelivery = { topic: string; url: string; status: number | null; error?: string };

type ShopState = {
  domain: string;
  bucket?: { maximumAvailable: number; restoreRate: number };
  name: string;
  orders: SimOrder[];
  subscriptions: Subscription[];
  deliveries: WebhookDelivery[];
  nextId: number;
  nextNumber: number;
};

export type ShopifySimulatorOptions = {
  clientId: string;
  clientSecret: string;
  now?: () => Date;
  /** The app's cost bucket per shop; Shopify's standard plan restores 100 points a second. */
  bucket?: { maximumAvailable: number; restoreRate: number };
};

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const idOf = (value: string) => Number(value.match(/\/(\d+)$/)?.[1] ?? value);

function provinceCode(prefecture: string): string {
  const index = prefectures.indexOf(prefecture as (typeof prefectures)[number]);
  return index >= 0 ? `JP-${String(index + 1).padStart(2, "0")}` : "";
}

function mailingAddress(person: SeedPerson) {
  return {
    firstName: person.givenName,
    lastName: person.familyName,
    name: `${person.familyName} ${person.givenName}`.trim(),
    company: person.company || null,
    address1: person.address1,
    address2: person.address2 || null,
    city: person.city,
    province: person.prefecture,
    provinceCode: provinceCode(person.prefecture),
    zip: person.postalCode,
    countryCodeV2: "JP",
    phone: person.phone || null,
  };
}

const GATEWAYS: Record<SeedOrder["payment"], string> = {
  credit_card: "shopify_payments",
  cod: "代金引換",
  bank_transfer: "銀行振込",
  konbini: "コンビニ決済",
};

/** Shopify's search syntax, the subset the product and a curious user send. */
function matchesSearch(order: SimOrder, query: string | null | undefined): boolean {
  if (!query) return true;
  const terms = query.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  return terms.every((term) => {
    const m = term.match(/^(\w+):(>=|<=|>|<)?(.+)$/);
    if (!m) return true;
    const [, field, op = "=", raw] = m;
    const value = raw!.replace(/^['"]|['"]$/g, "");
    const fulfilled = order.lineItems.every((li) => li.remaining === 0);
    const partial = !fulfilled && order.lineItems.some((li) => li.remaining < li.quantity);
    switch (field) {
      case "created_at":
      case "updated_at":
      case "processed_at": {
        const at = Date.parse(field === "updated_at" ? order.updatedAt : order.createdAt);
        const bound = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+09:00` : value);
        if (Number.isNaN(bound)) return true;
        return op === ">="
          ? at >= bound
          : op === ">"
            ? at > bound
            : op === "<="
              ? at <= bound
              : op === "<"
                ? at < bound
                : at === bound;
      }
      case "fulfillment_status":
        if (value === "unshipped" || value === "unfulfilled") return !fulfilled && !partial;
        if (value === "shipped" || value === "fulfilled") return fulfilled;
        if (value === "partial") return partial;
        return true;
      case "status":
        if (value === "open") return order.cancelledAt === null;
        if (value === "cancelled") return order.cancelledAt !== null;
        return true;
      case "name":
        return `#${order.number}` === (value.startsWith("#") ? value : `#${value}`);
      case "id":
        return String(order.id) === value;
      default:
        return true; // unknown terms are ignored, as Shopify does
    }
  });
}

function page<T>(items: T[], first: number, after: string | null | undefined, cursorOf: (item: T) => string) {
  const start = after ? items.findIndex((item) => cursorOf(item) === after) + 1 : 0;
  const slice = items.slice(Math.max(0, start), Math.max(0, start) + first);
  return {
    nodes: slice,
    edges: slice.map((node) => ({ cursor: cursorOf(node), node })),
    pageInfo: {
      hasNextPage: Math.max(0, start) + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0] ? cursorOf(slice[0]) : null,
      endCursor: slice.length ? cursorOf(slice[slice.length - 1]!) : null,
    },
  };
}

const cursorFor = (kind: string, id: number) =>
  Buffer.from(JSON.stringify({ kind, last_id: id })).toString("base64url");

/**
 * Shopify's calculated query cost, approximated the way its docs describe: an object
 * costs 1, a scalar 0, a connection 2 plus `first` times the cost of one node; a
 * mutation starts at 10.
 */
export function queryCost(document: DocumentNode, variables: Record<string, unknown>): number {
  const argValue = (field: FieldNode, name: string): number | undefined => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    if (!arg) return undefined;
    if (arg.value.kind === Kind.INT) return Number(arg.value.value);
    if (arg.value.kind === Kind.VARIABLE) return Number(variables[arg.value.name.value] ?? 0) || undefined;
    return undefined;
  };
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const costOf = (set: SelectionSetNode | undefined): number => {
    if (!set) return 0;
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += costOf(selection.selectionSet);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total += costOf(fragments.get(selection.name.value)?.selectionSet);
        continue;
      }
      if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
      const first = argValue(selection, "first");
      const children = selection.selectionSet.selections.filter(
        (s): s is FieldNode => s.kind === Kind.FIELD && ["nodes", "edges"].includes(s.name.value),
      );
      if (first !== undefined && children.length > 0) {
        const nodeCost = children.reduce((sum, child) => {
          const inner =
            child.name.value === "edges"
              ? child.selectionSet?.selections.find(
                  (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === "node",
                )?.selectionSet
              : child.selectionSet;
          return sum + 1 + costOf(inner);
        }, 0);
        total += 2 + first * nodeCost;
      } else {
        total += 1 + costOf(selection.selectionSet);
      }
    }
    return total;
  };
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    total += (definition.operation === "mutation" ? 10 : 0) + costOf(definition.selectionSet);
  }
  return Math.max(1, total);
}

/** The cost of what was returned: an object 1, a connection 2, scalars nothing; a mutation 10 more. */
function actualCost(data: unknown, document: DocumentNode): number {
  const walk = (value: unknown): number => {
    if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + walk(item), 0);
    if (value === null || typeof value !== "object") return 0;
    const record = value as Record<string, unknown>;
    const isConnection = "pageInfo" in record && ("nodes" in record || "edges" in record);
    return (isConnection ? 2 : 1) + Object.values(record).reduce((sum: number, v) => sum + walk(v), 0);
  };
  const mutation = document.definitions.some(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === "mutation",
  );
  return Math.max(1, walk(data) - 1 + (mutation ? 10 : 0));
}

export function createShopifySimulator(options: ShopifySimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const bucketSize = options.bucket ?? { maximumAvailable: 1000, restoreRate: 100 };
  const shops = new Map<string, ShopState>();
  const codes = new Map<string, { shop: string; expiresAt: number }>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { shop: string }>();
  const buckets = new Map<string, { available: number; at: number }>();
  let ids = 5_531_000_000_000;
  const nextId = () => {
    ids += 1;
    return ids;
  };

  const nowIso = () => now().toISOString();
  const sign = (message: string) => createHmac("sha256", options.clientSecret).update(message).digest("hex");

  function toSimOrder(shop: ShopState, seed: SeedOrder): SimOrder {
    const id = nextId();
    const lineItems = seed.lineItems.map((li) => ({
      id: nextId(),
      name: li.name,
      sku: li.sku,
      quantity: li.quantity,
      remaining: li.quantity,
      price: li.unitPrice,
    }));
    const fulfillments: SimFulfillment[] = [];
    if (seed.state === "fulfilled" || seed.state === "partially_fulfilled") {
      const shipped = seed.state === "fulfilled" ? lineItems : lineItems.slice(0, 1);
      for (const li of shipped) li.remaining = seed.state === "fulfilled" ? 0 : Math.max(0, li.quantity - 1);
      fulfillments.push({
        id: nextId(),
        lineItems: shipped.map((li) => ({ id: li.id, quantity: li.quantity - li.remaining })),
        tracking: [{ company: "Yamato (JA)", number: "4123-4567-8902", url: null }],
      });
    }
    const attributes = [
      ...(seed.deliveryDate ? [{ key: "配送希望日", value: seed.deliveryDate.replaceAll("-", "/") }] : []),
      ...(seed.deliveryTime ? [{ key: "配送希望時間帯", value: seed.deliveryTime }] : []),
    ];
    shop.nextNumber = Math.max(shop.nextNumber, seed.number + 1);
    return {
      id,
      number: seed.number,
      createdAt: new Date(seed.createdAt).toISOString(),
      updatedAt: new Date(seed.createdAt).toISOString(),
      cancelledAt: seed.state === "cancelled" ? new Date(seed.createdAt).toISOString() : null,
      email: seed.email,
      phone: seed.purchaser.phone,
      note: seed.note,
      gateway: GATEWAYS[seed.payment],
      shippingFee: seed.shippingFee,
      attributes,
      shipping: seed.recipient,
      billing: seed.purchaser,
      lineItems,
      fulfillments,
    };
  }

  function orderNode(shop: ShopState, order: SimOrder) {
    const fulfilled = order.lineItems.every((li) => li.remaining === 0);
    const partial = !fulfilled && order.lineItems.some((li) => li.remaining < li.quantity);
    const total = order.lineItems.reduce((sum, li) => sum + li.price * li.quantity, 0) + order.shippingFee;
    const money = (amount: number) => ({ shopMoney: { amount: amount.toFixed(1), currencyCode: "JPY" } });
    const lineItemNode = (li: SimLineItem) => ({
      id: gid("LineItem", li.id),
      name: li.name,
      sku: li.sku,
      quantity: li.quantity,
      currentQuantity: li.quantity,
      originalUnitPriceSet: money(li.price),
      variant: { id: gid("ProductVariant", li.id + 1), sku: li.sku },
    });
    return {
      id: gid("Order", order.id),
      legacyResourceId: String(order.id),
      name: `#${order.number}`,
      createdAt: order.createdAt,
      updatedAt: order.updatedAt,
      processedAt: order.createdAt,
      cancelledAt: order.cancelledAt,
      displayFinancialStatus: order.gateway === "代金引換" ? "PENDING" : "PAID",
      displayFulfillmentStatus: fulfilled ? "FULFILLED" : partial ? "PARTIALLY_FULFILLED" : "UNFULFILLED",
      email: order.email,
      phone: order.phone,
      note: order.note,
      paymentGatewayNames: [order.gateway],
      customAttributes: order.attributes,
      totalPriceSet: money(total),
      shippingAddress: mailingAddress(order.shipping),
      billingAddress: mailingAddress(order.billing),
      shippingLine: { title: "通常配送", code: "standard", source: "shopify" },
      lineItems: ({ first = 50, after }: { first?: number; after?: string }) =>
        page(order.lineItems.map(lineItemNode), first, after, (n) => n.id),
      fulfillmentOrders: ({ first = 10 }: { first?: number }) =>
        page(
          [
            {
              id: gid("FulfillmentOrder", order.id + 7),
              status: order.cancelledAt
                ? "CANCELLED"
                : fulfilled
                  ? "CLOSED"
                  : partial
                    ? "IN_PROGRESS"
                    : "OPEN",
              requestStatus: "UNSUBMITTED",
              assignedLocation: { name: `${shop.name} 倉庫` },
              lineItems: ({ first: n = 50, after }: { first?: number; after?: string }) =>
                page(
                  order.lineItems.map((li) => ({
                    id: gid("FulfillmentOrderLineItem", li.id + 3),
                    remainingQuantity: li.remaining,
                    totalQuantity: li.quantity,
                    lineItem: lineItemNode(li),
                  })),
                  n,
                  after,
                  (x) => x.id,
                ),
            },
          ],
          first,
          undefined,
          (x) => x.id,
        ),
      fulfillments: () =>
        order.fulfillments.map((f) => ({
          id: gid("Fulfillment", f.id),
          status: "SUCCESS",
          trackingInfo: () => f.tracking,
        })),
    };
  }

  /** The REST-shaped order webhook payload Shopify posts. */
  function restPayload(order: SimOrder) {
    const address = (p: SeedPerson) => ({
      first_name: p.givenName,
      last_name: p.familyName,
      company: p.company || null,
      address1: p.address1,
      address2: p.address2 || null,
      city: p.city,
      province: p.prefecture,
      province_code: provinceCode(p.prefecture).replace("JP-", ""),
      zip: p.postalCode,
      country_code: "JP",
      phone: p.phone || null,
    });
    return {
      id: order.id,
      admin_graphql_api_id: gid("Order", order.id),
      name: `#${order.number}`,
      order_number: order.number,
      email: order.email,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      cancelled_at: order.cancelledAt,
      note: order.note,
      note_attributes: order.attributes.map((a) => ({ name: a.key, value: a.value })),
      payment_gateway_names: [order.gateway],
      shipping_address: address(order.shipping),
      billing_address: address(order.billing),
      line_items: order.lineItems.map((li) => ({
        id: li.id,
        name: li.name,
        sku: li.sku,
        quantity: li.quantity,
        fulfillable_quantity: li.remaining,
        price: String(li.price),
      })),
    };
  }

  async function deliver(shop: ShopState, topic: string, payload: unknown, urls?: string[]) {
    const body = JSON.stringify(payload);
    const hmac = createHmac("sha256", options.clientSecret).update(body).digest("base64");
    const enumTopic = topic.toUpperCase().replace("/", "_");
    const targets = urls ?? shop.subscriptions.filter((s) => s.topic === enumTopic).map((s) => s.callbackUrl);
    await Promise.all(
      targets.map(async (url) => {
        const delivery: WebhookDelivery = { topic, url, status: null };
        shop.deliveries.push(delivery);
        try {
          const response = await fetch(url, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "X-Shopify-Hmac-Sha256": hmac,
              "X-Shopify-Topic": topic,
              "X-Shopify-Shop-Domain": shop.domain,
              "X-Shopify-API-Version": API_VERSIONS.at(-2)!,
              "X-Shopify-Webhook-Id": randomUUID(),
              "X-Shopify-Event-Id": randomUUID(),
              "X-Shopify-Triggered-At": nowIso(),
            },
            body,
          });
          delivery.status = response.status;
        } catch (err) {
          delivery.error = (err as Error).message;
        }
      }),
    );
  }

  function resolvers(shop: ShopState) {
    const userError = (field: string[], message: string) => ({ field, message });
    return {
      shop: () => ({ name: shop.name, myshopifyDomain: shop.domain }),
      orders: (args: {
        first?: number;
        after?: string;
        query?: string;
        sortKey?: string;
        reverse?: boolean;
      }) => {
        if (!args.first || args.first > 250) throw new GraphQLError("first must be between 1 and 250");
        const key = args.sortKey === "UPDATED_AT" ? "updatedAt" : args.sortKey === "ID" ? "id" : "createdAt";
        const sorted = shop.orders
          .filter((o) => matchesSearch(o, args.query))
          .sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
        if (args.reverse) sorted.reverse();
        const result = page(sorted, args.first, args.after, (o) => cursorFor("order", o.id));
        return {
          ...result,
          nodes: result.nodes.map((o) => orderNode(shop, o)),
          edges: result.edges.map((e) => ({ cursor: e.cursor, node: orderNode(shop, e.node) })),
        };
      },
      order: ({ id }: { id: string }) => {
        const order = shop.orders.find((o) => o.id === idOf(id));
        return order ? orderNode(shop, order) : null;
      },
      webhookSubscriptions: ({ first = 50, after }: { first?: number; after?: string }) =>
        page(
          shop.subscriptions.map((s) => ({
            id: gid("WebhookSubscription", s.id),
            topic: s.topic,
            endpoint: { callbackUrl: s.callbackUrl },
          })),
          first,
          after,
          (s) => s.id,
        ),
      orderCreate: async ({ order: input }: { order: OrderInput }) => {
        const lines = (input.lineItems ?? []) as {
          title?: string;
          sku?: string;
          quantity: number;
          priceSet?: { shopMoney: { amount: string } };
        }[];
        if (lines.length === 0)
          return {
            order: null,
            userErrors: [userError(["order", "lineItems"], "Line items must have at least one item")],
          };
        const person = (a: AddressInput | undefined): SeedPerson => ({
          familyName: a?.lastName ?? "",
          givenName: a?.firstName ?? "",
          familyNameKana: "",
          givenNameKana: "",
          company: a?.company ?? "",
          postalCode: a?.zip ?? "",
          prefecture:
            a?.province ??
            (a?.provinceCode ? (prefectures[Number(a.provinceCode.replace("JP-", "")) - 1] ?? "") : ""),
          city: a?.city ?? "",
          address1: a?.address1 ?? "",
          address2: a?.address2 ?? "",
          phone: a?.phone ?? "",
        });
        const created = nowIso();
        const order: SimOrder = {
          id: nextId(),
          number: shop.nextNumber++,
          createdAt: created,
          updatedAt: created,
          cancelledAt: null,
          email: input.email ?? "",
          phone: input.phone ?? input.shippingAddress?.phone ?? "",
          note: input.note ?? "",
          gateway: input.transactions?.[0]?.gateway ?? "manual",
          shippingFee: 0,
          attributes: (input.customAttributes ?? []).map((a: { key: string; value: string }) => ({
            key: a.key,
            value: a.value,
          })),
          shipping: person(input.shippingAddress ?? input.billingAddress),
          billing: person(input.billingAddress ?? input.shippingAddress),
          lineItems: lines.map((li) => ({
            id: nextId(),
            name: li.title ?? li.sku ?? "商品",
            sku: li.sku ?? "",
            quantity: li.quantity,
            remaining: li.quantity,
            price: Math.round(Number(li.priceSet?.shopMoney.amount ?? 0)),
          })),
          fulfillments: [],
        };
        shop.orders.push(order);
        await deliver(shop, "orders/create", restPayload(order));
        return { order: orderNode(shop, order), userErrors: [] };
      },
      fulfillmentCreate: async ({ fulfillment }: { fulfillment: FulfillmentInput }) => {
        const groups = fulfillment.lineItemsByFulfillmentOrder as {
          fulfillmentOrderId: string;
          fulfillmentOrderLineItems?: { id: string; quantity: number }[];
        }[];
        const changes: { li: SimLineItem; quantity: number }[] = [];
        let target: SimOrder | undefined;
        for (const group of groups) {
          const order = shop.orders.find((o) => o.id + 7 === idOf(group.fulfillmentOrderId));
          if (!order)
            return {
              fulfillment: null,
              userErrors: [userError(["fulfillment"], "Fulfillment order does not exist.")],
            };
          if (order.cancelledAt)
            return {
              fulfillment: null,
              userErrors: [userError(["fulfillment"], "Fulfillment order is cancelled.")],
            };
          target = order;
          const wanted =
            group.fulfillmentOrderLineItems ??
            order.lineItems
              .filter((li) => li.remaining > 0)
              .map((li) => ({ id: gid("FulfillmentOrderLineItem", li.id + 3), quantity: li.remaining }));
          for (const item of wanted) {
            const li = order.lineItems.find((l) => l.id + 3 === idOf(item.id));
            if (!li)
              return {
                fulfillment: null,
                userErrors: [
                  userError(
                    ["fulfillment", "lineItemsByFulfillmentOrder"],
                    "Invalid fulfillment order line item id.",
                  ),
                ],
              };
            if (item.quantity > li.remaining || item.quantity < 1)
              return {
                fulfillment: null,
                userErrors: [
                  userError(
                    ["fulfillment", "lineItemsByFulfillmentOrder"],
                    `Quantity ${item.quantity} exceeds the remaining quantity ${li.remaining}.`,
                  ),
                ],
              };
            changes.push({ li, quantity: item.quantity });
          }
        }
        if (!target || changes.length === 0)
          return { fulfillment: null, userErrors: [userError(["fulfillment"], "Nothing to fulfill.")] };
        for (const { li, quantity } of changes) li.remaining -= quantity;
        const info = fulfillment.trackingInfo ?? {};
        const numbers = info.numbers ?? (info.number ? [info.number] : []);
        const record: SimFulfillment = {
          id: nextId(),
          lineItems: changes.map(({ li, quantity }) => ({ id: li.id, quantity })),
          tracking: numbers.map((n, i) => ({
            company: info.company ?? null,
            number: n,
            url: info.urls?.[i] ?? info.url ?? null,
          })),
        };
        target.fulfillments.push(record);
        target.updatedAt = nowIso();
        await deliver(shop, "orders/updated", restPayload(target));
        return {
          fulfillment: {
            id: gid("Fulfillment", record.id),
            status: "SUCCESS",
            trackingInfo: () => record.tracking,
          },
          userErrors: [],
        };
      },
      webhookSubscriptionCreate: ({
        topic,
        webhookSubscription,
      }: {
        topic: string;
        webhookSubscription: { callbackUrl: string };
      }) => {
        if (!/^https?:\/\//.test(webhookSubscription.callbackUrl))
          return {
            webhookSubscription: null,
            userErrors: [userError(["webhookSubscription", "callbackUrl"], "Address is invalid")],
          };
        if (
          shop.subscriptions.some(
            (s) => s.topic === topic && s.callbackUrl === webhookSubscription.callbackUrl,
          )
        )
          return {
            webhookSubscription: null,
            userErrors: [
              userError(
                ["webhookSubscription", "callbackUrl"],
                "Address for this topic has already been taken",
              ),
            ],
          };
        const subscription = { id: nextId(), topic, callbackUrl: webhookSubscription.callbackUrl };
        shop.subscriptions.push(subscription);
        return {
          webhookSubscription: {
            id: gid("WebhookSubscription", subscription.id),
            topic,
            endpoint: { callbackUrl: subscription.callbackUrl },
          },
          userErrors: [],
        };
      },
      webhookSubscriptionDelete: ({ id }: { id: string }) => {
        const before = shop.subscriptions.length;
        shop.subscriptions = shop.subscriptions.filter((s) => s.id !== idOf(id));
        return before === shop.subscriptions.length
          ? {
              deletedWebhookSubscriptionId: null,
              userErrors: [userError(["id"], "Webhook subscription does not exist")],
            }
          : { deletedWebhookSubscriptionId: id, userErrors: [] };
      },
    };
  }

  /** The bucket of one shop and app after restoring for the time passed. */
  function bucket(key: string, size: { maximumAvailable: number; restoreRate: number }) {
    const t = now().getTime();
    const b = buckets.get(key) ?? { available: size.maximumAvailable, at: t };
    b.available = Math.min(size.maximumAvailable, b.available + ((t - b.at) / 1000) * size.restoreRate);
    b.at = t;
    buckets.set(key, b);
    return b;
  }

  const app = new Hono();
  const shopOf = (domain: string) => shops.get(domain);

  app.get("/:shop/admin/oauth/authorize", (c) => {
    const shop = shopOf(c.req.param("shop"));
    const q = c.req.query();
    if (!shop) return c.text("There is no store at this address.", 404);
    if (q.client_id !== options.clientId)
      return c.text("Oauth error invalid_request: The client_id is invalid.", 400);
    if (!q.redirect_uri || !q.state)
      return c.text("Oauth error invalid_request: redirect_uri and state are required.", 400);
    const action = c.req.url;
    return c.html(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>アプリをインストール</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto">
<h1>${shop.name}</h1><p>アプリ（${options.clientId}）に次の権限を許可します: ${(q.scope ?? "").replace(/[<>&"]/g, "")}</p>
<form method="post" action="${action.replace(/"/g, "&quot;")}"><button type="submit">インストール</button></form>
<p style="color:#666">ローカルの Shopify シミュレーターです。</p></body></html>`);
  });

  app.post("/:shop/admin/oauth/authorize", (c) => {
    const domain = c.req.param("shop");
    const q = c.req.query();
    if (!shopOf(domain) || q.client_id !== options.clientId || !q.redirect_uri || !q.state)
      return c.text("Oauth error invalid_request", 400);
    const code = randomBytes(16).toString("hex");
    codes.set(code, { shop: domain, expiresAt: now().getTime() + 60_000 });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`admin.shopify.com/store/${domain.replace(".myshopify.com", "")}`).toString(
        "base64url",
      ),
      shop: domain,
      state: q.state,
      timestamp: String(Math.floor(now().getTime() / 1000)),
    };
    const message = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join("&");
    const target = new URL(q.redirect_uri);
    for (const [k, v] of Object.entries({ ...params, hmac: sign(message) })) target.searchParams.set(k, v);
    return c.redirect(target.toString(), 302);
  });

  app.post("/:shop/admin/oauth/access_token", async (c) => {
    const domain = c.req.param("shop");
    const type = c.req.header("content-type") ?? "";
    const body = (
      type.includes("json") ? await c.req.json().catch(() => ({})) : await c.req.parseBody()
    ) as Record<string, string | number>;
    const invalid = (description: string) =>
      c.json({ error: "invalid_request", error_description: description }, 400);
    if (body.client_id !== options.clientId || body.client_secret !== options.clientSecret)
      return invalid("Oauth error invalid_request: The client credentials are invalid.");
    const issue = (expiring: boolean) => {
      const accessToken = `shpat_${randomBytes(16).toString("hex")}`;
      tokens.set(accessToken, {
        shop: domain,
        kind: "app",
        expiresAt: expiring ? now().getTime() + 3600_000 : null,
      });
      if (!expiring)
        return { access_token: accessToken, scope: "read_orders,write_merchant_managed_fulfillment_orders" };
      const refreshToken = `shprt_${randomBytes(16).toString("hex")}`;
      refreshTokens.set(refreshToken, { shop: domain });
      return {
        access_token: accessToken,
        scope:
          "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders",
        expires_in: 3600,
        refresh_token: refreshToken,
        refresh_token_expires_in: 7_776_000,
      };
    };
    if (body.grant_type === "refresh_token") {
      const refresh = refreshTokens.get(String(body.refresh_token));
      if (!refresh || refresh.shop !== domain)
        return invalid("Oauth error invalid_request: The refresh token is invalid.");
      refreshTokens.delete(String(body.refresh_token));
      return c.json(issue(true));
    }
    const code = codes.get(String(body.code));
    codes.delete(String(body.code)); // single use, even when refused
    if (!code || code.shop !== domain || code.expiresAt < now().getTime())
      return invalid("Oauth error invalid_request: The authorization code was not found or was already used");
    return c.json(issue(String(body.expiring) === "1"));
  });

  app.post("/:shop/admin/api/:version/graphql.json", async (c) => {
    const shop = shopOf(c.req.param("shop"));
    if (!shop) return c.json({ errors: "Not Found" }, 404);
    if (!API_VERSIONS.includes(c.req.param("version"))) return c.json({ errors: "Not Found" }, 404);
    const accessToken = c.req.header("x-shopify-access-token") ?? "";
    const token = tokens.get(accessToken);
    if (
      !token ||
      token.shop !== shop.domain ||
      (token.expiresAt !== null && token.expiresAt < now().getTime())
    )
      return c.json(
        { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
        401,
      );
    const body = (await c.req.json().catch(() => null)) as {
      query?: string;
      variables?: Record<string, unknown>;
    } | null;
    if (!body?.query) return c.json({ errors: [{ message: "No query string was present" }] }, 400);
    let document: DocumentNode;
    try {
      document = parse(body.query);
    } catch (err) {
      return c.json({ errors: [{ message: (err as Error).message }] });
    }
    const invalid = validate(schema, document);
    if (invalid.length) return c.json({ errors: invalid.map((e) => ({ message: e.message })) });
    const variables = body.variables ?? {};
    const requested = queryCost(document, variables);
    const size = shop.bucket ?? bucketSize;
    const b = bucket(`${shop.domain}|${accessToken}`, size);
    const throttleStatus = () => ({
      maximumAvailable: size.maximumAvailable,
      currentlyAvailable: Math.floor(b.available),
      restoreRate: size.restoreRate,
    });
    if (requested > MAX_QUERY_COST) {
      return c.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: "MAX_COST_EXCEEDED", cost: requested, maxCost: MAX_QUERY_COST },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }
    if (b.available < requested) {
      return c.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }
    b.available -= requested;
    const result = await graphql({
      schema,
      source: body.query,
      rootValue: resolvers(shop),
      variableValues: variables,
    });
    return c.json({
      ...result,
      ...(result.errors ? { errors: result.errors.map((e) => ({ message: e.message, path: e.path })) } : {}),
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: throttleStatus() },
      },
    });
  });

  return {
    app,
    /** Opens a shop with these orders; its admin token works like a custom app's `shpat_…` token. */
    addShop(
      domain: string,
      seeds: SeedOrder[],
      opts: {
        name?: string;
        adminToken?: string;
        bucket?: { maximumAvailable: number; restoreRate: number };
      } = {},
    ) {
      const shop: ShopState = {
        domain,
        bucket: opts.bucket,
        name: opts.name ?? domain.replace(".myshopify.com", ""),
        orders: [],
        subscriptions: [],
        deliveries: [],
        nextId: 1,
        nextNumber: 1001,
      };
      shops.set(domain, shop);
      for (const seed of seeds) shop.orders.push(toSimOrder(shop, seed));
      const adminToken = opts.adminToken ?? `shpat_${randomBytes(16).toString("hex")}`;
      tokens.set(adminToken, { shop: domain, kind: "admin", expiresAt: null });
      return { adminToken };
    },
    /** What a test looks at: the shop's orders, subscriptions and webhook deliveries. */
    shop(domain: string) {
      const shop = shops.get(domain);
      if (!shop) throw new Error(`No simulated shop ${domain}`);
      return shop;
    },
    /** Changes an order in the shop as a merchant would in Shopify's admin, and sends `orders/updated`. */
    async updateOrder(domain: string, number: number, change: (order: SimOrder) => void) {
      const shop = this.shop(domain);
      const order = shop.orders.find((o) => o.number === number);
      if (!order) throw new Error(`No order #${number}`);
      change(order);
      order.updatedAt = nowIso();
      await deliver(shop, order.cancelledAt ? "orders/cancelled" : "orders/updated", restPayload(order));
      return order;
    },
    /** The merchant removes the app: `app/uninstalled`, and the app's tokens stop working. */
    async uninstall(domain: string) {
      const shop = this.shop(domain);
      for (const [key, token] of tokens)
        if (token.shop === domain && token.kind === "app") tokens.delete(key);
      await deliver(shop, "app/uninstalled", { id: 1, name: shop.name, domain });
    },
    /** A mandatory privacy webhook, sent to the URL the app configured for it. */
    sendPrivacyWebhook(
      domain: string,
      topic: "customers/data_request" | "customers/redact" | "shop/redact",
      url: string,
    ) {
      return deliver(this.shop(domain), topic, { shop_domain: domain, shop_id: 1 }, [url]);
    },
    /** The signature Shopify would put on a query (tests forge and replay with it). */
    signQuery(params: Record<string, string>) {
      const message = Object.keys(params)
        .filter((k) => k !== "hmac")
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join("&");
      return sign(message);
    },
  };
}

export type ShopifySimulator = ReturnType<typeof createShopifySimulator>;
