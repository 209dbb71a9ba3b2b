import { randomBytes } from "node:crypto";
import type { Shopify } from "@okuru/core/platforms/shopify";
import { memoized } from "@okuru/core/util/memo";
import type { SeedOrder, SeedPerson } from "../seed-order";
import { prefectureCode, prefectureName } from "./prefectures";

/** Shopify-shaped state of one shop: what the Admin API reads and writes. */

export type MailingAddress = Shopify.MailingAddress & { country: string; countryCodeV2: string };

export type StoredLineItem = {
  numericId: number;
  title: string;
  sku: string | null;
  quantity: number;
  currentQuantity: number;
  unitPrice: number;
  variantId: number | null;
};

export type StoredFulfillmentOrderLineItem = {
  numericId: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
};

export type FulfillmentOrderStatus = "OPEN" | "IN_PROGRESS" | "CLOSED" | "CANCELLED";

export type StoredFulfillmentOrder = {
  numericId: number;
  status: FulfillmentOrderStatus;
  requestStatus: "UNSUBMITTED";
  locationName: string;
  lineItems: StoredFulfillmentOrderLineItem[];
};

export type TrackingInfo = { company: string | null; number: string | null; url: string | null };

export type StoredFulfillment = {
  numericId: number;
  status: "SUCCESS" | "CANCELLED";
  createdAt: string;
  updatedAt: string;
  trackingInfo: TrackingInfo[];
  notifyCustomer: boolean;
  message: string | null;
  /** Fulfilled quantities by fulfillment order line item id. */
  lineItems: {
    fulfillmentOrderId: number;
    fulfillmentOrderLineItemId: number;
    lineItemId: number;
    quantity: number;
  }[];
};

export type FinancialStatus = "PAID" | "PENDING" | "AUTHORIZED" | "REFUNDED" | "VOIDED" | "PARTIALLY_PAID";

export type StoredOrder = {
  numericId: number;
  number: number;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
  customAttributes: { key: string; value: string }[];
  shippingAddress: MailingAddress | null;
  billingAddress: MailingAddress | null;
  shippingLine: { title: string; code: string; source: string; price: number } | null;
  currencyCode: string;
  financialStatus: FinancialStatus;
  paymentGatewayNames: string[];
  tags: string[];
  lineItems: StoredLineItem[];
  fulfillmentOrders: StoredFulfillmentOrder[];
  fulfillments: StoredFulfillment[];
};

export type WebhookSubscription = {
  numericId: number;
  topic: string;
  callbackUrl: string;
  format: "JSON" | "XML";
  apiVersion: string;
  createdAt: string;
  updatedAt: string;
};

export type TokenRecord = {
  token: string;
  shop: string;
  kind: "admin" | "offline" | "online";
  scopes: string[];
  /** Epoch ms; null = never expires. */
  expiresAt: number | null;
  revoked: boolean;
  refreshToken?: string;
};

export type RefreshToken = { shop: string; scopes: string[]; expiresAt: number; revoked: boolean };

export type WebhookDelivery = {
  topic: string;
  callbackUrl: string;
  webhookId: string;
  body: string;
  headers: Record<string, string>;
  status: number | null;
  error: string | null;
};

export type ShopState = {
  domain: string;
  numericId: number;
  name: string;
  orders: StoredOrder[];
  webhookSubscriptions: WebhookSubscription[];
  deliveries: WebhookDelivery[];
  /** Scopes granted to the OAuth app by the merchant; null until installed. */
  installedScopes: string[] | null;
  /** sku → variant id */
  variants: Map<string, number>;
};

/** Shopify-like numeric ids: 13-14 digits, unique across the simulator. */
export class IdSequence {
  private n = 0;
  constructor(private readonly base: number) {}
  next(): number {
    this.n += 1;
    return this.base + this.n;
  }
  /** How far the sequence has gone, to carry over a restart. */
  get issued(): number {
    return this.n;
  }
  /** Never hand out again an id issued before a restart. */
  skipPast(issued: number) {
    this.n = Math.max(this.n, issued);
  }
}

export const ids = {
  shop: new IdSequence(61_000_000_000),
  order: new IdSequence(5_531_000_000_000),
  lineItem: new IdSequence(14_500_000_000_000),
  variant: new IdSequence(44_100_000_000_000),
  fulfillmentOrder: new IdSequence(6_900_000_000_000),
  fulfillmentOrderLineItem: new IdSequence(14_900_000_000_000),
  fulfillment: new IdSequence(5_100_000_000_000),
  webhook: new IdSequence(1_400_000_000),
  shippingLine: new IdSequence(4_600_000_000_000),
  bulkOperation: new IdSequence(5_900_000_000),
};

export const gid = (type: string, n: number) => `gid://shopify/${type}/${n}`;

export function parseGid(value: string, type: string): number | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(\?.*)?$/.exec(value);
  if (!m || m[1] !== type) return null;
  return Number(m[2]);
}

/** `value` as an absolute URL, or null where it is not one. */
export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Shopify's DateTime: UTC, second precision, `Z`. */
export const isoUtc = (date: Date | string | number) =>
  new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z");

/** REST timestamps are in the shop's time zone (Asia/Tokyo here): `2026-10-01T12:00:00+09:00`. */
export function isoJst(date: Date | string | number): string {
  const t = new Date(new Date(date).getTime() + 9 * 3600_000);
  return `${t.toISOString().slice(0, 19)}+09:00`;
}

/** The shop-local calendar date (JST) of an instant, YYYY-MM-DD. */
export const jstDate = (date: Date | string | number) =>
  new Date(new Date(date).getTime() + 9 * 3600_000).toISOString().slice(0, 10);

export const randomHex = (bytes: number) => randomBytes(bytes).toString("hex");

const toHalfWidth = (s: string) =>
  s.replace(/[０-９＋]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[^\d+]/g, "");

/** Order.phone is E.164 in Shopify (addresses keep what the customer typed). */
export function e164(phone: string): string | null {
  const digits = toHalfWidth(phone);
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("0") && digits.length >= 10) return `+81${digits.slice(1)}`;
  return null;
}

export function addressFromPerson(p: SeedPerson): MailingAddress {
  return {
    firstName: p.givenName || null,
    lastName: p.familyName || null,
    company: p.company || null,
    address1: p.address1 || null,
    address2: p.address2 || null,
    city: p.city || null,
    province: prefectureCode(p.prefecture)
      ? prefectureName(prefectureCode(p.prefecture)!)
      : p.prefecture || null,
    provinceCode: prefectureCode(p.prefecture),
    zip: p.postalCode || null,
    country: "Japan",
    countryCodeV2: "JP",
    phone: p.phone || null,
  };
}

/** Japanese order of names, as Shopify formats a JP address. */
export const addressName = (a: MailingAddress) => [a.lastName, a.firstName].filter(Boolean).join(" ") || null;

const GATEWAYS: Record<SeedOrder["payment"], string> = {
  credit_card: "shopify_payments",
  cod: "代金引換",
  bank_transfer: "銀行振込",
  konbini: "コンビニ決済",
};

function financialStatus(seed: SeedOrder): FinancialStatus {
  if (seed.state === "cancelled")
    return seed.payment === "cod" || seed.payment === "bank_transfer" ? "VOIDED" : "REFUNDED";
  if (seed.payment === "credit_card" || seed.payment === "konbini") return "PAID";
  if (seed.payment === "bank_transfer") return seed.state === "open" ? "PENDING" : "PAID";
  return "PENDING";
}

const TRACKING_URLS: Record<string, (n: string) => string> = {
  "Yamato (JA)": (n) => `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${n}`,
  "Yamato (EN)": (n) => `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${n}`,
  "Sagawa (JA)": (n) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
  "Sagawa (EN)": (n) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
  "Japan Post (JA)": (n) =>
    `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&searchKind=S002&locale=ja`,
  "Japan Post (EN)": (n) =>
    `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&searchKind=S002&locale=en`,
};

/** The URL Shopify builds itself for the tracking companies it recognises. */
export function trackingUrl(company: string | null, number: string | null): string | null {
  if (!company || !number) return null;
  return TRACKING_URLS[company]?.(number) ?? null;
}

export function createShopState(domain: string): ShopState {
  const store = domain.replace(/\.myshopify\.com$/, "");
  return {
    domain,
    numericId: ids.shop.next(),
    name: store,
    orders: [],
    webhookSubscriptions: [],
    deliveries: [],
    installedScopes: null,
    variants: new Map(),
  };
}

function variantFor(shop: ShopState, sku: string | null): number | null {
  if (!sku) return null;
  let id = shop.variants.get(sku);
  if (id === undefined) {
    id = ids.variant.next();
    shop.variants.set(sku, id);
  }
  return id;
}

export function newLineItem(
  shop: ShopState,
  input: { title: string; sku: string | null; quantity: number; unitPrice: number },
): StoredLineItem {
  return {
    numericId: ids.lineItem.next(),
    title: input.title,
    sku: input.sku,
    quantity: input.quantity,
    currentQuantity: input.quantity,
    unitPrice: input.unitPrice,
    variantId: variantFor(shop, input.sku),
  };
}

export function newFulfillmentOrder(lineItems: StoredLineItem[]): StoredFulfillmentOrder {
  return {
    numericId: ids.fulfillmentOrder.next(),
    status: "OPEN",
    requestStatus: "UNSUBMITTED",
    locationName: "本店倉庫",
    lineItems: lineItems.map((li) => ({
      numericId: ids.fulfillmentOrderLineItem.next(),
      lineItemId: li.numericId,
      totalQuantity: li.quantity,
      remainingQuantity: li.quantity,
    })),
  };
}

/** Render a platform-neutral seed order as the shop holds it. */
export function orderFromSeed(shop: ShopState, seed: SeedOrder): StoredOrder {
  const createdAt = isoUtc(seed.createdAt);
  const lineItems = seed.lineItems.map((li) =>
    newLineItem(shop, { title: li.name, sku: li.sku, quantity: li.quantity, unitPrice: li.unitPrice }),
  );
  const customAttributes: { key: string; value: string }[] = [];
  if (seed.deliveryDate) customAttributes.push({ key: "配送希望日", value: seed.deliveryDate });
  if (seed.deliveryTime) customAttributes.push({ key: "配送希望時間帯", value: seed.deliveryTime });
  const order: StoredOrder = {
    numericId: ids.order.next(),
    number: seed.number,
    createdAt,
    updatedAt: seed.state === "open" ? createdAt : isoUtc(Date.parse(createdAt) + 26 * 3600_000),
    processedAt: createdAt,
    cancelledAt: seed.state === "cancelled" ? isoUtc(Date.parse(createdAt) + 26 * 3600_000) : null,
    cancelReason: seed.state === "cancelled" ? "CUSTOMER" : null,
    email: seed.email || null,
    phone: e164(seed.purchaser.phone),
    note: seed.note || null,
    customAttributes,
    shippingAddress: addressFromPerson(seed.recipient),
    billingAddress: addressFromPerson(seed.purchaser),
    shippingLine: { title: "通常配送", code: "通常配送", source: "shopify", price: seed.shippingFee },
    currencyCode: "JPY",
    financialStatus: financialStatus(seed),
    paymentGatewayNames: [GATEWAYS[seed.payment]],
    tags: [],
    lineItems,
    fulfillmentOrders: [newFulfillmentOrder(lineItems)],
    fulfillments: [],
  };
  const fo = order.fulfillmentOrders[0]!;
  if (seed.state === "cancelled") {
    for (const li of order.lineItems) li.currentQuantity = 0;
    for (const foli of fo.lineItems) foli.remainingQuantity = 0;
    fo.status = "CLOSED";
  } else if (seed.state === "fulfilled" || seed.state === "partially_fulfilled") {
    const total = fo.lineItems.reduce((sum, l) => sum + l.totalQuantity, 0);
    // Partial: fulfil about half the units (at least one, never all when there are two or more).
    let budget = seed.state === "fulfilled" ? total : Math.max(1, Math.floor(total / 2));
    if (seed.state === "partially_fulfilled" && budget >= total) budget = total - 1;
    const taken: StoredFulfillment["lineItems"] = [];
    for (const foli of fo.lineItems) {
      const q = Math.min(budget, foli.remainingQuantity);
      if (q <= 0) continue;
      foli.remainingQuantity -= q;
      budget -= q;
      taken.push({
        fulfillmentOrderId: fo.numericId,
        fulfillmentOrderLineItemId: foli.numericId,
        lineItemId: foli.lineItemId,
        quantity: q,
      });
    }
    if (taken.length > 0) {
      const number = String(400_000_000_000 + (order.numericId % 100_000_000_000));
      order.fulfillments.push({
        numericId: ids.fulfillment.next(),
        status: "SUCCESS",
        createdAt: order.updatedAt,
        updatedAt: order.updatedAt,
        trackingInfo: [{ company: "Yamato (JA)", number, url: trackingUrl("Yamato (JA)", number) }],
        notifyCustomer: true,
        message: null,
        lineItems: taken,
      });
    }
    fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0)
      ? "CLOSED"
      : taken.length
        ? "IN_PROGRESS"
        : "OPEN";
  }
  return order;
}

export const fulfilledQuantity = (o: StoredOrder, lineItemId?: number) =>
  o.fulfillments
    .filter((f) => f.status === "SUCCESS")
    .flatMap((f) => f.lineItems)
    .filter((l) => lineItemId === undefined || l.lineItemId === lineItemId)
    .reduce((sum, l) => sum + l.quantity, 0);

export function displayFulfillmentStatus(
  o: StoredOrder,
): "UNFULFILLED" | "PARTIALLY_FULFILLED" | "FULFILLED" {
  const done = fulfilledQuantity(o);
  if (done === 0) return "UNFULFILLED";
  const wanted = o.lineItems.reduce((sum, li) => sum + li.quantity, 0);
  return done >= wanted ? "FULFILLED" : "PARTIALLY_FULFILLED";
}

export const orderTotal = (o: StoredOrder) =>
  o.lineItems.reduce((sum, li) => sum + li.unitPrice * li.quantity, 0) + (o.shippingLine?.price ?? 0);

/** GraphQL `Decimal` as Shopify prints it (`3000.0`). */
export const decimal = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));

// ---------------------------------------------------------------------------------------------
// Search syntax (subset of https://shopify.dev/docs/api/usage/search-syntax)

type Comparator = ">" | ">=" | "<" | "<=" | "=";
type Term = {
  field: string;
  comparator: Comparator;
  value: string;
  /** The value in lower case, once per search rather than once per order. */
  lower: string;
  negated: boolean;
  /** The value as a time, parsed once per search rather than once per order; null for a date. */
  time: number | null;
};

export function parseSearch(query: string | null | undefined): Term[] {
  if (!query) return [];
  const tokens = query.match(/-?[A-Za-z_]+:(?:[<>]=?)?(?:"[^"]*"|'[^']*'|\S+)|"[^"]*"|\S+/g) ?? [];
  const terms: Term[] = [];
  for (const token of tokens) {
    const m = /^(-?)([A-Za-z_]+):([<>]=?)?(.*)$/.exec(token);
    if (!m) continue; // free text, AND/OR/NOT: ignored
    const value = m[4]!.replace(/^["'](.*)["']$/, "$1");
    terms.push({
      field: m[2]!.toLowerCase(),
      comparator: (m[3] as Comparator | undefined) ?? "=",
      value,
      lower: value.toLowerCase(),
      negated: m[1] === "-",
      time: DATE_ONLY.test(value) ? null : parseTime(value),
    });
  }
  return terms;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits of `value` at `at` as a number, or NaN. */
function twoDigits(value: string, at: number): number {
  const a = value.charCodeAt(at) - 48;
  const b = value.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

/**
 * `Date.parse`, with a fast path for the UTC form this simulator stores and clients
 * send (`2026-11-01T09:30:00Z`, optionally `.123`): every page of a large shop's orders
 * compares and sorts every order by its times again, and `Date.parse` dominated that.
 * Anything else (offsets, out-of-range fields) goes to `Date.parse`: the same answers.
 * Each distinct time is parsed once (a shop's orders hold a few of them each, and a
 * client paging through 10,000 orders asks for every order's times 250 times).
 */
export const parseTime = memoized(parseTimeOnce, 200_000);

function parseTimeOnce(value: string): number {
  const millis = value.length === 24 && value.charCodeAt(19) === 46; // "."
  if (
    (value.length === 20 || millis) &&
    value.charCodeAt(value.length - 1) === 90 && // "Z"
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(7) === 45 && // "-"
    value.charCodeAt(10) === 84 && // "T"
    value.charCodeAt(13) === 58 &&
    value.charCodeAt(16) === 58 // ":"
  ) {
    const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
    const month = twoDigits(value, 5);
    const day = twoDigits(value, 8);
    const hour = twoDigits(value, 11);
    const minute = twoDigits(value, 14);
    const second = twoDigits(value, 17);
    const ms = millis ? twoDigits(value, 20) * 10 + twoDigits(value, 22) / 10 : 0;
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    // Date.UTC reads years 0–99 as 1900–1999.
    if (
      year >= 100 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!) &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      Number.isInteger(ms)
    )
      return Date.UTC(year, month - 1, day, hour, minute, second, ms);
  }
  return Date.parse(value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

type TimeField = "createdAt" | "updatedAt" | "processedAt";
const parsedTimes = new WeakMap<StoredOrder, Partial<Record<TimeField, { text: string; time: number }>>>();

/**
 * An order's time as a number, kept beside the order (not in it: the store's orders are
 * plain data) and parsed again only once the field holds another text, however it was
 * changed. Paging through a large shop compares every order's time on every page.
 */
export function timeOf(o: StoredOrder, field: TimeField): number {
  let kept = parsedTimes.get(o);
  if (!kept) {
    kept = {};
    parsedTimes.set(o, kept);
  }
  const text = o[field];
  const known = kept[field];
  if (known?.text === text) return known.time;
  const time = parseTime(text);
  kept[field] = { text, time };
  return time;
}

function compareTime(o: StoredOrder, field: TimeField, term: Term): boolean {
  let left: number | string;
  let right: number | string;
  if (term.time === null) {
    left = jstDate(o[field]);
    right = term.value;
  } else {
    left = timeOf(o, field);
    right = term.time;
    if (Number.isNaN(right)) return true; // unparseable: ignored like Shopify
  }
  switch (term.comparator) {
    case ">":
      return left > right;
    case ">=":
      return left >= right;
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    default:
      return left === right;
  }
}

function matchTerm(o: StoredOrder, term: Term): boolean {
  const v = term.lower;
  switch (term.field) {
    case "created_at":
      return compareTime(o, "createdAt", term);
    case "updated_at":
      return compareTime(o, "updatedAt", term);
    case "processed_at":
      return compareTime(o, "processedAt", term);
    case "fulfillment_status": {
      const s = displayFulfillmentStatus(o);
      if (v === "unshipped") return s === "UNFULFILLED";
      if (v === "shipped" || v === "fulfilled") return s === "FULFILLED";
      if (v === "partial") return s === "PARTIALLY_FULFILLED";
      if (v === "unfulfilled") return s !== "FULFILLED";
      return true;
    }
    case "financial_status":
      return v === "any" || o.financialStatus.toLowerCase() === v;
    case "status":
      if (v === "open" || v === "not_closed") return o.cancelledAt === null;
      if (v === "cancelled") return o.cancelledAt !== null;
      if (v === "closed") return false;
      return true;
    case "name":
      return `#${o.number}` === term.value || String(o.number) === term.value.replace(/^#/, "");
    case "id":
      return compareNumber(
        o.numericId,
        term.comparator,
        Number(term.value.replace(/^gid:\/\/shopify\/Order\//, "")),
      );
    case "email":
      return (o.email ?? "").toLowerCase() === v;
    case "sku":
      return o.lineItems.some((li) => (li.sku ?? "").toLowerCase() === v);
    default:
      return true; // unknown fields are ignored, as Shopify does
  }
}

function compareNumber(left: number, comparator: Comparator, right: number): boolean {
  if (Number.isNaN(right)) return true;
  if (comparator === ">") return left > right;
  if (comparator === ">=") return left >= right;
  if (comparator === "<") return left < right;
  if (comparator === "<=") return left <= right;
  return left === right;
}

export function matchesSearch(o: StoredOrder, terms: Term[]): boolean {
  return terms.every((t) => matchTerm(o, t) !== t.negated);
}
