import { createHmac, randomUUID } from "node:crypto";
import { API_VERSION } from "@okuru/core/platforms/shopify";
import { memoized } from "@okuru/core/util/memo";
import { type DocumentNode, execute, type GraphQLError, getOperationAST, parse, validate } from "graphql";
import { type Context, Hono } from "hono";
import { persistedFile } from "../persist";
import type { SeedOrder } from "../seed-order";
import { type BulkErrorCode, type BulkPace, createBulkOperations, SHOPIFY_BULK_PACE } from "./bulk";
import { newStoreFields, ordersAskedFor, planAskedFor } from "./new-store";
import { type CostLimit, costLimitOf, PLANS, type ShopifyPlan } from "./plans";
import { type GraphQLContext, rootValue, schema, topicPath } from "./schema";
import { restore, snapshotOf } from "./snapshot";
import {
  createShopState,
  isoUtc,
  orderFromSeed,
  parseUrl,
  type RefreshToken,
  randomHex,
  type ShopState,
  type StoredOrder,
  type TokenRecord,
  type WebhookDelivery,
  type WebhookSubscription,
} from "./store";
import { CostBucket, queryCost } from "./throttle";
import { deliver, restOrder, restShop } from "./webhooks";

export { PLANS, type ShopifyPlan } from "./plans";
export type { StoredOrder, TokenRecord, WebhookDelivery, WebhookSubscription } from "./store";

export type ShopifySimulatorOptions = {
  /** The app's client id (API key) and client secret, as in the Partner Dashboard. */
  clientId: string;
  clientSecret: string;
  now?: () => Date;
  /** Where the shops are kept across restarts (`npm start`); in memory only when absent. */
  persistTo?: string;
  /** How fast bulk operations start and run (default SHOPIFY_BULK_PACE). */
  bulkPace?: BulkPace;
  /** Every shop's plan unless it has its own (Standard by default): a plan's name, or any cost limit. */
  bucket?: ShopifyPlan | CostLimit;
};

export type PrivacyTopic = "customers/data_request" | "customers/redact" | "shop/redact";

/** What a real install grants a custom app's Admin API token here: every scope the simulator checks. */
const ALL_SCOPES = [
  "read_orders",
  "write_orders",
  "read_all_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "read_assigned_fulfillment_orders",
  "write_assigned_fulfillment_orders",
  "read_third_party_fulfillment_orders",
  "write_third_party_fulfillment_orders",
  "read_customers",
];

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";
/** Shopify's single-query ceiling, whatever the bucket size. */
const MAX_QUERY_COST = 1000;
const ACCESS_TOKEN_TTL = 3600;
const REFRESH_TOKEN_TTL = 90 * 24 * 3600;
const ONLINE_TOKEN_TTL = 86399;
const CODE_TTL_MS = 60_000;
const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9\-_]*\.myshopify\.com$/;

type AuthCode = { shop: string; scopes: string[]; online: boolean; expiresAt: number; used: boolean };

/**
 * A query parsed and validated once per distinct text: a client sends the same few
 * queries again and again (a sync pages through with one), and graphql-js never
 * changes a document it executes. The answer for an invalid one is kept too.
 */
const preparedQuery = memoized((query: string): { document: DocumentNode } | { errors: unknown[] } => {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    return { errors: [(error as GraphQLError).toJSON()] };
  }
  const invalid = validate(schema, document);
  return invalid.length ? { errors: invalid.map((e) => e.toJSON()) } : { document };
}, 100);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A local stand-in for Shopify, many shops in one process, each under its own path prefix:
 * `https://{shop}/admin/…` is `${baseUrl}/{shop}/admin/…` here. It speaks the OAuth
 * authorization-code grant (with expiring offline tokens), a subset of the Admin GraphQL API
 * (the product's API_VERSION only) with Shopify's cost-based throttling per plan, bulk query
 * operations, and signed webhooks. A `*.myshopify.com` domain it has never seen becomes a new
 * store at its consent page; with `persistTo`, the shops outlive a restart.
 */
export function createShopifySimulator(options: ShopifySimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const bucketConfig = costLimitOf(options.bucket ?? "standard");
  const shops = new Map<string, ShopState>();
  const tokens = new Map<string, TokenRecord>();
  const refreshTokens = new Map<string, RefreshToken>();
  const codes = new Map<string, AuthCode>();
  const buckets = new Map<string, CostBucket>();
  /** Shops on another plan than the simulator's default (a test's small bucket, a bench's large one). */
  const shopBuckets = new Map<string, CostLimit>();
  const pending = new Set<Promise<unknown>>();
  /** Points the app's queries actually cost per shop (after refunds), for benches measuring use of the bucket. */
  const appPoints = new Map<string, number>();

  const persisted = persistedFile(options.persistTo, () =>
    snapshotOf({ shops, tokens, refreshTokens, plans: shopBuckets }),
  );
  const saved = persisted.load();
  if (saved) restore({ shops, tokens, refreshTokens, plans: shopBuckets }, saved);

  const bulk = createBulkOperations({
    now,
    pace: options.bulkPace ?? SHOPIFY_BULK_PACE,
    onFinish: ({ shop, payload }) => {
      const state = shops.get(shop);
      if (!state) return;
      for (const sub of state.webhookSubscriptions)
        if (topicPath(sub.topic) === "bulk_operations/finish")
          void sendTo(state, sub, "bulk_operations/finish", payload).then((r) =>
            r?.body?.cancel().catch(() => {}),
          );
    },
  });

  /** Shops whose next downloads of a result file break off, as a connection reset would (a test's doing). */
  const downloadBreaks = new Map<string, { left: number; afterBytes: number }>();

  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    p.finally(() => pending.delete(p)).catch(() => {});
    return p;
  };

  const sendTo = (
    shop: ShopState,
    sub: { callbackUrl: string; apiVersion: string },
    topic: string,
    payload: unknown,
  ) =>
    track(
      deliver({
        shop,
        secret: options.clientSecret,
        topic,
        callbackUrl: sub.callbackUrl,
        apiVersion: sub.apiVersion,
        payload,
        triggeredAt: now(),
      }),
    );

  /** Fire-and-forget: every subscription to the topic gets the REST-shaped order. */
  const emit = (shop: ShopState, topic: string, order: StoredOrder) => {
    const payload = restOrder(shop, order);
    for (const sub of shop.webhookSubscriptions) {
      if (topicPath(sub.topic) !== topic) continue;
      void sendTo(shop, sub, topic, payload).then((r) => r?.body?.cancel().catch(() => {}));
    }
  };

  const issueToken = (record: Omit<TokenRecord, "token" | "revoked">, prefix = "shpat_") => {
    const token: TokenRecord = { ...record, token: `${prefix}${randomHex(16)}`, revoked: false };
    tokens.set(token.token, token);
    return token;
  };

  const issueExpiringPair = (shop: string, scopes: string[]) => {
    const t = now().getTime();
    const access = issueToken({ shop, kind: "offline", scopes, expiresAt: t + ACCESS_TOKEN_TTL * 1000 });
    const refresh = `shprt_${randomHex(16)}`;
    refreshTokens.set(refresh, { shop, scopes, expiresAt: t + REFRESH_TOKEN_TTL * 1000, revoked: false });
    access.refreshToken = refresh;
    return {
      access_token: access.token,
      scope: scopes.join(","),
      expires_in: ACCESS_TOKEN_TTL,
      refresh_token: refresh,
      refresh_token_expires_in: REFRESH_TOKEN_TTL,
    };
  };

  const app = new Hono();
  /** Requests that only read (GraphQL queries): nothing to write after them. */
  const readOnly = new WeakSet<Request>();
  app.use("*", async (c, next) => {
    await next();
    if (!readOnly.has(c.req.raw)) persisted.changed();
  });

  const addSeedOrders = (shop: ShopState, seeds: SeedOrder[]) => {
    for (const seed of [...seeds].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)))
      shop.orders.push(orderFromSeed(shop, seed));
  };

  const openShop = (domain: string, adminToken: string) => {
    const shop = createShopState(domain);
    shops.set(domain, shop);
    tokens.set(adminToken, {
      token: adminToken,
      shop: domain,
      kind: "admin",
      scopes: ALL_SCOPES,
      expiresAt: null,
      revoked: false,
    });
    return shop;
  };

  /** A merchant new to the simulator: their store exists from its first consent page on, empty. */
  const openUnknownStore = (domain: string) =>
    SHOP_DOMAIN.test(domain) ? openShop(domain, `shpat_${randomHex(16)}`) : undefined;

  const shopOr404 = (c: Context) => shops.get(c.req.param("shop") ?? "");

  // OAuth: consent ------------------------------------------------------------------------------

  const authorize = async (c: Context) => {
    const shop = shopOr404(c) ?? openUnknownStore(c.req.param("shop") ?? "");
    if (!shop) return c.text("Not Found", 404);
    const params = new URLSearchParams(new URL(c.req.url).search);
    if (c.req.method === "POST") {
      const form = await c.req.parseBody({ all: true });
      for (const [key, value] of Object.entries(form)) {
        params.delete(key);
        for (const v of Array.isArray(value) ? value : [value])
          if (typeof v === "string") params.append(key, v);
      }
    }
    const clientId = params.get("client_id");
    const redirectUri = params.get("redirect_uri");
    const oauthError = (message: string) =>
      c.html(
        `<!doctype html><title>Oauth error</title><h1>Oauth error invalid_request: ${escapeHtml(message)}</h1>`,
        400,
      );
    if (clientId !== options.clientId) return oauthError("The client_id provided is invalid");
    if (!redirectUri) return oauthError("The redirect_uri is missing");
    const redirect = parseUrl(redirectUri);
    if (!redirect) return oauthError("The redirect_uri is not valid");
    const scopes = (params.get("scope") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const online = params.getAll("grant_options[]").includes("per-user");
    const alreadyGranted =
      shop.installedScopes !== null && scopes.every((s) => shop.installedScopes!.includes(s));
    const isNewStore = shop.installedScopes === null && shop.orders.length === 0;
    if (c.req.method === "GET" && !alreadyGranted) {
      const hidden = [...params.entries()]
        .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
        .join("\n      ");
      const scopeList = scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join("");
      return c.html(`<!doctype html>
<html lang="ja">
  <head><meta charset="utf-8"><title>アプリをインストール - ${escapeHtml(shop.name)}</title></head>
  <body>
    <h1>アプリをインストール</h1>
    <p>ストア <strong>${escapeHtml(shop.domain)}</strong> にアプリをインストールします。</p>
    <p>このアプリは次のデータにアクセスします:</p>
    <ul>${scopeList}</ul>
    <form method="post" action="authorize">
      ${hidden}
      ${isNewStore ? newStoreFields() : ""}
      <button type="submit">インストール</button>
    </form>
  </body>
</html>`);
    }
    if (isNewStore) {
      addSeedOrders(shop, ordersAskedFor(shop.domain, params, now()));
      const plan = planAskedFor(params);
      if (plan) shopBuckets.set(shop.domain, PLANS[plan]);
    }
    // Consent given (or already given earlier): back to the app with a one-time code.
    shop.installedScopes = [...new Set([...(shop.installedScopes ?? []), ...scopes])];
    const code = randomHex(16);
    codes.set(code, {
      shop: shop.domain,
      scopes,
      online,
      expiresAt: now().getTime() + CODE_TTL_MS,
      used: false,
    });
    const store = shop.domain.replace(/\.myshopify\.com$/, "");
    const query = redirect.searchParams;
    query.set("code", code);
    query.set("host", Buffer.from(`admin.shopify.com/store/${store}`).toString("base64").replace(/=+$/, ""));
    query.set("shop", shop.domain);
    const state = params.get("state");
    if (state !== null) query.set("state", state);
    query.set("timestamp", String(Math.floor(now().getTime() / 1000)));
    const message = [...query.entries()]
      .filter(([k]) => k !== "hmac" && k !== "signature")
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    query.set("hmac", createHmac("sha256", options.clientSecret).update(message).digest("hex"));
    query.sort();
    return c.redirect(redirect.toString(), 302);
  };
  app.get("/:shop/admin/oauth/authorize", authorize);
  app.post("/:shop/admin/oauth/authorize", authorize);

  // OAuth: token endpoint --------------------------------------------------------------------------

  app.post("/:shop/admin/oauth/access_token", async (c) => {
    const shop = shopOr404(c);
    if (!shop) return c.text("Not Found", 404);
    const body: Record<string, unknown> = Object.fromEntries(new URL(c.req.url).searchParams);
    if ((c.req.header("content-type") ?? "").includes("application/json")) {
      try {
        Object.assign(body, await c.req.json());
      } catch {
        return c.json(
          { error: "invalid_request", error_description: "The request body is not valid JSON" },
          400,
        );
      }
    } else {
      Object.assign(body, await c.req.parseBody());
    }
    const str = (k: string) => (body[k] === undefined || body[k] === null ? undefined : String(body[k]));
    const invalid = (description: string) =>
      c.json({ error: "invalid_request", error_description: description }, 400);
    if (str("client_id") !== options.clientId || str("client_secret") !== options.clientSecret) {
      return invalid("The client_id or client_secret provided is invalid");
    }
    const t = now().getTime();
    if (str("grant_type") === "refresh_token") {
      const given = str("refresh_token") ?? "";
      const record = refreshTokens.get(given);
      if (!record || record.revoked || record.shop !== shop.domain || record.expiresAt <= t) {
        return invalid("The refresh token is invalid, expired or was already used");
      }
      record.revoked = true;
      return c.json(issueExpiringPair(shop.domain, record.scopes));
    }
    const code = codes.get(str("code") ?? "");
    if (!code || code.used || code.shop !== shop.domain || code.expiresAt <= t) {
      return invalid("The authorization code was not found or was already used");
    }
    code.used = true;
    if (code.online) {
      const token = issueToken(
        { shop: shop.domain, kind: "online", scopes: code.scopes, expiresAt: t + ONLINE_TOKEN_TTL * 1000 },
        "shpua_",
      );
      return c.json({
        access_token: token.token,
        scope: code.scopes.join(","),
        expires_in: ONLINE_TOKEN_TTL,
        associated_user_scope: code.scopes.join(","),
        associated_user: {
          id: 90_000_000_001,
          first_name: "店長",
          last_name: "山田",
          email: `owner@${shop.domain}`,
          email_verified: true,
          account_owner: true,
          locale: "ja",
          collaborator: false,
        },
      });
    }
    const expiring = ["1", "true"].includes(str("expiring") ?? "");
    if (expiring) return c.json(issueExpiringPair(shop.domain, code.scopes));
    const token = issueToken({ shop: shop.domain, kind: "offline", scopes: code.scopes, expiresAt: null });
    return c.json({ access_token: token.token, scope: code.scopes.join(",") });
  });

  // Admin GraphQL -------------------------------------------------------------------------------

  app.post("/:shop/admin/api/:version/graphql.json", async (c) => {
    const shop = shopOr404(c);
    const version = c.req.param("version");
    // Shopify answers a version handle it does not serve with this 404; a retired one it would
    // serve from its oldest supported version instead. The simulator serves the product's version
    // only, so a product left on an old version fails here rather than falling forward unnoticed.
    if (!shop || version !== API_VERSION) return c.json({ errors: "Not Found" }, 404);
    const token = tokens.get(c.req.header("x-shopify-access-token") ?? "");
    if (
      !token ||
      token.revoked ||
      token.shop !== shop.domain ||
      (token.expiresAt !== null && token.expiresAt <= now().getTime())
    ) {
      return c.json({ errors: INVALID_TOKEN }, 401);
    }
    c.header("X-Shopify-API-Version", version);
    c.header("X-Request-Id", randomUUID());
    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      request = (c.req.header("content-type") ?? "").includes("application/graphql")
        ? { query: await c.req.text() }
        : await c.req.json();
    } catch {
      return c.json({ errors: { query: "Required parameter missing or invalid" } }, 400);
    }
    if (typeof request?.query !== "string" || !request.query.trim()) {
      return c.json({ errors: { query: "Required parameter missing or invalid" } }, 400);
    }
    const variables = (
      request.variables && typeof request.variables === "object" ? request.variables : {}
    ) as Record<string, unknown>;
    const operationName = typeof request.operationName === "string" ? request.operationName : undefined;
    const prepared = preparedQuery(request.query);
    if ("errors" in prepared) return c.json({ errors: prepared.errors });
    const { document } = prepared;
    const operation = getOperationAST(document, operationName);
    if (!operation) {
      return c.json({
        errors: [{ message: "An operation name is required when sending multiple operations." }],
      });
    }
    if (operation.operation !== "mutation") readOnly.add(c.req.raw);
    const bucketKey = token.kind === "admin" ? `${shop.domain}|${token.token}` : `${shop.domain}|app`;
    let bucket = buckets.get(bucketKey);
    if (!bucket) {
      const size = shopBuckets.get(shop.domain) ?? bucketConfig;
      bucket = new CostBucket(size.maximumAvailable, size.restoreRate, now);
      buckets.set(bucketKey, bucket);
    }
    const requested = queryCost(schema, document, operation, variables);
    const cost = (actual: number | null) => ({
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: bucket.status() },
    });
    if (requested > MAX_QUERY_COST) {
      return c.json({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: {
              code: "MAX_COST_EXCEEDED",
              cost: requested,
              maxCost: MAX_QUERY_COST,
              documentation: "https://shopify.dev/api/usage/rate-limits",
            },
          },
        ],
        extensions: cost(null),
      });
    }
    if (!bucket.take(requested)) {
      return c.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: cost(null),
      });
    }
    const context: GraphQLContext = {
      shop,
      token,
      apiVersion: version,
      now,
      emit: (topic, order) => emit(shop, topic, order),
      bulk,
      origin: new URL(c.req.url).origin,
    };
    const result = await execute({
      schema,
      document,
      rootValue,
      contextValue: context,
      variableValues: variables,
      operationName,
    });
    const actual =
      operation.operation === "mutation"
        ? requested
        : queryCost(schema, document, operation, variables, result.data ?? null);
    bucket.refund(requested - actual);
    if (token.kind !== "admin") appPoints.set(shop.domain, (appPoints.get(shop.domain) ?? 0) + actual);
    return c.json({
      ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
      ...(result.data !== undefined ? { data: result.data } : {}),
      extensions: cost(actual),
    });
  });

  // Bulk operation results: an unguessable URL, like Shopify's signed storage links.
  app.get("/_bulk/:file{[0-9a-z-]+\\.jsonl}", (c) => {
    const file = bulk.file(c.req.param("file").replace(/\.jsonl$/, ""));
    if (!file) return c.text("Not Found", 404);
    const headers = { "Content-Type": "application/jsonl" };
    const cut = downloadBreaks.get(file.shop);
    if (!cut?.left) return c.body(file.body, 200, headers);
    cut.left -= 1;
    const bytes = new TextEncoder().encode(file.body);
    // The first bytes, then the connection goes: the client's read of the body fails.
    const brokenOff = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut.afterBytes));
        setTimeout(() => controller.error(new Error("connection reset")), 20);
      },
    });
    return c.body(brokenOff, 200, { ...headers, "Content-Length": String(bytes.length) });
  });

  app.notFound((c) => c.text("Not Found", 404));

  // Test and dev helpers -----------------------------------------------------------------------

  const getShop = (domain: string) => {
    const shop = shops.get(domain);
    if (!shop) throw new Error(`Shopify simulator: no shop ${domain}`);
    return shop;
  };

  const sendToTopic = async (
    shop: ShopState,
    topic: string,
    payload: unknown,
    subs = shop.webhookSubscriptions,
  ) => {
    const responses: (Response | undefined)[] = [];
    for (const sub of subs)
      if (topicPath(sub.topic) === topic) responses.push(await sendTo(shop, sub, topic, payload));
    return responses;
  };

  return {
    app,

    /**
     * Create a shop holding the given orders; its custom-app Admin API token has every
     * scope. `bucket` puts the shop on another plan's cost bucket.
     */
    addShop(
      domain: string,
      orders: SeedOrder[],
      opts: {
        adminToken?: string;
        name?: string;
        /** The shop's plan (`standard`, `advanced`, `plus`) or a cost limit of its own. */
        bucket?: ShopifyPlan | CostLimit;
      } = {},
    ) {
      if (!SHOP_DOMAIN.test(domain))
        throw new Error(`Shopify simulator: ${domain} is not a *.myshopify.com domain`);
      if (shops.has(domain)) throw new Error(`Shopify simulator: shop ${domain} exists already`);
      const adminToken = opts.adminToken ?? `shpat_${randomHex(16)}`;
      const shop = openShop(domain, adminToken);
      if (opts.name) shop.name = opts.name;
      if (opts.bucket) shopBuckets.set(domain, costLimitOf(opts.bucket));
      addSeedOrders(shop, orders);
      persisted.changed();
      return { adminToken };
    },

    /** Inspection and merchant-side actions for one shop. */
    shop(domain: string) {
      const shop = getShop(domain);
      const findOrder = (nameOrNumber: string | number) =>
        shop.orders.find((o) => String(o.number) === String(nameOrNumber).replace(/^#/, ""));
      return {
        state: shop,
        get orders() {
          return shop.orders;
        },
        get fulfillments() {
          return shop.orders.flatMap((o) => o.fulfillments.map((f) => ({ ...f, orderName: `#${o.number}` })));
        },
        get webhookSubscriptions(): WebhookSubscription[] {
          return shop.webhookSubscriptions;
        },
        get deliveries(): WebhookDelivery[] {
          return shop.deliveries;
        },
        get tokens(): TokenRecord[] {
          return [...tokens.values()].filter((t) => t.shop === domain);
        },
        get installedScopes() {
          return shop.installedScopes;
        },
        order: findOrder,
        /** The app's cost bucket as Shopify would report it now (null before the app's first query). */
        get appBucket() {
          return buckets.get(`${domain}|app`)?.status() ?? null;
        },
        /** Points the app's queries have cost in this shop so far. */
        get appPointsCharged() {
          return appPoints.get(domain) ?? 0;
        },
        /** The merchant changes plan: the app's bucket starts again, full, at the new size. */
        setPlan(plan: ShopifyPlan | CostLimit) {
          shopBuckets.set(domain, costLimitOf(plan));
          for (const key of buckets.keys()) if (key.startsWith(`${domain}|`)) buckets.delete(key);
          persisted.changed();
        },
        /** Add orders as if customers had just checked out; fires `orders/create`. */
        addOrders(seeds: SeedOrder[]) {
          const added = seeds.map((seed) => orderFromSeed(shop, seed));
          shop.orders.push(...added);
          persisted.changed();
          for (const order of added) emit(shop, "orders/create", order);
          return added;
        },
        /**
         * The shop's next `count` downloads of a bulk result file break off after `afterBytes`
         * bytes, as a connection reset does to a large download.
         */
        breakNextDownloads(count: number, afterBytes: number) {
          downloadBreaks.set(domain, { left: count, afterBytes });
        },
        /** How many of those breaks no download has met yet. */
        get downloadBreaksLeft() {
          return downloadBreaks.get(domain)?.left ?? 0;
        },
        /** The shop's next bulk operation fails halfway with `errorCode`, leaving a partial file. */
        failNextBulkOperation(errorCode?: BulkErrorCode) {
          bulk.failNext(domain, errorCode);
        },
        /** The shop's bulk operations from now on start and run at `pace` (a test's slow or large store). */
        setBulkPace(pace: BulkPace) {
          bulk.setPace(domain, pace);
        },
        /** The shop's running bulk operations complete now, announced to the finish subscribers. */
        finishBulkOperationsNow() {
          bulk.finishNow(domain);
        },
        /** The merchant cancels an order in the admin; fires `orders/cancelled` and `orders/updated`. */
        cancelOrder(nameOrNumber: string | number, reason: StoredOrder["cancelReason"] = "CUSTOMER") {
          const order = findOrder(nameOrNumber);
          if (!order) throw new Error(`Shopify simulator: no order ${nameOrNumber} in ${domain}`);
          const at = isoUtc(now());
          order.cancelledAt = at;
          order.cancelReason = reason;
          order.updatedAt = at;
          for (const li of order.lineItems) li.currentQuantity = 0;
          for (const fo of order.fulfillmentOrders) {
            for (const l of fo.lineItems) l.remainingQuantity = 0;
            fo.status = "CLOSED";
          }
          persisted.changed();
          emit(shop, "orders/cancelled", order);
          emit(shop, "orders/updated", order);
          return order;
        },
      };
    },

    /** The hex HMAC Shopify puts on a signed query (tests forge and replay returns with it). */
    signQuery(params: Record<string, string>): string {
      const message = Object.keys(params)
        .filter((k) => k !== "hmac" && k !== "signature")
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join("&");
      return createHmac("sha256", options.clientSecret).update(message).digest("hex");
    },

    /** POST a signed webhook to every subscription of the shop for `topic` (e.g. `orders/create`). */
    async deliverWebhook(domain: string, topic: string, payload: unknown): Promise<Response | undefined> {
      const responses = await sendToTopic(getShop(domain), topic, payload);
      return responses[0];
    },

    /** The merchant uninstalls the app: `app/uninstalled`, then its tokens and subscriptions are gone. */
    async uninstall(domain: string) {
      const shop = getShop(domain);
      const subs = shop.webhookSubscriptions;
      shop.webhookSubscriptions = [];
      shop.installedScopes = null;
      for (const t of tokens.values()) if (t.shop === domain && t.kind !== "admin") t.revoked = true;
      for (const r of refreshTokens.values()) if (r.shop === domain) r.revoked = true;
      persisted.changed();
      await sendToTopic(shop, "app/uninstalled", restShop(shop), subs);
    },

    /** A mandatory compliance webhook, sent to the URL configured in the app's TOML. */
    async sendPrivacyWebhook(
      domain: string,
      topic: PrivacyTopic,
      callbackUrl: string,
      customerEmail?: string,
    ) {
      const shop = getShop(domain);
      const orders = shop.orders.filter((o) => !customerEmail || o.email === customerEmail);
      const customer = {
        id: 7_100_000_000_001,
        email: customerEmail ?? orders[0]?.email ?? null,
        phone: null,
      };
      const base = { shop_id: shop.numericId, shop_domain: shop.domain };
      const payload =
        topic === "shop/redact"
          ? base
          : topic === "customers/redact"
            ? { ...base, customer, orders_to_redact: orders.map((o) => o.numericId) }
            : {
                ...base,
                customer,
                orders_requested: orders.map((o) => o.numericId),
                data_request: { id: 9_100_000_001 },
              };
      return sendTo(shop, { callbackUrl, apiVersion: API_VERSION }, topic, payload);
    },

    /** Whether the simulator holds the shop (one kept from before a restart, say). */
    hasShop: (domain: string) => shops.has(domain),

    /** Write the shops to `persistTo` now rather than shortly (before a stop). */
    flush: () => persisted.flush(),

    /** Wait until every bulk query has executed and every fire-and-forget webhook delivery has finished. */
    async idle() {
      await bulk.executed();
      bulk.refresh();
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

export type ShopifySimulator = ReturnType<typeof createShopifySimulator>;
