import { z } from "zod";
import { useTenantID } from "../../actor";
import { NotFoundError } from "../../error";
import { CounterEntity } from "../counter/entity";
import { batchGet, findManyById, PAGE_SIZE, type Page, type PageRequest, page, readsById } from "../records";
import { ShopEntity } from "../shop/entity";
import { OrderEntity, type OrderItem } from "./entity";
import { fallbackCarrier, filterExpression, ListFilters, matchesFilters } from "./list-filters";
import { platformIdQuery, queryGroupsFor, type SearchToken, type TokenKind } from "./search";
import { OrderSearchEntity } from "./search-entity";
import { type Tab, tabs, utc } from "./shapes";

// ---------------------------------------------------------------------------
// Reads

export const notFound = () => new NotFoundError("order.not_found", "注文が見つかりません。");

export const { find, get } = readsById(
  "order",
  (tenantId, orderId) => OrderEntity.get({ tenantId, orderId }).go(),
  notFound,
);

export const ListQuery = z.object({
  tab: z.enum(tabs).default("notShipped"),
  shopId: z.string().optional(),
  purchasedFrom: utc.optional(),
  purchasedTo: utc.optional(),
  search: z.string().trim().max(100).optional(),
  /** docs/requirements.md#api-calls: a Shopify order by its numeric id (and shop URL). */
  shopifyOrderId: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  /** The canonical `https://{shop}.myshopify.com` (shared/order.ts `shopifyShopUrl`). */
  shopifyShopUrl: z.string().max(200).optional(),
  /** Within a status tab: only the orders with (true) or without (false) errors. */
  isError: z.boolean().optional(),
  /** 送り状: only the orders with a live label (issued) or without (unissued). */
  labelState: ListFilters.labelState,
  /** Only the orders that ship by this carrier (Order.shippingCarrier; other: その他 or none). */
  carrier: ListFilters.carrier,
});
export type ListQuery = z.input<typeof ListQuery>;

/** The most a search answers: it is for finding an order, not for paging through many. */
export const SEARCH_RESULTS = 100;
/** The most orders one word of a several-word search reads before the words are intersected. */
const WORD_RESULTS = 1000;

/**
 * One page of a tab, newest purchase first, served by an index: the status index
 * (with the purchase-date range as a key range), the shop-and-status index, or the
 * sparse error index. Errors of one shop are the one filtered read, bounded to one
 * index page per request.
 */
export async function list(query: ListQuery, request: PageRequest = {}): Promise<Page<OrderItem>> {
  const q = ListQuery.parse(query);
  const tenantId = useTenantID();
  if (q.search || q.shopifyOrderId) return { items: await search(q), cursor: null };
  const none = { items: [], cursor: null };
  if (q.tab === "error" && q.isError === false) return none;
  if (q.shopifyShopUrl) {
    // A shop URL alone names one shop: its orders are read on the shop's index like shop_id's.
    const shopId = await shopIdOfUrl(q.shopifyShopUrl);
    if (!shopId || (q.shopId && q.shopId !== shopId)) return none;
    q.shopId = shopId;
  }
  const fallback = q.carrier ? await fallbackCarrier() : undefined;
  // Sort keys are `purchasedAt#orderId`: "~" sorts after "#", so the upper bound includes its own second.
  const range = { from: q.purchasedFrom ?? "0000", to: `${q.purchasedTo ?? "9999"}~` };
  const options = { order: "desc" as const };
  // Filtered lists are bounded reads (one index page per request), so a page may be short.
  const filtered = { ...options, bounded: true };
  if (q.tab === "error" || q.isError === true) {
    const status = q.tab === "error" ? undefined : q.tab;
    const errors = OrderEntity.query
      .byError({ tenantId })
      .between({ purchasedAt: range.from }, { purchasedAt: range.to });
    if (!q.shopId && !status && !q.labelState && !q.carrier) return page(errors, request, options);
    // The error index is sparse, so few items are read past.
    return page(
      errors.where((attr, op) =>
        [
          q.shopId ? op.eq(attr.shopId, q.shopId) : "",
          status ? op.eq(attr.shipmentStatus, status) : "",
          filterExpression(attr, op, q, fallback),
        ]
          .filter(Boolean)
          .join(" AND "),
      ),
      request,
      filtered,
    );
  }
  const tab = q.shopId
    ? OrderEntity.query.byShop({ tenantId, shopId: q.shopId, shipmentStatus: q.tab })
    : OrderEntity.query.byStatus({ tenantId, shipmentStatus: q.tab });
  const inRange = tab.between({ purchasedAt: range.from }, { purchasedAt: range.to });
  if (q.isError === undefined && !q.labelState && !q.carrier) return page(inRange, request, options);
  return page(
    inRange.where((attr, op) =>
      [q.isError === undefined ? "" : op.eq(attr.isError, false), filterExpression(attr, op, q, fallback)]
        .filter(Boolean)
        .join(" AND "),
    ),
    request,
    filtered,
  );
}

/** The company's Shopify shop whose canonical URL this is; undefined for another company's or none. */
async function shopIdOfUrl(shopUrl: string): Promise<string | undefined> {
  const domain = shopUrl.replace(/^https:\/\//, "");
  const { data } = await ShopEntity.query
    .byId({ tenantId: useTenantID() })
    .go({ pages: "all", attributes: ["shopId", "platform", "domain"] });
  return data.find((shop) => shop.platform === "shopify" && shop.domain === domain)?.shopId;
}

/**
 * The ids of the orders (newest purchase first, at most SEARCH_RESULTS) whose tokens
 * begin with one of these queries: the order search index, read by key ranges only.
 */
async function idsOfTokens(queries: SearchToken[], cap = SEARCH_RESULTS): Promise<string[]> {
  const tenantId = useTenantID();
  const matches = await Promise.all(
    queries.map(({ shard, token }) =>
      OrderSearchEntity.query
        .byToken({ tenantId, shard })
        .begins({ token })
        // `limit` asks DynamoDB for that many per request: without it each request reads
        // a full 1 MB page of the shard's tokens to keep the first hundred.
        .go({ count: cap, limit: cap, attributes: ["orderId", "purchasedAt"] }),
    ),
  );
  return [...new Map(matches.flatMap((m) => m.data).map((m) => [m.orderId, m.purchasedAt])).entries()]
    .sort((a, b) => (a[1] < b[1] ? 1 : -1))
    .slice(0, cap)
    .map(([orderId]) => orderId);
}

/**
 * The orders every word of a search box value finds (山田 横浜: the orders both find), by
 * the values of these kinds only when given (the shipment history's search). Each word is
 * read on the index; the intersection is taken of what the words found.
 */
export async function idsFound(search: string, kinds?: readonly TokenKind[]): Promise<string[]> {
  const groups = queryGroupsFor(search).map((group) =>
    kinds ? group.filter((query) => kinds.some((kind) => query.token.startsWith(`${kind}:`))) : group,
  );
  if (groups.length === 0 || groups.some((group) => group.length === 0)) return [];
  if (groups.length === 1) return idsOfTokens(groups[0]!);
  // Each word alone may find many more orders than both together: each is read further.
  const found = await Promise.all(groups.map((group) => idsOfTokens(group, WORD_RESULTS)));
  const [first, ...rest] = found.map((ids) => new Set(ids));
  return [...first!].filter((id) => rest.every((other) => other.has(id))).slice(0, SEARCH_RESULTS);
}

async function search(q: z.output<typeof ListQuery>): Promise<OrderItem[]> {
  const tenantId = useTenantID();
  const exact = q.shopifyOrderId ? platformIdQuery(q.shopifyOrderId) : undefined;
  const [ids, fallback] = await Promise.all([
    exact ? idsOfTokens([exact]) : idsFound(q.search ?? ""),
    q.carrier ? fallbackCarrier() : undefined,
  ]);
  if (ids.length === 0) return [];
  // Through batchGet: keys DynamoDB leaves unprocessed are asked again, not silently dropped.
  const data = await batchGet(
    ids.map((orderId) => ({ tenantId, orderId })),
    (keys) => OrderEntity.get(keys).go(),
  );
  return data
    .filter((order) => (q.tab === "error" ? order.isError : order.shipmentStatus === q.tab))
    .filter((order) => q.isError === undefined || order.isError === q.isError)
    .filter((order) => !exact || order.platformOrderId.split("/").pop() === q.shopifyOrderId)
    .filter((order) => !q.shopifyShopUrl || order.shopUrl === q.shopifyShopUrl)
    .filter((order) => !q.shopId || order.shopId === q.shopId)
    .filter((order) => !q.purchasedFrom || order.purchasedAt >= q.purchasedFrom)
    .filter((order) => !q.purchasedTo || order.purchasedAt <= q.purchasedTo)
    .filter((order) => matchesFilters(order, q, fallback))
    .sort((a, b) => (a.purchasedAt < b.purchasedAt ? 1 : -1));
}

/** Per-tab counts, kept as counters beside the orders (never a COUNT over the tenant's orders). */
export async function counts(): Promise<Record<Tab, number>> {
  const tenantId = useTenantID();
  // The tabs are known, so their counters are read by key: a begins_with over the tenant's
  // partition, which also holds every order, is a range read DynamoDB Local does not index.
  const data = await batchGet(
    tabs.map((tab) => ({ tenantId, name: `orders:${tab}` })),
    (keys) => CounterEntity.get(keys).go(),
  );
  const result = Object.fromEntries(tabs.map((tab) => [tab, 0])) as Record<Tab, number>;
  for (const counter of data) {
    const tab = counter.name.slice("orders:".length) as Tab;
    if (tab in result) result[tab] = Math.max(0, counter.count);
  }
  return result;
}

/**
 * Every order of a list (the same tab and filters as `list`), by id and number, for
 * "select all": read through the list's own pages, at most `cap`; `truncated` when
 * more match.
 */
export async function ids(
  query: ListQuery,
  cap: number,
): Promise<{ items: { id: string; orderNumber: string }[]; truncated: boolean }> {
  const items: { id: string; orderNumber: string }[] = [];
  let cursor: string | null = null;
  do {
    const next: Page<OrderItem> = await list(query, { cursor, limit: PAGE_SIZE.max });
    for (const order of next.items) items.push({ id: order.orderId, orderNumber: order.orderNumber });
    cursor = next.cursor;
  } while (cursor && items.length <= cap);
  return { items: items.slice(0, cap), truncated: items.length > cap };
}

/** Several orders of the tenant in one BatchGet, by id; ids of another shape are simply absent. */
export const findMany = (orderIds: string[]): Promise<Map<string, OrderItem>> =>
  findManyById("order", "orderId", orderIds, (keys: { tenantId: string; orderId: string }[]) =>
    OrderEntity.get(keys).go(),
  );
