import { randomBytes } from "node:crypto";
import { prefectures } from "@okuru/core/shared/text";
import { Hono } from "hono";
import type { SeedOrder, SeedPerson } from "./seed-order";

/**
 * A local Ecforce: a contract fake of the v2 admin REST API the product uses
 * (carriers.md §7), in its JSON:API shapes, so pointing the product at a real shop
 * changes only the base URL and token. One process serves many shops by path: a
 * shop's base URL is `{origin}/{shop}`.
 *
 * Token auth (`Authorization: Token token="…"`), orders with ransack filters, sort,
 * include and page/per paging, order create, shipping carriers with delivery times,
 * the shipping update (発送結果戻し), and a per-shop rate limit answered with 429 and
 * `Retry-After`. Times are JST `YYYY/MM/DD HH:MM:SS`, as Ecforce writes them.
 */

export type EcforceOrder = {
  id: number;
  number: string;
  /** wmswait (to ship), shipped, canceled: the states a shipping tool meets. */
  state: "wmswait" | "shipped" | "canceled";
  paymentState: "paid" | "unpaid";
  email: string;
  total: number;
  deliveryFee: number;
  paymentMethod: string;
  scheduledDate: string | null;
  scheduledTime: string | null;
  remark: string;
  createdAt: string;
  updatedAt: string;
  shippingSlip: string | null;
  shippingCarrierId: number | null;
  shippedAt: string | null;
  billing: SeedPerson;
  shipping: SeedPerson;
  items: { id: number; name: string; sku: string; quantity: number; price: number }[];
};

export const CARRIERS = [
  { id: 1, name: "ヤマト運輸", times: ["午前中", "14時～16時", "16時～18時", "18時～20時", "19時～21時"] },
  {
    id: 2,
    name: "佐川急便",
    times: ["午前中", "12時～14時", "14時～16時", "16時～18時", "18時～21時", "19時～21時"],
  },
  {
    id: 3,
    name: "日本郵便",
    times: ["午前中", "12時～14時", "14時～16時", "16時～18時", "18時～20時", "19時～21時"],
  },
];

const PAYMENTS: Record<SeedOrder["payment"], string> = {
  credit_card: "クレジットカード決済",
  cod: "代金引換",
  bank_transfer: "銀行振込",
  konbini: "コンビニ決済（後払い）",
};

/** `2026/11/20 14:03:00` in Japan time. */
export function jstStamp(iso: string | Date): string {
  const t = new Date(new Date(iso).getTime() + 9 * 3600_000).toISOString();
  return `${t.slice(0, 4)}/${t.slice(5, 7)}/${t.slice(8, 10)} ${t.slice(11, 19)}`;
}

/** Parses Ecforce's JST stamp (or an ISO time) to epoch ms. */
function parseStamp(value: string): number {
  const m = value.match(/^(\d{4})[/-](\d{2})[/-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/);
  if (m) return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}+09:00`);
  return Date.parse(value);
}

const digits = (value: string) =>
  value.replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\D/g, "");

function splitPhone(phone: string): [string, string, string] {
  const d = digits(phone);
  if (d.length === 11) return [d.slice(0, 3), d.slice(3, 7), d.slice(7)];
  if (d.length === 10)
    return d.startsWith("0") && /^0[36]/.test(d)
      ? [d.slice(0, 2), d.slice(2, 6), d.slice(6)]
      : [d.slice(0, 3), d.slice(3, 6), d.slice(6)];
  return [d, "", ""];
}

type ShopState = {
  name: string;
  token: string;
  orders: EcforceOrder[];
  requests: number[];
  shippingUpdates: unknown[];
  nextNumber: number;
};

export function createEcforceSimulator(options: { now?: () => Date; requestsPerSecond?: number } = {}) {
  const now = options.now ?? (() => new Date());
  const limit = options.requestsPerSecond ?? 20;
  const shops = new Map<string, ShopState>();
  let ids = 80_000;
  const nextId = () => {
    ids += 1;
    return ids;
  };

  function fromSeed(seed: SeedOrder): EcforceOrder {
    const items = seed.lineItems.map((li) => ({
      id: nextId(),
      name: li.name,
      sku: li.sku,
      quantity: li.quantity,
      price: li.unitPrice,
    }));
    const stamp = jstStamp(seed.createdAt);
    return {
      id: nextId(),
      number: String(seed.number),
      // Ecforce has no partly shipped state: a partly fulfilled order is still waiting to ship.
      state: seed.state === "cancelled" ? "canceled" : seed.state === "fulfilled" ? "shipped" : "wmswait",
      paymentState: seed.payment === "cod" ? "unpaid" : "paid",
      email: seed.email,
      total: items.reduce((sum, li) => sum + li.price * li.quantity, 0) + seed.shippingFee,
      deliveryFee: seed.shippingFee,
      paymentMethod: PAYMENTS[seed.payment],
      scheduledDate: seed.deliveryDate ? seed.deliveryDate.replaceAll("-", "/") : null,
      scheduledTime: seed.deliveryTime,
      remark: seed.note,
      createdAt: stamp,
      updatedAt: stamp,
      shippingSlip: seed.state === "fulfilled" ? "412345678902" : null,
      shippingCarrierId: seed.state === "fulfilled" ? 1 : null,
      shippedAt: seed.state === "fulfilled" ? stamp : null,
      billing: seed.purchaser,
      shipping: seed.recipient,
      items,
    };
  }

  function address(id: string, person: SeedPerson) {
    const zip = digits(person.postalCode);
    const [tel01, tel02, tel03] = splitPhone(person.phone);
    const prefectureId = prefectures.indexOf(person.prefecture as (typeof prefectures)[number]) + 1;
    return {
      id,
      type: "address",
      attributes: {
        name01: person.familyName,
        name02: person.givenName,
        kana01: person.familyNameKana,
        kana02: person.givenNameKana,
        company_name: person.company || null,
        zip01: zip.slice(0, 3),
        zip02: zip.slice(3, 7),
        prefecture_id: prefectureId || null,
        prefecture_name: person.prefecture,
        addr01: person.city,
        addr02: person.address1,
        addr03: person.address2 || null,
        tel01,
        tel02,
        tel03,
        full_name: `${person.familyName} ${person.givenName}`.trim(),
      },
    };
  }

  function document(orders: EcforceOrder[], include: string[]) {
    const included: unknown[] = [];
    const data = orders.map((o) => {
      const rel = (type: string, id: string) => ({ data: { id, type } });
      if (include.includes("billing_address")) included.push(address(`b${o.id}`, o.billing));
      if (include.includes("shipping_address")) included.push(address(`s${o.id}`, o.shipping));
      if (include.includes("order_items"))
        for (const li of o.items)
          included.push({
            id: String(li.id),
            type: "order_item",
            attributes: {
              name: li.name,
              sku: li.sku,
              quantity: li.quantity,
              price: li.price,
              subtotal: li.price * li.quantity,
            },
          });
      if (include.includes("payment"))
        included.push({
          id: `p${o.id}`,
          type: "payment",
          attributes: { payment_method_name: o.paymentMethod },
        });
      return {
        id: String(o.id),
        type: "order",
        attributes: {
          number: o.number,
          state: o.state,
          payment_state: o.paymentState,
          email: o.email,
          total: o.total,
          subtotal: o.total - o.deliveryFee,
          delivery_fee: o.deliveryFee,
          payment_method_name: o.paymentMethod,
          shipping_carrier_id: o.shippingCarrierId,
          shipping_slip: o.shippingSlip,
          shipped_at: o.shippedAt,
          scheduled_to_be_delivered_at: o.scheduledDate,
          scheduled_delivery_time: o.scheduledTime,
          remark: o.remark,
          created_at: o.createdAt,
          updated_at: o.updatedAt,
        },
        relationships: {
          billing_address: rel("address", `b${o.id}`),
          shipping_address: rel("address", `s${o.id}`),
          order_items: { data: o.items.map((li) => ({ id: String(li.id), type: "order_item" })) },
          payment: rel("payment", `p${o.id}`),
        },
      };
    });
    return { data, included };
  }

  /** Ransack predicates on the order list (`q[state_eq]`, `q[created_at_gteq]`, `q[state_in][]` …). */
  function matches(order: EcforceOrder, q: Record<string, string[]>): boolean {
    for (const [key, values] of Object.entries(q)) {
      const m = key.match(/^q\[(\w+?)_(eq|not_eq|in|gteq|gt|lteq|lt|cont)\](\[\])?$/);
      if (!m) continue;
      const [, field, predicate] = m;
      const value = (
        {
          state: order.state,
          number: order.number,
          id: String(order.id),
          email: order.email,
          created_at: order.createdAt,
          updated_at: order.updatedAt,
          payment_state: order.paymentState,
        } as Record<string, string>
      )[field!];
      if (value === undefined) continue;
      const isTime = field === "created_at" || field === "updated_at";
      const cmp = (given: string) =>
        isTime
          ? parseStamp(value) - parseStamp(given)
          : field === "id"
            ? Number(value) - Number(given)
            : value.localeCompare(given);
      const ok =
        predicate === "eq"
          ? value === values[0]
          : predicate === "not_eq"
            ? value !== values[0]
            : predicate === "in"
              ? values.includes(value)
              : predicate === "cont"
                ? value.includes(values[0] ?? "")
                : predicate === "gteq"
                  ? cmp(values[0]!) >= 0
                  : predicate === "gt"
                    ? cmp(values[0]!) > 0
                    : predicate === "lteq"
                      ? cmp(values[0]!) <= 0
                      : cmp(values[0]!) < 0;
      if (!ok) return false;
    }
    return true;
  }

  const app = new Hono<{ Variables: { shop: ShopState } }>();

  app.use("/:shop/api/v2/admin/*", async (c, next) => {
    const shop = shops.get(c.req.param("shop"));
    if (!shop) return c.json({ errors: [{ status: "404", title: "Not Found" }] }, 404);
    const t = now().getTime();
    shop.requests = shop.requests.filter((at) => t - at < 1000);
    if (shop.requests.length >= limit) {
      c.header("Retry-After", "1");
      return c.json(
        {
          errors: [{ status: "429", title: "Too Many Requests", detail: "リクエスト数が上限を超えました。" }],
        },
        429,
      );
    }
    shop.requests.push(t);
    const token = c.req.header("authorization")?.match(/^Token token="([^"]+)"$/)?.[1];
    if (token !== shop.token) {
      return c.json(
        { errors: [{ status: "401", title: "Unauthorized", detail: "認証に失敗しました。" }] },
        401,
      );
    }
    c.set("shop", shop);
    await next();
  });

  app.get("/:shop/api/v2/admin/orders.json", (c) => {
    const shop = c.get("shop");
    const url = new URL(c.req.url);
    const q: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) {
      if (key.startsWith("q[")) q[key] = [...(q[key] ?? []), value];
    }
    // Like Rails' paging: a per above the maximum is clamped, not refused.
    const per = Math.min(100, Math.max(1, Number(url.searchParams.get("per") ?? 20) || 20));
    const pageNumber = Math.max(1, Number(url.searchParams.get("page") ?? 1) || 1);
    const sort = url.searchParams.get("sort") ?? "-created_at";
    const desc = sort.startsWith("-");
    const field = sort.replace(/^-/, "") as "created_at" | "updated_at" | "id";
    const keyOf = (o: EcforceOrder) =>
      field === "id" ? o.id : parseStamp(field === "updated_at" ? o.updatedAt : o.createdAt);
    const list = shop.orders
      .filter((o) => matches(o, q))
      .sort((a, b) => (keyOf(a) - keyOf(b) || a.id - b.id) * (desc ? -1 : 1));
    const totalPages = Math.max(1, Math.ceil(list.length / per));
    const slice = list.slice((pageNumber - 1) * per, pageNumber * per);
    const include = (url.searchParams.get("include") ?? "").split(",").map((s) => s.trim());
    const link = (n: number) => {
      const next = new URL(url);
      next.searchParams.set("page", String(n));
      return next.toString();
    };
    return c.json({
      ...document(slice, include),
      meta: { total_count: list.length, page: pageNumber, per, count: slice.length, total_pages: totalPages },
      links: {
        self: link(pageNumber),
        first: link(1),
        last: link(totalPages),
        next: pageNumber < totalPages ? link(pageNumber + 1) : null,
        prev: pageNumber > 1 ? link(pageNumber - 1) : null,
      },
    });
  });

  app.get("/:shop/api/v2/admin/orders/:id{[0-9]+}.json", (c) => {
    const order = c.get("shop").orders.find((o) => o.id === Number(c.req.param("id")));
    if (!order) return c.json({ errors: [{ status: "404", title: "Not Found" }] }, 404);
    const include = (c.req.query("include") ?? "billing_address,shipping_address,order_items,payment").split(
      ",",
    );
    const doc = document([order], include);
    return c.json({ data: doc.data[0], included: doc.included });
  });

  app.post("/:shop/api/v2/admin/orders.json", async (c) => {
    const shop = c.get("shop");
    const body = (await c.req.json().catch(() => null)) as { order?: Record<string, unknown> } | null;
    const input = body?.order;
    const errors: string[] = [];
    const shipping = (input?.shipping_address ?? input?.billing_address) as
      | Record<string, string>
      | undefined;
    const items = (input?.order_items ?? []) as {
      name?: string;
      sku?: string;
      quantity?: number;
      price?: number;
    }[];
    if (!input) errors.push("order を指定してください");
    if (!shipping?.name01) errors.push("お届け先の姓を入力してください");
    if (!shipping?.zip01 || !shipping?.zip02) errors.push("お届け先の郵便番号を入力してください");
    if (!shipping?.addr01) errors.push("お届け先の市区町村を入力してください");
    if (items.length === 0) errors.push("商品を1つ以上指定してください");
    if (errors.length || !input || !shipping)
      return c.json(
        { errors: errors.map((detail) => ({ status: "422", title: "Unprocessable Entity", detail })) },
        422,
      );
    const person = (a: Record<string, string>): SeedPerson => ({
      familyName: a.name01 ?? "",
      givenName: a.name02 ?? "",
      familyNameKana: a.kana01 ?? "",
      givenNameKana: a.kana02 ?? "",
      company: a.company_name ?? "",
      postalCode: `${a.zip01 ?? ""}${a.zip02 ?? ""}`,
      prefecture: a.prefecture_name ?? prefectures[Number(a.prefecture_id) - 1] ?? "",
      city: a.addr01 ?? "",
      address1: a.addr02 ?? "",
      address2: a.addr03 ?? "",
      phone: [a.tel01, a.tel02, a.tel03].filter(Boolean).join("-"),
    });
    const stamp = jstStamp(now());
    const lineItems = items.map((li) => ({
      id: nextId(),
      name: li.name ?? "商品",
      sku: li.sku ?? "",
      quantity: Number(li.quantity ?? 1),
      price: Number(li.price ?? 0),
    }));
    const order: EcforceOrder = {
      id: nextId(),
      number: String(shop.nextNumber++),
      state: "wmswait",
      paymentState: "paid",
      email: String(input.email ?? ""),
      total: lineItems.reduce((s, li) => s + li.price * li.quantity, 0),
      deliveryFee: 0,
      paymentMethod: String(input.payment_method_name ?? "クレジットカード決済"),
      scheduledDate: (input.scheduled_to_be_delivered_at as string | undefined) ?? null,
      scheduledTime: (input.scheduled_delivery_time as string | undefined) ?? null,
      remark: String(input.remark ?? ""),
      createdAt: stamp,
      updatedAt: stamp,
      shippingSlip: null,
      shippingCarrierId: null,
      shippedAt: null,
      billing: person((input.billing_address as Record<string, string>) ?? shipping),
      shipping: person(shipping),
      items: lineItems,
    };
    shop.orders.push(order);
    const doc = document([order], ["billing_address", "shipping_address", "order_items", "payment"]);
    return c.json({ data: doc.data[0], included: doc.included }, 201);
  });

  app.get("/:shop/api/v2/admin/shipping_carriers.json", (c) => {
    const withTimes = (c.req.query("include") ?? "").includes("delivery_times");
    return c.json({
      data: CARRIERS.map((carrier) => ({
        id: String(carrier.id),
        type: "shipping_carrier",
        attributes: { name: carrier.name },
        relationships: {
          delivery_times: {
            data: carrier.times.map((_, i) => ({ id: `${carrier.id}-${i + 1}`, type: "delivery_time" })),
          },
        },
      })),
      included: withTimes
        ? CARRIERS.flatMap((carrier) =>
            carrier.times.map((name, i) => ({
              id: `${carrier.id}-${i + 1}`,
              type: "delivery_time",
              attributes: { name },
            })),
          )
        : [],
      meta: { total_count: CARRIERS.length },
    });
  });

  app.put("/:shop/api/v2/admin/orders/shipping.json", async (c) => {
    const shop = c.get("shop");
    const body = (await c.req.json().catch(() => null)) as {
      orders?: {
        id?: number | string;
        shipping_slip?: string;
        shipping_carrier_id?: number | string;
        shipped_at?: string;
      }[];
    } | null;
    shop.shippingUpdates.push(body);
    const success: string[] = [];
    const failure: string[] = [];
    const errors: { id: string; messages: string[] }[] = [];
    for (const entry of body?.orders ?? []) {
      const id = String(entry.id ?? "");
      const order = shop.orders.find((o) => String(o.id) === id);
      const messages: string[] = [];
      if (!order) messages.push("受注が見つかりません");
      if (!CARRIERS.some((carrier) => String(carrier.id) === String(entry.shipping_carrier_id)))
        messages.push("配送業者が正しくありません");
      if (!entry.shipping_slip) messages.push("伝票番号を入力してください");
      if (!entry.shipped_at || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(entry.shipped_at))
        messages.push("発送日時の形式が正しくありません");
      if (order?.state === "canceled") messages.push("キャンセルされた受注は発送できません");
      if (messages.length || !order) {
        failure.push(id);
        errors.push({ id, messages });
        continue;
      }
      order.shippingSlip = entry.shipping_slip!;
      order.shippingCarrierId = Number(entry.shipping_carrier_id);
      order.shippedAt = entry.shipped_at!.replaceAll("-", "/");
      order.state = "shipped";
      order.updatedAt = jstStamp(now());
      success.push(id);
    }
    return c.json({ success, failure, errors, job_id: null });
  });

  return {
    app,
    /** Opens a shop with these orders; its API token is what the merchant copies from Ecforce's admin. */
    addShop(name: string, seeds: SeedOrder[], opts: { apiToken?: string } = {}) {
      const token = opts.apiToken ?? randomBytes(20).toString("hex");
      const shop: ShopState = {
        name,
        token,
        orders: seeds.map(fromSeed),
        requests: [],
        shippingUpdates: [],
        nextNumber: 1,
      };
      shop.nextNumber = Math.max(1001, ...shop.orders.map((o) => Number(o.number) + 1));
      shops.set(name, shop);
      return { apiToken: token };
    },
    shop(name: string) {
      const shop = shops.get(name);
      if (!shop) throw new Error(`No simulated Ecforce shop ${name}`);
      return shop;
    },
  };
}

export type EcforceSimulator = ReturnType<typeof createEcforceSimulator>;
