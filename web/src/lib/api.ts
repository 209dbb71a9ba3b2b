import type { Carrier } from "@okuru/core/shared/brand";
import type { DeliveryCarrier } from "@okuru/core/shared/delivery";
import type { components, paths } from "./api-types.gen";
import { camelizeKeys, toSnakeCase } from "./case";

/**
 * The one client for the Okuru API (spec §5–§7).
 *
 * - Every call goes to `/api`, with JSON bodies sent exactly as the caller wrote them
 *   (the server speaks snake_case, so callers write snake_case bodies).
 * - Every call carries `Authorization: Bearer <ID token>`; signed out, the token is empty.
 * - Every response body is converted deeply to camelCase before it is used.
 * - Any status outside 200–299 throws an ApiError built from the `{ code, message, fields? }` body.
 * - There is no client timeout: label batches and syncs may legitimately take long.
 */

export const API_BASE_PATH = "/api";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A failed call. `message` is Japanese text that can be shown to the merchant as is. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Field-level messages keyed by the request field's wire name (snake_case), as the server sent them. */
    public readonly fields?: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
  }
}

/** A required path id, query value or body was missing; thrown before anything is sent. */
export class RequiredError extends Error {
  constructor(
    public readonly field: string,
    operation: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${operation}.`);
    this.name = "RequiredError";
  }
}

type IdTokenProvider = () => Promise<string | null | undefined>;
let idTokenProvider: IdTokenProvider = async () => "";

/** Wired once at start-up to the auth module; tests pass a fake. */
export function setIdTokenProvider(provider: IdTokenProvider): void {
  idTokenProvider = provider;
}

async function currentIdToken(): Promise<string> {
  try {
    return (await idTokenProvider()) ?? "";
  } catch {
    // No usable session (for example an expired refresh token): the call goes out
    // signed out and the server answers 401, which the caller handles like any error.
    return "";
  }
}

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

function queryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(toSnakeCase(key), String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const networkErrorMessage =
  "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。";

function fallbackMessage(status: number): string {
  if (status === 400 || status === 422) return "入力内容をご確認ください。";
  if (status === 401) return "ログインの有効期限が切れました。再度ログインしてください。";
  if (status === 403) return "この操作を行う権限がありません。";
  if (status === 404) return "対象のデータが見つかりません。";
  if (status === 409) return "他の操作と競合しました。画面を再読み込みしてから再度お試しください。";
  if (status === 429) return "リクエストが集中しています。しばらくしてから再度お試しください。";
  if (status >= 500) return "サーバーでエラーが発生しました。時間をおいて再度お試しください。";
  return `予期しない応答を受け取りました（ステータス ${status}）。`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, text: string): ApiError {
  const body = parseJson(text);
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const code = typeof record.code === "string" ? record.code : `http.${status}`;
  const message = typeof record.message === "string" ? record.message : fallbackMessage(status);
  const fields =
    record.fields !== null && typeof record.fields === "object"
      ? (record.fields as Record<string, string>)
      : undefined;
  return new ApiError(status, code, message, fields);
}

export interface RequestOptions {
  /** Keys are sent in snake_case; null and undefined values are left out. */
  query?: Query;
  /** Sent as JSON exactly as given. */
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key); they cannot replace Authorization or Accept. */
  headers?: Record<string, string>;
}

/** The low-level call every operation goes through. Resolves with the camelCased body (undefined when empty). */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: "application/json",
    Authorization: `Bearer ${await currentIdToken()}`,
  };
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }

  let status: number;
  let text: string;
  try {
    const response = await fetch(`${API_BASE_PATH}${path}${queryString(options.query)}`, init);
    status = response.status;
    text = await response.text();
  } catch (error) {
    throw new ApiError(0, "network.failed", networkErrorMessage, undefined, { cause: error });
  }

  // Not response.ok alone: the spec defines success as exactly 200–299.
  if (status < 200 || status > 299) throw toApiError(status, text);
  if (text.trim() === "") return undefined as T;
  const body = parseJson(text);
  if (body === undefined) {
    throw new ApiError(status, "response.invalid", "サーバーから予期しない応答を受け取りました。");
  }
  return camelizeKeys<T>(body);
}

// ---------------------------------------------------------------------------
// Types, derived from the OpenAPI document the API serves (generated into
// api-types.gen.ts by web/scripts/generate-api-types.ts, before every typecheck and
// build). A server change that breaks the web therefore fails `tsc -p web`.
// Responses are camelCase (converted on arrival); request bodies and queries are
// snake_case, as they travel.

/** `offset_x_mm` → `offsetXMm`, the type-level twin of toCamelCase. */
type CamelKey<Key extends string> = Key extends `${infer Head}_${infer Tail}`
  ? Head extends ""
    ? Key
    : `${Head}${CamelKey<Capitalize<Tail>>}`
  : Key;

/** A wire type as the client hands it out: every key at every depth camelCased. */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? CamelKey<Key> : Key]: Camelize<T[Key]> }
    : T;

type Schemas = components["schemas"];

/** An API path without the `/api` base, as operations are written. */
export type ApiPath = keyof paths extends infer Full
  ? Full extends `/api${infer Path}`
    ? Path
    : never
  : never;

type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[`/api${P}`][Lowercase<M>]>;

type JsonOf<Answer> = Answer extends { content: { "application/json": infer Body } } ? Body : undefined;

/** The wire body of an operation's success answer (undefined for 204). */
export type WireResponse<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    responses: infer Answers;
  }
    ? JsonOf<Answers[Extract<keyof Answers, 200 | 201 | 202 | 204>]>
    : never;

export type ResponseOf<P extends ApiPath, M extends HttpMethod> = Camelize<WireResponse<P, M>>;

/** The JSON request body as sent (snake_case). */
export type BodyOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    requestBody?: { content: { "application/json": infer Body } };
  }
    ? Body
    : never;

/** The query parameters as sent (snake_case). */
export type QueryOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    parameters: { query?: infer Parameters };
  }
    ? NonNullable<Parameters>
    : never;

// ---------------------------------------------------------------------------
// Declarative operations: one line per endpoint. The positional arguments are
// described once (path id, body, query) and the required-parameter rule of spec §5
// is applied here, before anything is sent. Their types come from the operation.

type ArgKind = "path" | "body" | "query" | "queryObject";

export interface Arg<Kind extends ArgKind, Required extends boolean> {
  readonly kind: Kind;
  readonly name: string;
  readonly required: Required;
}

type AnyArg = Arg<ArgKind, boolean>;

export const arg = {
  /** A path parameter, substituted into `{name}` in the path. Always required. */
  path: (name: string): Arg<"path", true> => ({ kind: "path", name, required: true }),
  /** A required JSON body. */
  body: (name: string): Arg<"body", true> => ({ kind: "body", name, required: true }),
  /** A JSON body the spec does not mark as required. */
  optionalBody: (name: string): Arg<"body", false> => ({ kind: "body", name, required: false }),
  /** One required query value, sent as `snake_case(name)`. */
  query: (name: string): Arg<"query", true> => ({ kind: "query", name, required: true }),
  /** An optional object of query values, each key sent as written (snake_case). Goes last. */
  queryObject: (name: string): Arg<"queryObject", false> => ({ kind: "queryObject", name, required: false }),
};

type ArgType<Kind extends ArgKind, P extends ApiPath, M extends HttpMethod> = Kind extends "path"
  ? string
  : Kind extends "body"
    ? BodyOf<P, M>
    : Kind extends "query"
      ? string
      : QueryOf<P, M>;

/** The positional parameters of an operation: required ones as given, optional ones may be omitted. */
export type ArgValues<
  A extends readonly AnyArg[],
  P extends ApiPath,
  M extends HttpMethod,
> = A extends readonly [infer Head, ...infer Rest extends readonly AnyArg[]]
  ? Head extends Arg<infer Kind, true>
    ? [ArgType<Kind, P, M>, ...ArgValues<Rest, P, M>]
    : Head extends Arg<infer Kind, false>
      ? [ArgType<Kind, P, M>?, ...ArgValues<Rest, P, M>]
      : never
  : [];

/**
 * Defines an operation named like an OpenAPI-generated client method; its argument
 * and answer types are looked up from the path and method in the generated types.
 *
 *     export const updateSender = operation("updateSender", "PUT", "/senders/{id}",
 *       arg.path("id"), arg.optionalBody("senderUpdateReq"));
 */
export function operation<P extends ApiPath, M extends HttpMethod, const A extends readonly AnyArg[]>(
  operationName: string,
  method: M,
  pathTemplate: P,
  ...args: A
): (...values: ArgValues<A, P, M>) => Promise<ResponseOf<P, M>> {
  const placeholders = [...pathTemplate.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const pathArgs = args.filter((a) => a.kind === "path").map((a) => a.name);
  if (placeholders.join() !== pathArgs.join()) {
    throw new Error(`${operationName}: path ${pathTemplate} does not match its path arguments.`);
  }

  return async (...values) => {
    let path: string = pathTemplate;
    const options: RequestOptions = {};
    const query: Query = {};
    args.forEach((definition, index) => {
      const value = (values as unknown[])[index];
      if (value === null || value === undefined) {
        if (definition.required) throw new RequiredError(definition.name, operationName);
        return;
      }
      if (definition.kind === "path") {
        path = path.replace(`{${definition.name}}`, encodeURIComponent(String(value)));
      } else if (definition.kind === "body") {
        options.body = value;
      } else if (definition.kind === "query") {
        query[definition.name] = value as QueryValue;
      } else {
        Object.assign(query, value);
      }
    });
    if (Object.keys(query).length > 0) options.query = query;
    return request<ResponseOf<P, M>>(method, path, options);
  };
}

/** A path that has members by id under it (`/senders` with `/senders/{id}`). */
type CollectionPath = { [P in ApiPath]: `${P}/{id}` extends ApiPath ? P : never }[ApiPath];

/**
 * The four operations of a collection and its members by id, named like the others:
 * `get<Items>`, `create<Item>`, `update<Item>` and `delete<Item>`. The create and update
 * bodies are given as arguments, each required or optional as spec §5 says.
 */
export function collection<
  P extends CollectionPath,
  const Create extends AnyArg,
  const Update extends AnyArg,
>([item, items]: readonly [item: string, items: string], path: P, createBody: Create, updateBody: Update) {
  const member = `${path}/{id}` as Extract<`${P}/{id}`, ApiPath>;
  return {
    list: operation(`get${items}`, "GET", path),
    create: operation(`create${item}`, "POST", path, createBody),
    update: operation(`update${item}`, "PUT", member, arg.path("id"), updateBody),
    remove: operation(`delete${item}`, "DELETE", member, arg.path("id")),
  };
}

// ---------------------------------------------------------------------------
// Named types the pages use.

export type Health = ResponseOf<"/health", "GET">;
export type SignupCheck = ResponseOf<"/signup", "GET">;
export type SignupCreateReq = BodyOf<"/signup", "POST">;
export type SignupResult = ResponseOf<"/signup", "POST">;

export type Company = Camelize<Schemas["Company"]>;
/** 会社概要; validated in the browser by the schema (and Japanese messages) shared with the API. */
export type CompanyUpdateReq = BodyOf<"/companies", "PUT">;
export type CompanySetupStatusReq = BodyOf<"/companies/setup_status", "PUT">;

/** Every address for a postal code: one code may cover several towns, even two prefectures. */
export type Geocoding = Camelize<Schemas["Geocoding"]>;
export type GeocodingAddress = Camelize<Schemas["GeocodingAddress"]>;

export type User = Camelize<Schemas["User"]>;
export type UserList = Camelize<Schemas["UserList"]>;
/** Invites a colleague by email (Cognito mails the temporary password). */
export type UserCreateReq = BodyOf<"/users", "POST">;
export type UserUpdateReq = BodyOf<"/users/{id}", "PUT">;

/** 発送元 (ご依頼主). */
export type Sender = Camelize<Schemas["Sender"]>;
export type SenderList = Camelize<Schemas["SenderList"]>;
export type SenderCreateReq = BodyOf<"/senders", "POST">;
export type SenderUpdateReq = BodyOf<"/senders/{id}", "PUT">;

/** 備考欄設定: the 品名 and 荷扱い printed on labels. */
export type ItemCategory = Camelize<Schemas["ItemCategory"]>;
export type ItemCategoryList = Camelize<Schemas["ItemCategoryList"]>;
export type ItemCategoryCreateReq = BodyOf<"/item_categories", "POST">;
export type ItemCategoryUpdateReq = BodyOf<"/item_categories/{id}", "PUT">;

export type Brand = Camelize<Schemas["Brand"]>;
/** Keyed by carrier; the keys arrive camelCased like every other key (japan_post → japanPost). */
export type BrandPrintSettings = Brand["printSettings"];
/** How one carrier's labels are printed (camelCase as received). */
export type CarrierPrintSetting = BrandPrintSettings["japanPost"];

/** A carrier's key in BrandPrintSettings. */
export const printSettingsKey: Record<Carrier, keyof BrandPrintSettings> = {
  japan_post: "japanPost",
  sagawa: "sagawa",
  yamato: "yamato",
};

export type BrandUpdateReq = BodyOf<"/brands", "PUT">;
export type BrandSenderUpdateReq = BodyOf<"/brands/senders", "PUT">;
export type BrandItemCategoryUpdateReq = BodyOf<"/brands/item_categories", "PUT">;
/** All three carriers, each a full setting, snake_case as sent. */
export type BrandPrintSettingsUpdateReq = BodyOf<"/brands/print_settings", "PUT">;

export type Order = Camelize<Schemas["Order"]>;
export type OrderPerson = Order["customer"];
export type OrderIssue = Order["errors"][number];
export type OrderList = Camelize<Schemas["OrderList"]>;
/** Query of GET /orders (snake_case, as sent). */
export type OrderListQuery = QueryOf<"/orders", "GET">;
export type OrderCustomerUpdateReq = BodyOf<"/orders/{id}/customer", "PUT">;
export type OrderBulkUpdateReq = BodyOf<"/orders/bulk_update", "PUT">;
export type OrderBulkResult = Camelize<Schemas["OrderBulkResult"]>;

export type Shop = Camelize<Schemas["Shop"]>;
export type ShopList = Camelize<Schemas["ShopList"]>;

// ---------------------------------------------------------------------------
// Operations (spec §7). Bodies the spec does not list as required (§5) are optional,
// except the company profile's: a PUT of the whole profile without one means nothing.

export const getHealth = operation("getHealth", "GET", "/health");

export const getSignup = operation("getSignup", "GET", "/signup");
export const createSignup = operation("createSignup", "POST", "/signup", arg.optionalBody("signupCreateReq"));

export const getCompanies = operation("getCompanies", "GET", "/companies");
export const updateCompany = operation("updateCompany", "PUT", "/companies", arg.body("companyUpdateReq"));
export const updateCompanySetupStatus = operation(
  "updateCompanySetupStatus",
  "PUT",
  "/companies/setup_status",
  arg.optionalBody("companySetupStatusReq"),
);

export const getMe = operation("getMe", "GET", "/users/me");
export const {
  list: getUsers,
  create: createUser,
  update: updateUser,
  remove: deleteUser,
} = collection(["User", "Users"], "/users", arg.body("userCreateReq"), arg.optionalBody("userUpdateReq"));

export const {
  list: getSenders,
  create: createSender,
  update: updateSender,
  remove: deleteSender,
} = collection(
  ["Sender", "Senders"],
  "/senders",
  arg.body("senderCreateReq"),
  arg.optionalBody("senderUpdateReq"),
);

export const {
  list: getItemCategories,
  create: createItemCategory,
  update: updateItemCategory,
  remove: deleteItemCategory,
} = collection(
  ["ItemCategory", "ItemCategories"],
  "/item_categories",
  arg.body("itemCategoryCreateReq"),
  arg.optionalBody("itemCategoryUpdateReq"),
);

export const getBrands = operation("getBrands", "GET", "/brands");
export const updateBrand = operation("updateBrand", "PUT", "/brands", arg.optionalBody("brandUpdateReq"));
export const updateBrandSender = operation(
  "updateBrandSender",
  "PUT",
  "/brands/senders",
  arg.optionalBody("brandSenderUpdateReq"),
);
export const updateBrandItemCategory = operation(
  "updateBrandItemCategory",
  "PUT",
  "/brands/item_categories",
  arg.optionalBody("brandItemCategoryUpdateReq"),
);
export const updateBrandPrintSettings = operation(
  "updateBrandPrintSettings",
  "PUT",
  "/brands/print_settings",
  arg.optionalBody("brandPrintSettingsUpdateReq"),
);

export const getGeocoding = operation("getGeocoding", "GET", "/geocoding", arg.query("addressPostcode"));

export const getOrders = operation("getOrders", "GET", "/orders", arg.queryObject("orderListQuery"));
/** Every order of a tab and its filters, by id and number, for "select all" (at most the largest bulk action). */
export type OrderIdsQuery = QueryOf<"/orders/ids", "GET">;
export type OrderIds = Camelize<Schemas["OrderIds"]>;
export const getOrderIds = operation("getOrderIds", "GET", "/orders/ids", arg.queryObject("orderIdsQuery"));
export const getOrder = operation("getOrder", "GET", "/orders/{id}", arg.path("id"));
export const updateOrderCustomer = operation(
  "updateOrderCustomer",
  "PUT",
  "/orders/{id}/customer",
  arg.path("id"),
  arg.body("orderCustomerUpdateReq"),
);
export type OrderSenderUpdateReq = BodyOf<"/orders/{id}/sender", "PUT">;
export const updateOrderSender = operation(
  "updateOrderSender",
  "PUT",
  "/orders/{id}/sender",
  arg.path("id"),
  arg.body("orderSenderUpdateReq"),
);
/** An order's delivery for one carrier, snake_case as sent; the API has one path per carrier. */
export type OrderDeliveryUpdateReq = {
  [C in DeliveryCarrier]: BodyOf<`/orders/{id}/delivery/${C}`, "PUT">;
};
// The carrier is a fixed segment of each path (each has its own body schema), not a
// path parameter, so there is one operation per carrier and updateOrderDelivery picks.
function orderDeliveryOperation<C extends DeliveryCarrier>(carrier: C, name: string) {
  return operation(
    `updateOrderDelivery${name}`,
    "PUT",
    `/orders/{id}/delivery/${carrier}`,
    arg.path("id"),
    arg.body("orderDeliveryUpdateReq"),
  );
}
const orderDeliveryOperations = {
  yamato: orderDeliveryOperation("yamato", "Yamato"),
  sagawa: orderDeliveryOperation("sagawa", "Sagawa"),
  japan_post: orderDeliveryOperation("japan_post", "JapanPost"),
  sss: orderDeliveryOperation("sss", "Sss"),
} satisfies { [C in DeliveryCarrier]: (id: string, body: OrderDeliveryUpdateReq[C]) => Promise<Order> };
/** PUT /orders/{id}/delivery/{carrier}: how this order ships, in place of the brand's defaults. */
export function updateOrderDelivery<C extends DeliveryCarrier>(
  id: string,
  carrier: C,
  body: OrderDeliveryUpdateReq[C],
): Promise<Order> {
  const update = orderDeliveryOperations[carrier] as (
    id: string,
    body: OrderDeliveryUpdateReq[C],
  ) => Promise<Order>;
  return update(id, body);
}
/** DELETE /orders/{id}/delivery: back to the brand's defaults. */
export const resetOrderDelivery = operation(
  "resetOrderDelivery",
  "DELETE",
  "/orders/{id}/delivery",
  arg.path("id"),
);
export const bulkUpdateOrders = operation(
  "bulkUpdateOrders",
  "PUT",
  "/orders/bulk_update",
  arg.body("orderBulkUpdateReq"),
);
export const syncOrders = operation(
  "syncOrders",
  "POST",
  "/orders/sync",
  arg.optionalBody("orderSyncRequest"),
);
export const getShops = operation("getShops", "GET", "/shops");

export type ShopifyAuthorization = ResponseOf<"/shops/shopify", "POST">;
export type ShopifyStartReq = BodyOf<"/shops/shopify", "POST">;
export type ShopifyVerifyReq = BodyOf<"/shops/shopify/verify_request", "POST">;
export type ShopSettingsUpdateReq = BodyOf<"/shops/shopify", "PUT">;
export type EcforceConnectReq = BodyOf<"/shops/ecforce", "POST">;
export type EcforceCarrierList = ResponseOf<"/shops/ecforce/carriers", "GET">;
/** An Ecforce shop's settings with its delivery-company mapping (`carrier_mapping`, snake_case keys as sent). */
export type EcforceSettingsUpdateReq = BodyOf<"/shops/ecforce", "PUT">;

/** A platform's shops: connect (its own body), settings and disconnect, each shop by `shop_id`. */
function shopOperations<P extends "/shops/shopify" | "/shops/ecforce", const Connect extends AnyArg>(
  platform: string,
  path: P,
  connectBody: Connect,
) {
  return {
    create: operation(`create${platform}Shop`, "POST", path, connectBody),
    update: operation(`update${platform}Shop`, "PUT", path, arg.body("shopSettingsUpdateReq")),
    remove: operation(`delete${platform}Shop`, "DELETE", path, arg.queryObject("shop")),
  };
}

export const {
  create: createShopifyShop,
  update: updateShopifyShop,
  remove: deleteShopifyShop,
} = shopOperations("Shopify", "/shops/shopify", arg.body("shopifyStartReq"));
export const verifyShopifyRequest = operation(
  "verifyShopifyRequest",
  "POST",
  "/shops/shopify/verify_request",
  arg.body("shopifyVerifyReq"),
);
export const {
  create: createEcforceShop,
  update: updateEcforceShop,
  remove: deleteEcforceShop,
} = shopOperations("Ecforce", "/shops/ecforce", arg.body("ecforceConnectReq"));
export const getEcforceCarriers = operation(
  "getEcforceCarriers",
  "GET",
  "/shops/ecforce/carriers",
  arg.queryObject("shop"),
);

// ---------------------------------------------------------------------------
// 配送会社連携: carrier accounts. Each carrier has its own paths (and body schema)
// under /api/{yamato|sagawa|japan_post}, so there is one operation per carrier and
// path, and the functions below pick by carrier, like updateOrderDelivery.

export type CarrierAccount = Camelize<Schemas["CarrierAccount"]>;
export type CarrierAccountList = Camelize<Schemas["CarrierAccountList"]>;
export type CarrierTrackingRange = CarrierAccount["trackingRanges"][number];
/** One carrier's account body, snake_case as sent (the same for create and update). */
export type CarrierAccountReq = { [C in Carrier]: BodyOf<`/${C}`, "POST"> };

/** One carrier's accounts: `getYamatoAccounts` … with the body `yamatoAccountReq` for create and update alike. */
function carrierAccounts<C extends Carrier>(carrier: C, name: string) {
  const body = arg.body(`${name[0]!.toLowerCase()}${name.slice(1)}AccountReq`);
  return collection([`${name}Account`, `${name}Accounts`], `/${carrier}`, body, body);
}

const carrierAccountOperations = {
  yamato: carrierAccounts("yamato", "Yamato"),
  sagawa: carrierAccounts("sagawa", "Sagawa"),
  japan_post: carrierAccounts("japan_post", "JapanPost"),
} satisfies {
  [C in Carrier]: {
    list: () => Promise<CarrierAccountList>;
    create: (body: CarrierAccountReq[C]) => Promise<CarrierAccount>;
    update: (id: string, body: CarrierAccountReq[C]) => Promise<CarrierAccount>;
    remove: (id: string) => Promise<unknown>;
  };
};

/** GET /{carrier}: the carrier's accounts, oldest first (always one page). */
export function getCarrierAccounts(carrier: Carrier): Promise<CarrierAccountList> {
  return carrierAccountOperations[carrier].list();
}

/** POST /{carrier}. */
export function createCarrierAccount<C extends Carrier>(
  carrier: C,
  body: CarrierAccountReq[C],
): Promise<CarrierAccount> {
  const create = carrierAccountOperations[carrier].create as (
    body: CarrierAccountReq[C],
  ) => Promise<CarrierAccount>;
  return create(body);
}

/** PUT /{carrier}/{id}: an empty customer_code keeps the stored one; registered ranges go back with their id. */
export function updateCarrierAccount<C extends Carrier>(
  carrier: C,
  id: string,
  body: CarrierAccountReq[C],
): Promise<CarrierAccount> {
  const update = carrierAccountOperations[carrier].update as (
    id: string,
    body: CarrierAccountReq[C],
  ) => Promise<CarrierAccount>;
  return update(id, body);
}

/** DELETE /{carrier}/{id}: refused (422) for the default while the carrier has other accounts. */
export function deleteCarrierAccount(carrier: Carrier, id: string): Promise<void> {
  return carrierAccountOperations[carrier].remove(id).then(() => undefined);
}

// ---------------------------------------------------------------------------
// 送り状発行・配送会社ソフト用ファイル・出荷 (the order list's bulk actions and the drawer).

/** Where a label batch stands: progress, each finished part's PDF (presigned, 15 min) and per-order results. */
export type LabelBatchStatus = ResponseOf<"/shipments/labels", "GET">;
export type LabelBatchPart = LabelBatchStatus["parts"][number];
export type LabelBatchResult = LabelBatchStatus["results"][number];
export type LabelIssueReq = BodyOf<"/shipments/labels", "POST">;

/**
 * POST /shipments/labels with an Idempotency-Key: the same key sent again (a retry
 * after a lost answer) gets the first batch's label_id instead of a second batch.
 */
export function issueLabels(body: LabelIssueReq, idempotencyKey: string) {
  return request<ResponseOf<"/shipments/labels", "POST">>("POST", "/shipments/labels", {
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
export const getLabelBatch = operation("getLabelBatch", "GET", "/shipments/labels", arg.query("labelId"));

export type ExportReq = BodyOf<"/exports", "POST">;
export type ExportFormat = ExportReq["format"];
/** The file made at once (201); a larger selection answers ExportQueued (202) and is read with getExport. */
export type ExportResult = Camelize<Schemas["ExportResult"]>;
export type ExportQueued = Camelize<Schemas["ExportQueued"]>;
export type ExportStatus = ResponseOf<"/exports/{export_id}", "GET">;
export const createExport = operation("createExport", "POST", "/exports", arg.body("exportReq"));
export const getExport = operation("getExport", "GET", "/exports/{export_id}", arg.path("export_id"));

export type ImportReq = BodyOf<"/imports", "POST">;
export type ImportFormat = ImportReq["format"];
export type ImportResult = ResponseOf<"/imports", "POST">;
export const createImport = operation("createImport", "POST", "/imports", arg.body("importReq"));
/** A presigned PUT for an import file too large for the JSON body; its key then goes in createImport's `upload_key`. */
export type ImportUpload = ResponseOf<"/imports/uploads", "POST">;
export const createImportUpload = operation(
  "createImportUpload",
  "POST",
  "/imports/uploads",
  arg.body("importUploadReq"),
);

export type Shipment = Camelize<Schemas["Shipment"]>;
export type ShipmentList = Camelize<Schemas["ShipmentList"]>;
export type ShipmentListQuery = QueryOf<"/shipments", "GET">;
export const getShipments = operation(
  "getShipments",
  "GET",
  "/shipments",
  arg.queryObject("shipmentListQuery"),
);
/** 出荷履歴's tab counts, per status (capped: "at least"). */
export type ShipmentCounts = Camelize<Schemas["ShipmentCounts"]>;
export const getShipmentCounts = operation("getShipmentCounts", "GET", "/shipments/counts");

// ---------------------------------------------------------------------------
// 出荷履歴: reprinting and cancelling shipments (the shipment history's actions).

export type ShipmentReissueReq = BodyOf<"/shipments/reissue", "POST">;
export type ShipmentCancelReq = BodyOf<"/shipments/cancel_shipments", "PUT">;
/** One result per id sent; `error` is the Japanese reason it was not cancelled. */
export type ShipmentCancelResults = Camelize<Schemas["ShipmentCancelResults"]>;

/**
 * POST /shipments/reissue with an Idempotency-Key: a retry of the same click under the
 * same key answers the first batch's label_id instead of printing a second batch.
 */
export function reissueShipments(body: ShipmentReissueReq, idempotencyKey: string) {
  return request<ResponseOf<"/shipments/reissue", "POST">>("POST", "/shipments/reissue", {
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
export const cancelShipment = operation("cancelShipment", "PUT", "/shipments/{id}/cancel", arg.path("id"));
export const cancelShipments = operation(
  "cancelShipments",
  "PUT",
  "/shipments/cancel_shipments",
  arg.body("shipmentCancelReq"),
);

// ---------------------------------------------------------------------------
// 追跡番号のアップロード: one shipment at once, or many as a job to follow.

export type TrackingUploadResult = Camelize<Schemas["TrackingUploadResult"]>;
/** Where a bulk upload stands: progress and each shipment's (or order's) result. */
export type TrackingUploadJob = Camelize<Schemas["TrackingUploadJob"]>;
export type TrackingUploadJobResult = TrackingUploadJob["results"][number];
/** `{ shipment_ids }` or `{ order_ids }` (exactly one). */
export type TrackingUploadBulkReq = BodyOf<"/shipments/upload_tracking_numbers", "PUT">;

/** PUT /shipments/{id}/upload_tracking_number: answers the result (a refusal is a result with its reason). */
export function uploadTrackingNumber(id: string, idempotencyKey: string) {
  return request<ResponseOf<"/shipments/{id}/upload_tracking_number", "PUT">>(
    "PUT",
    `/shipments/${encodeURIComponent(id)}/upload_tracking_number`,
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
}

/** PUT /shipments/upload_tracking_numbers with an Idempotency-Key: a retry of the same click answers the first job. */
export function uploadTrackingNumbers(body: TrackingUploadBulkReq, idempotencyKey: string) {
  return request<ResponseOf<"/shipments/upload_tracking_numbers", "PUT">>(
    "PUT",
    "/shipments/upload_tracking_numbers",
    { body, headers: { "Idempotency-Key": idempotencyKey } },
  );
}
export const getTrackingUploadJob = operation(
  "getTrackingUploadJob",
  "GET",
  "/shipments/upload_tracking_numbers/{job_id}",
  arg.path("job_id"),
);
