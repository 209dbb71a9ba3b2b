export * as Ecforce from "./index";

import { z } from "zod";
import { jstDateTimeText, jstInstantText } from "../../shared/dates";
import { prefectures } from "../../shared/text";
import { ImportedOrder } from "../imported-order";
import { outboundFetch } from "../outbound-fetch";
import { canonicalBaseUrl } from "../outbound-url";
import type { RequestFailure, Sleep } from "../platform-request";
import { PlatformError, realSleep, sendOnce, withPlatformRetries } from "../platform-request";
import { waitForTurn } from "./pace";

export { RATE_LIMIT } from "./pace";

/**
 * A shop's Ecforce v2 admin API: token auth, JSON:API answers,
 * ransack filters and page/per paging. Requests go one at a time at the shop's pace
 * (pace.ts); 429 and 5xx are retried honouring `Retry-After` or backing off, as the
 * platform's field notes ask.
 */

export class EcforceError extends PlatformError<RequestFailure | "invalid"> {
  override readonly name = "EcforceError";
}

/** The largest `per` Ecforce serves (a larger one is cut to it). */
export const ORDERS_PER_PAGE = 100;

export type Connection = { baseUrl: string; apiToken: string };
export type { Sleep };
export type ClientOptions = { sleep?: Sleep; maxAttempts?: number };

/**
 * One answer for every target that is unreachable, refused (a private address) or not
 * an Ecforce API (a redirect, a 404, an answer of another shape): telling them apart
 * would tell what listens where.
 */
export const UNREACHABLE =
  "ecforce のAPIに接続できませんでした。ショップのURLとAPIトークンをご確認ください。";

/** What the merchant is told when a request to the shop fails for good. */
const failures = {
  network: UNREACHABLE,
  auth: "ecforce のAPIトークンが正しくありません。",
  throttled: "ecforce の利用制限により取り込めませんでした。時間をおいて再度お試しください。",
  server: "ecforce でエラーが発生しました。時間をおいて再度お試しください。",
} as const;
const fail = (kind: RequestFailure) => new EcforceError(failures[kind], kind);
const notEcforce = () => new EcforceError(UNREACHABLE, "invalid");

/**
 * The shop's canonical base URL from what the merchant typed (`shop.example.jp/` →
 * `https://shop.example.jp`), undefined when it is not one. Every spelling of one shop
 * gives the same URL, so a shop is known by it.
 */
export function baseUrlFrom(input: string): string | undefined {
  return canonicalBaseUrl(input);
}

/** One request to the shop's v2 admin API with its token; `body`, when given, is sent as JSON. */
export function adminFetch(
  connection: Connection,
  method: "GET" | "PUT" | "POST",
  path: string,
  body?: unknown,
): Promise<Response> {
  return outboundFetch(`${connection.baseUrl}/api/v2/admin/${path}`, {
    method,
    headers: {
      Authorization: `Token token="${connection.apiToken}"`,
      Accept: "application/json",
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function call<T>(
  connection: Connection,
  method: "GET" | "PUT" | "POST",
  path: string,
  body?: unknown,
  options: ClientOptions = {},
): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  return withPlatformRetries(
    async () => {
      await waitForTurn(connection.baseUrl, sleep);
      const response = await sendOnce(() => adminFetch(connection, method, path, body), fail);
      const json = await response.json().catch(() => undefined);
      if (!response.ok || json === undefined) throw notEcforce();
      return json as T;
    },
    { maxAttempts, sleep, backoff, fail },
  );
}

/** 3 s, 6 s, 12 s …: the platform asks for slow retries. */
function backoff(attempt: number): number {
  return Math.min(30_000, 3000 * 2 ** (attempt - 1));
}

const Resource = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z
    .record(
      z.string(),
      z.object({
        data: z
          .union([
            z.object({ id: z.union([z.string(), z.number()]).transform(String), type: z.string() }),
            z.array(z.object({ id: z.union([z.string(), z.number()]).transform(String), type: z.string() })),
            z.null(),
          ])
          .optional(),
      }),
    )
    .default({}),
});
type Resource = z.infer<typeof Resource>;

const Document = z.object({
  data: z.union([Resource, z.array(Resource)]),
  included: z.array(Resource).default([]),
  meta: z
    .object({
      total_count: z.number().optional(),
      page: z.number().optional(),
      total_pages: z.number().optional(),
    })
    .partial()
    .default({}),
});

const str = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Ecforce's JST `2026/11/20 14:03:00` (or ISO) as ISO 8601 with its offset. */
export function isoTime(value: unknown): string {
  const text = str(value).trim();
  const m = text.match(/^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/);
  if (m) return jstInstantText(`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}:${m[6]}`);
  return text;
}

function related(order: Resource, included: Map<string, Resource>, name: string): Resource[] {
  const data = order.relationships[name]?.data;
  const refs = Array.isArray(data) ? data : data ? [data] : [];
  return refs.map((ref) => included.get(`${ref.type}:${ref.id}`)).filter((r): r is Resource => !!r);
}

function personOf(address: Resource | undefined) {
  const a = address?.attributes ?? {};
  const zip = `${str(a.zip01)}${str(a.zip02)}`;
  const prefectureId = Number(a.prefecture_id);
  return {
    familyName: str(a.name01),
    givenName: str(a.name02),
    familyNameKana: str(a.kana01),
    givenNameKana: str(a.kana02),
    company: str(a.company_name),
    postalCode: zip.length === 7 ? `${zip.slice(0, 3)}-${zip.slice(3)}` : zip,
    prefecture: str(a.prefecture_name) || prefectures[prefectureId - 1] || "",
    city: str(a.addr01),
    address1: str(a.addr02),
    address2: str(a.addr03),
    phone: [a.tel01, a.tel02, a.tel03].map(str).filter(Boolean).join("-"),
  };
}

const COD = /代金引換|代引|cod/i;

function fulfillmentOf(state: string): {
  fulfillmentStatus: ImportedOrder["fulfillmentStatus"];
  cancelled: boolean;
} {
  if (/cancel/.test(state)) return { fulfillmentStatus: "unfulfilled", cancelled: true };
  if (state === "shipped" || state === "complete" || state === "delivered")
    return { fulfillmentStatus: "fulfilled", cancelled: false };
  if (state === "partially_shipped") return { fulfillmentStatus: "partially_fulfilled", cancelled: false };
  return { fulfillmentStatus: "unfulfilled", cancelled: false };
}

export function toImportedOrder(order: Resource, included: Map<string, Resource>): ImportedOrder {
  const a = order.attributes;
  const shipping =
    related(order, included, "shipping_address")[0] ?? related(order, included, "shipping_addresses")[0];
  const billing = related(order, included, "billing_address")[0];
  const payment = related(order, included, "payment")[0];
  const paymentName = str(payment?.attributes.payment_method_name ?? a.payment_method_name);
  const total = Math.round(Number(a.total ?? 0));
  const date = str(a.scheduled_to_be_delivered_at).match(/^(\d{4})[/-](\d{2})[/-](\d{2})/);
  return ImportedOrder.parse({
    platform: "ecforce",
    platformOrderId: order.id,
    orderNumber: str(a.number) || order.id,
    purchasedAt: isoTime(a.created_at),
    platformUpdatedAt: isoTime(a.updated_at ?? a.created_at),
    email: str(a.email),
    purchaser: personOf(billing ?? shipping),
    recipient: personOf(shipping ?? billing),
    lineItems: related(order, included, "order_items").map((item) => ({
      platformLineItemId: item.id,
      sku: str(item.attributes.sku),
      name: str(item.attributes.name),
      quantity: Math.max(0, Math.round(Number(item.attributes.quantity ?? 0))),
      unitPrice: Math.max(0, Math.round(Number(item.attributes.price ?? 0))),
    })),
    totalAmount: Math.max(0, total),
    codAmount: COD.test(paymentName) ? Math.max(0, total) : null,
    paymentMethodName: paymentName,
    requestedDeliveryDate: date ? `${date[1]}-${date[2]}-${date[3]}` : null,
    requestedTimeSlot: str(a.scheduled_delivery_time) || null,
    note: str(a.remark),
    ...fulfillmentOf(str(a.state)),
  });
}

export type OrdersPage = { orders: ImportedOrder[]; nextCursor: string | null; total: number };

/** One page of orders changed since a time, oldest change first; the cursor is the next page number. */
export async function ordersPage(
  connection: Connection,
  page: { cursor: string | null; updatedSince: string | null },
  options?: ClientOptions,
): Promise<OrdersPage> {
  const number = page.cursor ? Number(page.cursor) : 1;
  const params = new URLSearchParams({
    page: String(number),
    per: String(ORDERS_PER_PAGE),
    sort: "updated_at",
    include: "billing_address,shipping_address,order_items,payment",
  });
  if (page.updatedSince) params.set("q[updated_at_gteq]", jstDateTimeText(page.updatedSince, "/"));
  const parsed = Document.safeParse(
    await call(connection, "GET", `orders.json?${params}`, undefined, options),
  );
  if (!parsed.success) throw notEcforce();
  const data = Array.isArray(parsed.data.data) ? parsed.data.data : [parsed.data.data];
  const included = new Map(parsed.data.included.map((r) => [`${r.type}:${r.id}`, r]));
  const totalPages = parsed.data.meta.total_pages ?? number;
  return {
    orders: data.map((order) => toImportedOrder(order, included)),
    nextCursor: number < totalPages && data.length > 0 ? String(number + 1) : null,
    total: parsed.data.meta.total_count ?? data.length,
  };
}

/** A real call with the token, before anything is saved: a wrong URL or token is a Japanese error. */
export async function verify(
  connection: Connection,
  options?: ClientOptions,
): Promise<{ totalOrders: number }> {
  const page = await ordersPage(connection, { cursor: null, updatedSince: null }, options);
  return { totalOrders: page.total };
}

export type Carrier = { id: string; name: string; deliveryTimes: { id: string; name: string }[] };

export async function carriers(connection: Connection, options?: ClientOptions): Promise<Carrier[]> {
  const parsed = Document.safeParse(
    await call(connection, "GET", "shipping_carriers.json?include=delivery_times", undefined, options),
  );
  if (!parsed.success) throw notEcforce();
  const data = Array.isArray(parsed.data.data) ? parsed.data.data : [parsed.data.data];
  const included = new Map(parsed.data.included.map((r) => [`${r.type}:${r.id}`, r]));
  return data.map((carrier) => ({
    id: carrier.id,
    name: str(carrier.attributes.name),
    deliveryTimes: related(carrier, included, "delivery_times").map((t) => ({
      id: t.id,
      name: str(t.attributes.name ?? t.attributes.label),
    })),
  }));
}
