import { prefectures } from "@okuru/core/shared/text";
import type { SeedLineItem, SeedOrder, SeedPerson } from "../seed-order";

/**
 * The Ecforce simulator's data: orders as Ecforce stores them (ids, 3 + 4 digit zip,
 * split phone, prefecture id), rendered from platform-neutral SeedOrders or created
 * through the API, plus what each shop has seen (requests, shipping updates).
 *
 * Timestamps are kept as epoch milliseconds and written as JST `YYYY/MM/DD HH:MM:SS`
 * only when rendered, as Ecforce writes them.
 */

export type EcforceAddress = {
  id: number;
  name01: string;
  name02: string;
  kana01: string;
  kana02: string;
  company_name: string;
  zip01: string;
  zip02: string;
  prefecture_id: number | null;
  prefecture_name: string;
  addr01: string;
  addr02: string;
  addr03: string;
  tel01: string;
  tel02: string;
  tel03: string;
};

export type EcforceOrderItem = { id: number; name: string; sku: string; quantity: number; price: number };

/**
 * States: Ecforce has a per-shop state dictionary (`complete`, `wmswait`, `cooolawait`,
 * …; docs/platforms.md#ecforce-orders). The simulator uses the three a shipping tool meets:
 * - `wmswait` (waiting for the warehouse, i.e. to be shipped) for new orders and for
 *   partially fulfilled ones (Ecforce has no partial state; the rest still has to ship);
 *   a shop can choose another "open" state (e.g. `complete`) with `addShop(…, {openState})`;
 * - `shipped` once fulfilled (or after a successful shipping update);
 * - `canceled` (Rails spelling) for cancelled orders.
 */
export type EcforceOrder = {
  id: number;
  number: string;
  state: string;
  payment_state: "paid" | "unpaid";
  email: string;
  subtotal: number;
  delivery_fee: number;
  total: number;
  payment_id: number;
  payment_method_name: string;
  customer_id: number;
  shipping_carrier_id: number | null;
  shipping_slip: string | null;
  /** Epoch ms. */
  shipped_at: number | null;
  /** YYYY-MM-DD internally; rendered YYYY/MM/DD. */
  scheduled_to_be_delivered_at: string | null;
  scheduled_delivery_time: string | null;
  memo01: string | null;
  memo02: string | null;
  remark: string | null;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms. */
  updated_at: number;
  billing_address: EcforceAddress;
  shipping_address: EcforceAddress;
  order_items: EcforceOrderItem[];
};

export type RequestLogEntry = {
  at: Date;
  method: string;
  /** Path after the shop prefix, e.g. `/api/v2/admin/orders.json`. */
  path: string;
  query: string;
  status: number;
  /** Query parameters Ecforce (ransack) would silently ignore: unknown filters, bad values. */
  ignored: string[];
};

export type ShippingUpdateEntry = {
  at: Date;
  /** The entry as sent in `orders[]`. */
  request: Record<string, unknown>;
  withAsync: boolean;
  withSale: boolean;
  ok: boolean;
  messages: string[];
};

export type ShopState = {
  name: string;
  apiToken: string;
  admin: { email: string; password: string };
  openState: string;
  defaultCarrierId: number;
  /** The shop's delivery companies (shipping_carriers.json); each shop names its own. */
  carriers: readonly EcforceCarrier[];
  orders: EcforceOrder[];
  requests: RequestLogEntry[];
  shippingUpdates: ShippingUpdateEntry[];
  /** Times (ms) of requests served, for the rolling rate limit. */
  hits: number[];
  /** Times (ms) of sign-in attempts (about 5 an hour). */
  signIns: number[];
  seq: { order: number; address: number; item: number; payment: number; customer: number; job: number };
  customers: Map<string, number>;
};

export type EcforceCarrier = { id: number; name: string; times: readonly string[] };

export const CARRIERS = [
  { id: 1, name: "ヤマト運輸", times: ["午前中", "14時～16時", "16時～18時", "18時～20時", "19時～21時"] },
  {
    id: 2,
    name: "佐川急便",
    times: ["午前中", "12時～14時", "14時～16時", "16時～18時", "18時～20時", "18時～21時", "19時～21時"],
  },
  {
    id: 3,
    name: "日本郵便",
    times: ["午前中", "12時～14時", "14時～16時", "16時～18時", "18時～20時", "19時～21時", "20時～21時"],
  },
] as const;

export const PAYMENT_METHODS: Record<SeedOrder["payment"], string> = {
  credit_card: "クレジットカード決済",
  cod: "代金引換",
  bank_transfer: "銀行振込",
  konbini: "コンビニ決済",
};
export const PAYMENT_METHOD_NAMES: readonly string[] = [...Object.values(PAYMENT_METHODS), "後払い決済"];

// ---------------------------------------------------------------------------
// Time

const JST_MS = 9 * 3600_000;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Epoch ms → JST `YYYY/MM/DD HH:MM:SS`. */
export function jst(ms: number): string {
  const d = new Date(ms + JST_MS);
  return (
    `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/**
 * Parses a time as a client or a seed writes it: `YYYY-MM-DD`, `YYYY/MM/DD`, with an
 * optional ` HH:MM[:SS]` or `THH:MM[:SS]` and an optional zone; no zone means JST.
 * Returns epoch ms or null.
 */
export function parseTime(value: string): number | null {
  const m =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(
      value.trim(),
    );
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return null;
  const utc = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s));
  if (new Date(utc).getUTCDate() !== day) return null;
  let offset = JST_MS;
  if (zone === "Z") offset = 0;
  else if (zone) {
    const z = /([+-])(\d{2}):?(\d{2})/.exec(zone)!;
    offset = (z[1] === "-" ? -1 : 1) * (Number(z[2]) * 3600_000 + Number(z[3]) * 60_000);
  }
  return utc - offset;
}

/** `YYYY-MM-DD` or `YYYY/MM/DD` → `YYYY-MM-DD`, or null. */
export function parseDate(value: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value.trim());
  if (!m || parseTime(value) === null) return null;
  return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
}

// ---------------------------------------------------------------------------
// Address normalisation (zip, tel, prefecture); names and addresses stay as typed.

/** Ecforce stores the zip as 3 + 4 digits; the seed's full-width digits, 〒 and hyphens go. */
export function splitZip(postalCode: string): { zip01: string; zip02: string } {
  const digits = postalCode.normalize("NFKC").replace(/\D/g, "");
  return { zip01: digits.slice(0, 3), zip02: digits.slice(3) };
}

/** The phone in three digit groups: the customer's own grouping if there is one, else a guess. */
export function splitTel(phone: string): { tel01: string; tel02: string; tel03: string } {
  let text = phone.normalize("NFKC").trim();
  if (text.startsWith("+81")) text = `0${text.slice(3).replace(/^\D*0?/, "")}`;
  const parts = text.split(/\D+/).filter(Boolean);
  if (parts.length === 3) return { tel01: parts[0]!, tel02: parts[1]!, tel03: parts[2]! };
  const d = parts.join("");
  const cut = (a: number, b: number) => ({
    tel01: d.slice(0, a),
    tel02: d.slice(a, a + b),
    tel03: d.slice(a + b),
  });
  if (d.length === 11) return cut(3, 4);
  if (d.length === 10 && /^0(120|800)/.test(d)) return cut(4, 3);
  if (d.length === 10 && /^0[36]/.test(d)) return cut(2, 4);
  if (d.length === 10) return cut(3, 3);
  return { tel01: d, tel02: "", tel03: "" };
}

export function prefectureOf(name: string): { prefecture_id: number | null; prefecture_name: string } {
  const text = name.trim();
  let i = (prefectures as readonly string[]).indexOf(text);
  if (i < 0 && text) i = prefectures.findIndex((p) => p.startsWith(text));
  return i < 0
    ? { prefecture_id: null, prefecture_name: text }
    : { prefecture_id: i + 1, prefecture_name: prefectures[i]! };
}

export function prefectureName(id: number): string | undefined {
  return prefectures[id - 1];
}

// ---------------------------------------------------------------------------
// Shops and orders

export function newShop(
  name: string,
  opts: {
    apiToken: string;
    admin?: { email: string; password: string };
    openState?: string;
    defaultCarrierId?: number;
    carriers?: readonly EcforceCarrier[];
  },
): ShopState {
  return {
    name,
    apiToken: opts.apiToken,
    admin: opts.admin ?? { email: `admin@${name}.example`, password: "password" },
    openState: opts.openState ?? "wmswait",
    defaultCarrierId: opts.defaultCarrierId ?? opts.carriers?.[0]?.id ?? 1,
    carriers: opts.carriers ?? CARRIERS,
    orders: [],
    requests: [],
    shippingUpdates: [],
    hits: [],
    signIns: [],
    seq: { order: 0, address: 0, item: 0, payment: 0, customer: 0, job: 0 },
    customers: new Map(),
  };
}

export type AddressInput = Omit<EcforceAddress, "id">;

export function addressFromPerson(p: SeedPerson): AddressInput {
  return {
    name01: p.familyName,
    name02: p.givenName,
    kana01: p.familyNameKana,
    kana02: p.givenNameKana,
    company_name: p.company,
    ...splitZip(p.postalCode),
    ...prefectureOf(p.prefecture),
    addr01: p.city,
    addr02: p.address1,
    addr03: p.address2,
    ...splitTel(p.phone),
  };
}

/**
 * A new order as given: the shop assigns the ids, the customer, the payment id, the
 * totals and (unless given) the number; `memo02` starts empty.
 */
export type OrderInput = Omit<
  EcforceOrder,
  | "id"
  | "number"
  | "subtotal"
  | "total"
  | "payment_id"
  | "customer_id"
  | "memo02"
  | "billing_address"
  | "shipping_address"
  | "order_items"
> & {
  number?: string;
  billing_address: AddressInput;
  shipping_address: AddressInput;
  order_items: Omit<EcforceOrderItem, "id">[];
};

export function insertOrder(shop: ShopState, input: OrderInput): EcforceOrder {
  const s = shop.seq;
  let customer = shop.customers.get(input.email);
  if (customer === undefined) {
    customer = ++s.customer;
    shop.customers.set(input.email, customer);
  }
  const items = input.order_items.map((item) => ({ id: ++s.item, ...item }));
  const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const maxNumber = shop.orders.reduce((m, o) => Math.max(m, Number(o.number) || 0), 1000);
  const order: EcforceOrder = {
    id: ++s.order,
    number: input.number ?? String(maxNumber + 1),
    state: input.state,
    payment_state: input.payment_state,
    email: input.email,
    subtotal,
    delivery_fee: input.delivery_fee,
    total: subtotal + input.delivery_fee,
    payment_id: ++s.payment,
    payment_method_name: input.payment_method_name,
    customer_id: customer,
    shipping_carrier_id: input.shipping_carrier_id,
    shipping_slip: input.shipping_slip,
    shipped_at: input.shipped_at,
    scheduled_to_be_delivered_at: input.scheduled_to_be_delivered_at,
    scheduled_delivery_time: input.scheduled_delivery_time,
    memo01: input.memo01,
    memo02: null,
    remark: input.remark,
    created_at: input.created_at,
    updated_at: input.updated_at,
    billing_address: { id: ++s.address, ...input.billing_address },
    shipping_address: { id: ++s.address, ...input.shipping_address },
    order_items: items,
  };
  shop.orders.push(order);
  return order;
}

const itemInput = (i: SeedLineItem) => ({
  name: i.name,
  sku: i.sku,
  quantity: i.quantity,
  price: i.unitPrice,
});

/** Renders a platform-neutral seed order the way Ecforce would hold it. */
export function insertSeedOrder(shop: ShopState, seed: SeedOrder, now: number): EcforceOrder {
  const created = parseTime(seed.createdAt) ?? Date.parse(seed.createdAt);
  const createdAt = Number.isFinite(created) ? created : now;
  const fulfilled = seed.state === "fulfilled";
  const shippedAt = fulfilled ? createdAt + 26 * 3600_000 : null;
  const state =
    seed.state === "fulfilled" ? "shipped" : seed.state === "cancelled" ? "canceled" : shop.openState;
  return insertOrder(shop, {
    number: String(seed.number),
    state,
    payment_state: seed.payment === "cod" ? "unpaid" : "paid",
    email: seed.email,
    payment_method_name: PAYMENT_METHODS[seed.payment],
    delivery_fee: seed.shippingFee,
    shipping_carrier_id: shop.defaultCarrierId,
    shipping_slip: fulfilled ? String(400000000000 + seed.number * 7919) : null,
    shipped_at: shippedAt,
    scheduled_to_be_delivered_at: seed.deliveryDate ? parseDate(seed.deliveryDate) : null,
    scheduled_delivery_time: seed.deliveryTime,
    memo01: null,
    remark: seed.note === "" ? null : seed.note,
    created_at: createdAt,
    updated_at: shippedAt ?? (seed.state === "cancelled" ? createdAt + 3600_000 : createdAt),
    billing_address: addressFromPerson(seed.purchaser),
    shipping_address: addressFromPerson(seed.recipient),
    order_items: seed.lineItems.map(itemInput),
  });
}
