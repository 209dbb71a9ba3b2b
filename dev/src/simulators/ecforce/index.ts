import { randomBytes } from "node:crypto";
import { Ecforce } from "@okuru/core/platforms/ecforce";
import { type Context, Hono } from "hono";
import { persistedFile } from "../persist";
import type { SeedOrder } from "../seed-order";
import { ordersAskedFor, SHOP_NAME, shopPage, tokenForShop } from "./shop-page";
import { restore, snapshotOf } from "./snapshot";
import {
  type AddressInput,
  type EcforceAddress,
  type EcforceCarrier,
  type EcforceOrder,
  type EcforceOrderItem,
  insertOrder,
  insertSeedOrder,
  jst,
  newShop,
  PAYMENT_METHOD_NAMES,
  parseDate,
  parseTime,
  prefectureName,
  type RequestLogEntry,
  type ShippingUpdateEntry,
  type ShopState,
} from "./store";

export type {
  EcforceAddress,
  EcforceOrder,
  EcforceOrderItem,
  RequestLogEntry,
  ShippingUpdateEntry,
} from "./store";
export { CARRIERS, PAYMENT_METHODS } from "./store";

/**
 * A local Ecforce: a contract fake of the v2 admin REST API (docs/platforms.md#ecforce) in its
 * JSON:API shapes, so pointing the product at a real shop changes only the base URL
 * and the token. One app serves many shops by path: a shop's base URL is
 * `{origin}/{shop}` (a real shop's is `https://{shop-domain}`) and its API lives under
 * `{base}/api/v2/admin/…`.
 *
 * Deliberate choices where the real API is unconfirmed:
 * - A shop takes four requests at once, then one a second (Ecforce.RATE_LIMIT, the product's
 *   reading of the field notes' "one at a time, about one a second"); beyond that it answers
 *   429 with `Retry-After` in whole seconds until the next request fits.
 * - `per` above 100 is clamped to 100 (Kaminari's `max_per_page` does this silently);
 *   a missing, non-numeric or < 1 `page`/`per` falls back to 1 / 20.
 * - Unknown ransack filters, blank values and unparseable dates are ignored, as ransack
 *   does; they are recorded in the request log (`ignored`) so tests can see them.
 *   An unknown `include` is a 400 (the JSON:API serializer refuses it).
 * - Default order is `id` ascending; `sort` takes `id`, `created_at`, `updated_at`,
 *   `number`, `shipped_at`, `-` for descending, comma-separated; `q[s]=created_at desc`
 *   works too.
 * - The payment method is only on the `payment` resource (`include=payment`), not on
 *   the order's attributes.
 * - Only `Authorization: Token token="…"` (quotes optional) is accepted.
 */

export type EcforceSimulatorOptions = {
  now?: () => Date;
  /** Where the shops are kept across restarts (`npm start`); in memory only when absent. */
  persistTo?: string;
  /**
   * Requests a shop serves in any rolling second before answering 429, instead of the
   * product's bucket for Ecforce (Ecforce.RATE_LIMIT: four at once, then one a second), which is
   * the default. Tests that mean no limit give a large number.
   */
  rateLimitPerSecond?: number;
  /** Sign-ins a shop allows in a rolling hour (default 5). */
  signInsPerHour?: number;
};

export type AddShopOptions = {
  apiToken?: string;
  /** Credentials for `POST /api/v2/admins/sign_in.json` (default `admin@{shop}.example` / `password`). */
  admin?: { email: string; password: string };
  /** The state of orders waiting to ship (default `wmswait`). */
  openState?: string;
  /** The carrier new orders are assigned (default the shop's first, 1 ヤマト運輸). */
  defaultCarrierId?: number;
  /**
   * The shop's delivery companies as the merchant named them in the shop's admin
   * (default CARRIERS: ヤマト運輸, 佐川急便, 日本郵便 with ids 1–3).
   */
  carriers?: readonly EcforceCarrier[];
};

export type EcforceShopInspection = {
  name: string;
  apiToken: string;
  /** The shop's orders as stored (live). */
  orders: EcforceOrder[];
  order(id: number): EcforceOrder | undefined;
  orderByNumber(number: string | number): EcforceOrder | undefined;
  /** Every entry of every `PUT orders/shipping.json`, accepted or not. */
  shippingUpdates: ShippingUpdateEntry[];
  /** Every request that reached the shop, with its status. */
  requests: RequestLogEntry[];
  addOrders(orders: SeedOrder[]): EcforceOrder[];
};

const API = "/:shop/api/v2";

type ErrorObject = { status: string; title: string; detail?: string; source?: { pointer: string } };

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
};

function errorBody(status: number, detail?: string, pointer?: string): { errors: ErrorObject[] } {
  const e: ErrorObject = { status: String(status), title: TITLES[status] ?? "Error" };
  if (detail) e.detail = detail;
  if (pointer) e.source = { pointer };
  return { errors: [e] };
}

// ---------------------------------------------------------------------------
// JSON:API rendering

type Resource = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] }>;
};

const ref = (id: number, type: string) => ({ id: String(id), type });
const slash = (date: string | null) => (date ? date.replaceAll("-", "/") : null);

function renderOrder(o: EcforceOrder): Resource {
  return {
    id: String(o.id),
    type: "order",
    attributes: {
      number: o.number,
      state: o.state,
      payment_state: o.payment_state,
      email: o.email,
      subtotal: o.subtotal,
      delivery_fee: o.delivery_fee,
      total: o.total,
      shipping_carrier_id: o.shipping_carrier_id,
      shipping_slip: o.shipping_slip,
      scheduled_to_be_delivered_at: slash(o.scheduled_to_be_delivered_at),
      scheduled_delivery_time: o.scheduled_delivery_time,
      shipped_at: o.shipped_at === null ? null : jst(o.shipped_at),
      memo01: o.memo01,
      memo02: o.memo02,
      remark: o.remark,
      created_at: jst(o.created_at),
      updated_at: jst(o.updated_at),
    },
    relationships: {
      billing_address: { data: ref(o.billing_address.id, "address") },
      shipping_address: { data: ref(o.shipping_address.id, "address") },
      order_items: { data: o.order_items.map((i) => ref(i.id, "order_item")) },
      payment: { data: ref(o.payment_id, "payment") },
      customer: { data: ref(o.customer_id, "customer") },
    },
  };
}

function renderAddress(a: EcforceAddress): Resource {
  const { id, ...attributes } = a;
  return { id: String(id), type: "address", attributes };
}

const INCLUDES = ["billing_address", "shipping_address", "order_items", "payment", "customer"] as const;
type Include = (typeof INCLUDES)[number];

function related(o: EcforceOrder, include: Include): Resource[] {
  switch (include) {
    case "billing_address":
      return [renderAddress(o.billing_address)];
    case "shipping_address":
      return [renderAddress(o.shipping_address)];
    case "order_items":
      return o.order_items.map((i) => ({
        id: String(i.id),
        type: "order_item",
        attributes: { name: i.name, sku: i.sku, quantity: i.quantity, price: i.price },
      }));
    case "payment":
      return [
        {
          id: String(o.payment_id),
          type: "payment",
          attributes: { payment_method_name: o.payment_method_name, state: o.payment_state, total: o.total },
        },
      ];
    case "customer": {
      const b = o.billing_address;
      return [
        {
          id: String(o.customer_id),
          type: "customer",
          attributes: {
            email: o.email,
            name01: b.name01,
            name02: b.name02,
            kana01: b.kana01,
            kana02: b.kana02,
          },
        },
      ];
    }
  }
}

function parseIncludes(raw: string | undefined): Include[] | string {
  if (!raw) return [];
  const out: Include[] = [];
  for (const part of raw.split(",").map((s) => s.trim())) {
    if (!part) continue;
    // `shipping_addresses` (multi-address orders) renders the one shipping address.
    const name = part === "shipping_addresses" ? "shipping_address" : part;
    if (!(INCLUDES as readonly string[]).includes(name)) return part;
    out.push(name as Include);
  }
  return out;
}

function includedFor(orders: EcforceOrder[], includes: Include[]): Resource[] {
  const seen = new Set<string>();
  const out: Resource[] = [];
  for (const o of orders)
    for (const inc of includes)
      for (const r of related(o, inc)) {
        const key = `${r.type}:${r.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(r);
      }
  return out;
}

// ---------------------------------------------------------------------------
// Ransack filters and sort

type FieldKind = "number" | "string" | "time" | "date";
const FIELDS: Record<string, { kind: FieldKind; get: (o: EcforceOrder) => number | string | null }> = {
  id: { kind: "number", get: (o) => o.id },
  number: { kind: "string", get: (o) => o.number },
  state: { kind: "string", get: (o) => o.state },
  payment_state: { kind: "string", get: (o) => o.payment_state },
  email: { kind: "string", get: (o) => o.email },
  total: { kind: "number", get: (o) => o.total },
  shipping_carrier_id: { kind: "number", get: (o) => o.shipping_carrier_id },
  shipping_slip: { kind: "string", get: (o) => o.shipping_slip },
  created_at: { kind: "time", get: (o) => o.created_at },
  updated_at: { kind: "time", get: (o) => o.updated_at },
  shipped_at: { kind: "time", get: (o) => o.shipped_at },
  scheduled_to_be_delivered_at: { kind: "date", get: (o) => o.scheduled_to_be_delivered_at },
};
const PREDICATES = ["not_eq", "not_in", "gteq", "lteq", "eq", "in", "gt", "lt", "cont", "null", "present"];

type Condition = (o: EcforceOrder) => boolean;

function castValue(kind: FieldKind, raw: string): number | string | null {
  switch (kind) {
    case "number":
      return /^-?\d+$/.test(raw.trim()) ? Number(raw) : null;
    case "time":
      return parseTime(raw);
    case "date":
      return parseDate(raw);
    case "string":
      return raw;
  }
}

function parseRansack(params: URLSearchParams, ignored: string[]): Condition[] {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) {
    const m = /^q\[([a-z0-9_]+)\](\[\d*\])?$/.exec(key);
    if (!m || m[1] === "s") continue;
    const list = grouped.get(m[1]!) ?? [];
    list.push(value);
    grouped.set(m[1]!, list);
  }
  const conditions: Condition[] = [];
  for (const [name, rawValues] of grouped) {
    const pred = PREDICATES.find((p) => name.endsWith(`_${p}`));
    const field = pred ? FIELDS[name.slice(0, -pred.length - 1)] : undefined;
    const values = rawValues.filter((v) => v !== "");
    if (!pred || !field || values.length === 0) {
      ignored.push(`q[${name}]`);
      continue;
    }
    if (pred === "null" || pred === "present") {
      const want = /^(1|true|t)$/i.test(values[0]!);
      const isNull = (o: EcforceOrder) => {
        const v = field.get(o);
        return v === null || v === "";
      };
      conditions.push(pred === "null" ? (o) => isNull(o) === want : (o) => !isNull(o) === want);
      continue;
    }
    const casted = values.map((v) => castValue(field.kind, v));
    if (casted.some((v) => v === null)) {
      ignored.push(`q[${name}]`);
      continue;
    }
    const vs = casted as (number | string)[];
    const v0 = vs[0]!;
    const cmp = (o: EcforceOrder, test: (a: number | string) => boolean) => {
      const a = field.get(o);
      return a !== null && test(a);
    };
    const byPred: Record<string, Condition> = {
      eq: (o) => cmp(o, (a) => a === v0),
      not_eq: (o) => cmp(o, (a) => a !== v0),
      in: (o) => cmp(o, (a) => vs.includes(a)),
      not_in: (o) => cmp(o, (a) => !vs.includes(a)),
      gt: (o) => cmp(o, (a) => a > v0),
      gteq: (o) => cmp(o, (a) => a >= v0),
      lt: (o) => cmp(o, (a) => a < v0),
      lteq: (o) => cmp(o, (a) => a <= v0),
      cont: (o) => cmp(o, (a) => String(a).includes(String(v0))),
    };
    conditions.push(byPred[pred]!);
  }
  return conditions;
}

const SORTABLE = ["id", "created_at", "updated_at", "number", "shipped_at"];

function parseSort(params: URLSearchParams, ignored: string[]): (a: EcforceOrder, b: EcforceOrder) => number {
  const keys: { field: string; dir: number }[] = [];
  const sort = params.get("sort");
  const ransackSort = params.get("q[s]");
  const specs = sort
    ? sort.split(",").map((s) => s.trim())
    : ransackSort
      ? ransackSort.split(",").map((s) => {
          const [f, d] = s.trim().split(/\s+/);
          return d?.toLowerCase() === "desc" ? `-${f}` : (f ?? "");
        })
      : [];
  for (const spec of specs) {
    const desc = spec.startsWith("-");
    const field = desc ? spec.slice(1) : spec;
    if (!SORTABLE.includes(field)) {
      ignored.push(`sort=${spec}`);
      continue;
    }
    keys.push({ field, dir: desc ? -1 : 1 });
  }
  keys.push({ field: "id", dir: 1 });
  const value = (o: EcforceOrder, f: string) => (f === "number" ? Number(o.number) : FIELDS[f]!.get(o));
  return (a, b) => {
    for (const { field, dir } of keys) {
      const x = value(a, field);
      const y = value(b, field);
      if (x === y) continue;
      if (x === null) return 1; // nulls last
      if (y === null) return -1;
      return (x < y ? -1 : 1) * dir;
    }
    return 0;
  };
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

// ---------------------------------------------------------------------------
// Order create input

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

const ADDRESS_LABELS: Record<string, string> = {
  name01: "姓",
  name02: "名",
  zip01: "郵便番号(前半)",
  zip02: "郵便番号(後半)",
  prefecture_id: "都道府県",
  addr01: "市区町村",
  addr02: "番地",
  tel01: "電話番号1",
  tel02: "電話番号2",
  tel03: "電話番号3",
};

function readAddress(raw: unknown, pointer: string, errors: ErrorObject[]): AddressInput | undefined {
  const invalid = (field: string, detail: string) =>
    errors.push({ status: "422", title: TITLES[422]!, detail, source: { pointer: `${pointer}/${field}` } });
  if (!isObject(raw)) {
    invalid("", "配送先を入力してください");
    return undefined;
  }
  const a: Body = raw;
  let prefectureId = positiveInt(str(a.prefecture_id));
  let prefName = prefectureId ? prefectureName(prefectureId) : undefined;
  if (!prefName && str(a.prefecture_name)) {
    const i = Array.from({ length: 47 }, (_, k) => prefectureName(k + 1)).indexOf(str(a.prefecture_name));
    if (i >= 0) {
      prefectureId = i + 1;
      prefName = str(a.prefecture_name);
    }
  }
  const out: AddressInput = {
    name01: str(a.name01),
    name02: str(a.name02),
    kana01: str(a.kana01),
    kana02: str(a.kana02),
    company_name: str(a.company_name),
    zip01: str(a.zip01),
    zip02: str(a.zip02),
    prefecture_id: prefName ? prefectureId : null,
    prefecture_name: prefName ?? "",
    addr01: str(a.addr01),
    addr02: str(a.addr02),
    addr03: str(a.addr03),
    tel01: str(a.tel01),
    tel02: str(a.tel02),
    tel03: str(a.tel03),
  };
  for (const [field, label] of Object.entries(ADDRESS_LABELS)) {
    if (field === "prefecture_id") {
      if (!prefName) invalid(field, `${label}を入力してください`);
    } else if (!out[field as keyof AddressInput]) invalid(field, `${label}を入力してください`);
  }
  if (out.zip01 && !/^\d{3}$/.test(out.zip01))
    invalid("zip01", "郵便番号(前半)は3桁の数字で入力してください");
  if (out.zip02 && !/^\d{4}$/.test(out.zip02))
    invalid("zip02", "郵便番号(後半)は4桁の数字で入力してください");
  for (const t of ["tel01", "tel02", "tel03"] as const)
    if (out[t] && !/^\d{1,5}$/.test(out[t])) invalid(t, `${ADDRESS_LABELS[t]}は数字で入力してください`);
  return out;
}

// ---------------------------------------------------------------------------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SHIPPED_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function createEcforceSimulator(options: EcforceSimulatorOptions = {}) {
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimitPerSecond;
  /** When each shop's bucket would be full again (the generic cell rate algorithm); not kept across restarts. */
  const fullAt = new Map<string, number>();
  /** Seconds until the shop takes one more request under Ecforce.RATE_LIMIT, or 0 when it takes it now. */
  const bucketWait = (shop: string, t: number) => {
    const spacing = 1000 / Ecforce.RATE_LIMIT.perSecond;
    const next = Math.max(fullAt.get(shop) ?? 0, t) + spacing;
    const early = next - Ecforce.RATE_LIMIT.burst * spacing - t;
    if (early > 0) return Math.ceil(early / 1000);
    fullAt.set(shop, next);
    return 0;
  };
  const signInLimit = options.signInsPerHour ?? 5;
  const shops = new Map<string, ShopState>();
  const persisted = persistedFile(options.persistTo, () => snapshotOf(shops));
  const saved = persisted.load();
  if (saved) restore(shops, saved);
  const app = new Hono();
  // Reads through the API change nothing; the simulator's shop page opens shops, so it counts.
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" || !new URL(c.req.url).pathname.includes("/api/")) persisted.changed();
  });

  const shopOf = (c: Context): ShopState => shops.get(c.req.param("shop") ?? "")!;
  const json = (c: Context, body: unknown, status: 200 | 201 | 400 | 401 | 404 | 422 | 429 = 200) =>
    c.json(body as object, status);
  const ignoredOf = new WeakMap<Request, string[]>();

  // Unknown shop → 404; request log; rolling per-shop rate limit; token auth.
  app.use(`${API}/*`, async (c, next) => {
    const shop = shops.get(c.req.param("shop") ?? "");
    if (!shop) return json(c, errorBody(404, "shop not found"), 404);
    const url = new URL(c.req.url);
    const ignored: string[] = [];
    ignoredOf.set(c.req.raw, ignored);
    const at = now();
    const log = (status: number) =>
      shop.requests.push({
        at,
        method: c.req.method,
        path: url.pathname.slice(shop.name.length + 1),
        query: url.search,
        status,
        ignored,
      });
    const t = at.getTime();
    shop.hits = shop.hits.filter((h) => h > t - 1000);
    const retryAfter = limit === undefined ? bucketWait(shop.name, t) : shop.hits.length >= limit ? 1 : 0;
    if (retryAfter > 0) {
      log(429);
      c.header("Retry-After", String(retryAfter));
      return json(c, errorBody(429, "リクエストが多すぎます。しばらくしてから再度お試しください"), 429);
    }
    shop.hits.push(t);
    if (!url.pathname.endsWith("/api/v2/admins/sign_in.json")) {
      const m = /^Token\s+token="?([^",\s]+)"?/.exec(c.req.header("authorization") ?? "");
      if (!m || m[1] !== shop.apiToken) {
        log(401);
        c.header("WWW-Authenticate", 'Token realm="Application"');
        return json(c, errorBody(401, "認証に失敗しました"), 401);
      }
    }
    await next();
    log(c.res.status);
  });

  app.post(`${API}/admins/sign_in.json`, async (c) => {
    const shop = shopOf(c);
    const t = now().getTime();
    shop.signIns = shop.signIns.filter((s) => s > t - 3600_000);
    if (shop.signIns.length >= signInLimit) {
      c.header("Retry-After", "3600");
      return json(c, errorBody(429, "ログイン試行回数が上限に達しました"), 429);
    }
    shop.signIns.push(t);
    const body = await c.req.json().catch(() => null);
    const admin = isObject(body) && isObject(body.admin) ? body.admin : {};
    if (admin.email !== shop.admin.email || admin.password !== shop.admin.password)
      return json(c, errorBody(401, "メールアドレスまたはパスワードが違います"), 401);
    return json(c, { authentication_token: shop.apiToken });
  });

  app.get(`${API}/admin/orders.json`, (c) => {
    const shop = shopOf(c);
    const url = new URL(c.req.url);
    const params = url.searchParams;
    const ignored = ignoredOf.get(c.req.raw) ?? [];
    const includes = parseIncludes(params.get("include") ?? undefined);
    if (typeof includes === "string")
      return json(
        c,
        errorBody(400, `${includes} is not specified as a relationship on OrderSerializer`),
        400,
      );
    const conditions = parseRansack(params, ignored);
    const page = positiveInt(params.get("page")) ?? 1;
    const per = Math.min(positiveInt(params.get("per")) ?? 20, 100);
    const matched = shop.orders.filter((o) => conditions.every((f) => f(o))).sort(parseSort(params, ignored));
    const total = matched.length;
    const totalPages = Math.ceil(total / per);
    const rows = matched.slice((page - 1) * per, page * per);
    const link = (p: number | null) => {
      if (p === null) return null;
      const u = new URL(url);
      u.searchParams.set("page", String(p));
      u.searchParams.set("per", String(per));
      return u.toString();
    };
    return json(c, {
      data: rows.map(renderOrder),
      included: includedFor(rows, includes),
      meta: { total_count: total, page, per, count: rows.length, total_pages: totalPages },
      links: {
        self: link(page),
        first: link(1),
        prev: page > 1 ? link(Math.min(page - 1, Math.max(totalPages, 1))) : null,
        next: page < totalPages ? link(page + 1) : null,
        last: link(Math.max(totalPages, 1)),
      },
    });
  });

  app.post(`${API}/admin/orders.json`, async (c) => {
    const shop = shopOf(c);
    const body = await c.req.json().catch(() => null);
    if (!isObject(body) || !isObject(body.order))
      return json(c, errorBody(400, "param is missing or the value is empty: order"), 400);
    const o = body.order;
    const errors: ErrorObject[] = [];
    const invalid = (field: string, detail: string) =>
      errors.push({
        status: "422",
        title: TITLES[422]!,
        detail,
        source: { pointer: `/data/attributes/${field}` },
      });

    const email = str(o.email);
    if (!email) invalid("email", "メールアドレスを入力してください");
    else if (!EMAIL.test(email)) invalid("email", "メールアドレスは不正な値です");
    const shipping = readAddress(
      o.shipping_address ?? o.shipping_address_attributes,
      "/data/attributes/shipping_address",
      errors,
    );
    const billingRaw = o.billing_address ?? o.billing_address_attributes;
    const billing =
      billingRaw === undefined
        ? shipping
        : readAddress(billingRaw, "/data/attributes/billing_address", errors);

    const itemsRaw = o.order_items ?? o.order_items_attributes;
    const items: Omit<EcforceOrderItem, "id">[] = [];
    if (!Array.isArray(itemsRaw) || itemsRaw.length === 0)
      invalid("order_items", "受注商品を入力してください");
    else
      itemsRaw.forEach((raw, i) => {
        const it: Body = isObject(raw) ? raw : {};
        const quantity = Number(it.quantity);
        const price = Number(it.price);
        if (!str(it.name)) invalid(`order_items/${i}/name`, "商品名を入力してください");
        if (!str(it.sku)) invalid(`order_items/${i}/sku`, "SKUを入力してください");
        if (!Number.isInteger(quantity) || quantity < 1)
          invalid(`order_items/${i}/quantity`, "数量は1以上の整数で入力してください");
        if (!Number.isInteger(price) || price < 0)
          invalid(`order_items/${i}/price`, "単価は0以上の整数で入力してください");
        items.push({ name: str(it.name), sku: str(it.sku), quantity, price });
      });

    const paymentMethod = str(o.payment_method_name);
    if (!paymentMethod) invalid("payment_method_name", "支払い方法を入力してください");
    else if (!PAYMENT_METHOD_NAMES.includes(paymentMethod))
      invalid("payment_method_name", "支払い方法は一覧にありません");

    const carrierId =
      o.shipping_carrier_id === undefined ? shop.defaultCarrierId : Number(o.shipping_carrier_id);
    const carrier = shop.carriers.find((k) => k.id === carrierId);
    if (!carrier) invalid("shipping_carrier_id", "配送業者は一覧にありません");

    let deliveryDate: string | null = null;
    if (o.scheduled_to_be_delivered_at != null && o.scheduled_to_be_delivered_at !== "") {
      deliveryDate = parseDate(str(o.scheduled_to_be_delivered_at));
      if (!deliveryDate) invalid("scheduled_to_be_delivered_at", "お届け予定日は不正な値です");
    }
    const deliveryTime = str(o.scheduled_delivery_time) || null;
    if (deliveryTime && carrier && !(carrier.times as readonly string[]).includes(deliveryTime))
      invalid("scheduled_delivery_time", "お届け時間帯は一覧にありません");

    const deliveryFee = o.delivery_fee === undefined ? 0 : Number(o.delivery_fee);
    if (!Number.isInteger(deliveryFee) || deliveryFee < 0)
      invalid("delivery_fee", "送料は0以上の整数で入力してください");

    if (errors.length > 0 || !shipping || !billing) return json(c, { errors }, 422);
    const t = now().getTime();
    const order = insertOrder(shop, {
      state: shop.openState,
      payment_state: paymentMethod === "代金引換" ? "unpaid" : "paid",
      email,
      payment_method_name: paymentMethod,
      delivery_fee: deliveryFee,
      shipping_carrier_id: carrierId,
      shipping_slip: null,
      shipped_at: null,
      scheduled_to_be_delivered_at: deliveryDate,
      scheduled_delivery_time: deliveryTime,
      memo01: str(o.memo01) || null,
      remark: str(o.remark) || null,
      created_at: t,
      updated_at: t,
      billing_address: billing,
      shipping_address: shipping,
      order_items: items,
    });
    const includes = parseIncludes(c.req.query("include"));
    const inc = typeof includes === "string" ? [] : includes;
    return json(c, { data: renderOrder(order), included: includedFor([order], inc) }, 201);
  });

  // 発送結果戻し: registered before `orders/:id.json` so `shipping.json` is not an id.
  app.put(`${API}/admin/orders/shipping.json`, async (c) => {
    const shop = shopOf(c);
    const body = await c.req.json().catch(() => null);
    if (!isObject(body) || !Array.isArray(body.orders))
      return json(c, errorBody(400, "param is missing or the value is empty: orders"), 400);
    const withAsync = body.with_async === true || body.with_async === "true";
    const withSale = body.with_sale === true || body.with_sale === "true";
    const at = now();
    const success: unknown[] = [];
    const failure: unknown[] = [];
    const errors: { id: unknown; messages: string[] }[] = [];
    for (const raw of body.orders as unknown[]) {
      const entry: Body = isObject(raw) ? raw : {};
      const id = entry.id;
      const messages: string[] = [];
      const order = shop.orders.find((o) => String(o.id) === str(id));
      const carrierId = Number(entry.shipping_carrier_id);
      const slip = str(entry.shipping_slip);
      const shippedAtRaw = str(entry.shipped_at);
      const shippedAt = SHIPPED_AT.test(shippedAtRaw) ? parseTime(shippedAtRaw) : null;
      if (!order) messages.push(`受注(ID: ${str(id) || "未指定"})が見つかりません`);
      else if (order.state === "canceled") messages.push("キャンセル済みの受注は発送できません");
      if (entry.shipping_carrier_id === undefined || entry.shipping_carrier_id === null)
        messages.push("配送業者を入力してください");
      else if (!shop.carriers.some((k) => k.id === carrierId)) messages.push("配送業者が見つかりません");
      if (!slip) messages.push("送り状番号を入力してください");
      if (!shippedAtRaw) messages.push("発送日時を入力してください");
      else if (shippedAt === null) messages.push("発送日時の形式が正しくありません（YYYY-MM-DD HH:MM:SS）");
      if (
        order &&
        entry.shipping_address_id !== undefined &&
        entry.shipping_address_id !== null &&
        str(entry.shipping_address_id) !== String(order.shipping_address.id)
      )
        messages.push("配送先が見つかりません");
      const ok = messages.length === 0 && order !== undefined && shippedAt !== null;
      if (ok) {
        order.shipping_slip = slip;
        order.shipping_carrier_id = carrierId;
        order.shipped_at = shippedAt;
        order.state = "shipped";
        if (withSale) order.payment_state = "paid";
        order.updated_at = at.getTime();
        success.push(id);
      } else {
        failure.push(id ?? null);
        errors.push({ id: id ?? null, messages });
      }
      shop.shippingUpdates.push({ at, request: entry, withAsync, withSale, ok, messages });
    }
    const jobId = withAsync ? `${shop.name}-shipping-${++shop.seq.job}` : null;
    return json(c, { success, failure, errors, job_id: jobId });
  });

  app.get(`${API}/admin/orders/:file{[0-9]+\\.json}`, (c) => {
    const shop = shopOf(c);
    const order = shop.orders.find((o) => `${o.id}.json` === c.req.param("file"));
    if (!order) return json(c, errorBody(404, "受注が見つかりません"), 404);
    const includes = parseIncludes(c.req.query("include"));
    if (typeof includes === "string")
      return json(
        c,
        errorBody(400, `${includes} is not specified as a relationship on OrderSerializer`),
        400,
      );
    return json(c, { data: renderOrder(order), included: includedFor([order], includes) });
  });

  // A small `PUT orders/:id.json {order: {…}}`: memos, remark, state and delivery request.
  app.put(`${API}/admin/orders/:file{[0-9]+\\.json}`, async (c) => {
    const shop = shopOf(c);
    const order = shop.orders.find((o) => `${o.id}.json` === c.req.param("file"));
    if (!order) return json(c, errorBody(404, "受注が見つかりません"), 404);
    const body = await c.req.json().catch(() => null);
    if (!isObject(body) || !isObject(body.order))
      return json(c, errorBody(400, "param is missing or the value is empty: order"), 400);
    const o = body.order;
    if (o.scheduled_to_be_delivered_at !== undefined) {
      const d =
        o.scheduled_to_be_delivered_at === null ? null : parseDate(str(o.scheduled_to_be_delivered_at));
      if (o.scheduled_to_be_delivered_at !== null && !d)
        return json(
          c,
          errorBody(422, "お届け予定日は不正な値です", "/data/attributes/scheduled_to_be_delivered_at"),
          422,
        );
      order.scheduled_to_be_delivered_at = d;
    }
    for (const f of ["memo01", "memo02", "remark", "scheduled_delivery_time"] as const)
      if (o[f] !== undefined) order[f] = o[f] === null ? null : str(o[f]);
    if (typeof o.state === "string" && o.state) order.state = o.state;
    order.updated_at = now().getTime();
    return json(c, { data: renderOrder(order), included: [] });
  });

  app.get(`${API}/admin/shipping_carriers.json`, (c) => {
    const includes = (c.req.query("include") ?? "").split(",").filter(Boolean);
    const unknown = includes.find((i) => i !== "delivery_times");
    if (unknown)
      return json(
        c,
        errorBody(400, `${unknown} is not specified as a relationship on ShippingCarrierSerializer`),
        400,
      );
    const { carriers } = shopOf(c);
    const timeId = (carrierId: number, i: number) => carrierId * 100 + i + 1;
    return json(c, {
      data: carriers.map((k) => ({
        id: String(k.id),
        type: "shipping_carrier",
        attributes: { name: k.name },
        relationships: {
          delivery_times: { data: k.times.map((_, i) => ref(timeId(k.id, i), "delivery_time")) },
        },
      })),
      included: includes.length
        ? carriers.flatMap((k) =>
            k.times.map((name, i) => ({
              id: String(timeId(k.id, i)),
              type: "delivery_time",
              attributes: { name, shipping_carrier_id: k.id, position: i + 1 },
            })),
          )
        : [],
      meta: { total_count: carriers.length, page: 1, per: 20, count: carriers.length, total_pages: 1 },
    });
  });

  // The simulator's page for a shop: any name opens one (see shop-page.ts).
  const openShopPage = (c: Context) => {
    const name = c.req.param("shop") ?? "";
    if (!SHOP_NAME.test(name)) return undefined;
    let shop = shops.get(name);
    if (!shop) {
      addShop(name, [], { apiToken: tokenForShop(name) });
      shop = shops.get(name)!;
    }
    return shop;
  };
  const baseUrlOf = (c: Context, name: string) => `${new URL(c.req.url).origin}/${name}`;
  const showShopPage = (c: Context) => {
    const shop = openShopPage(c);
    if (!shop) return json(c, errorBody(404), 404);
    return c.html(
      shopPage(
        { name: shop.name, apiToken: shop.apiToken, orders: shop.orders.length },
        baseUrlOf(c, shop.name),
      ),
    );
  };
  const fillShop = async (c: Context) => {
    const shop = openShopPage(c);
    if (!shop) return json(c, errorBody(404), 404);
    if (shop.orders.length === 0) {
      for (const seed of ordersAskedFor(shop.name, await c.req.parseBody(), now()))
        insertSeedOrder(shop, seed, now().getTime());
    }
    return c.redirect(`/${shop.name}`, 303);
  };
  for (const path of ["/:shop", "/:shop/"]) {
    app.get(path, showShopPage);
    app.post(path, fillShop);
  }

  app.notFound((c) => json(c, errorBody(404), 404));

  function addShop(name: string, orders: SeedOrder[], opts: AddShopOptions = {}): { apiToken: string } {
    if (shops.has(name)) throw new Error(`Ecforce simulator: shop ${name} already exists`);
    const shop = newShop(name, { ...opts, apiToken: opts.apiToken ?? randomBytes(20).toString("hex") });
    shops.set(name, shop);
    for (const seed of orders) insertSeedOrder(shop, seed, now().getTime());
    persisted.changed();
    return { apiToken: shop.apiToken };
  }

  function shop(name: string): EcforceShopInspection {
    const s = shops.get(name);
    if (!s) throw new Error(`Ecforce simulator: no shop ${name}`);
    return {
      name: s.name,
      apiToken: s.apiToken,
      orders: s.orders,
      order: (id) => s.orders.find((o) => o.id === id),
      orderByNumber: (n) => s.orders.find((o) => o.number === String(n)),
      shippingUpdates: s.shippingUpdates,
      requests: s.requests,
      addOrders: (seeds) => {
        const added = seeds.map((seed) => insertSeedOrder(s, seed, now().getTime()));
        persisted.changed();
        return added;
      },
    };
  }

  return {
    app,
    addShop,
    shop,
    /** Whether the simulator holds the shop (one kept from before a restart, say). */
    hasShop: (name: string) => shops.has(name),
    /** Write the shops to `persistTo` now rather than shortly (before a stop). */
    flush: () => persisted.flush(),
  };
}

export type EcforceSimulator = ReturnType<typeof createEcforceSimulator>;
