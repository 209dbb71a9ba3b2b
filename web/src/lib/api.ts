import type { BrandPrintSettings as BrandPrintSettingsWire, Carrier } from "@okuru/core/shared/brand";
import type { CompanyUpdateInput } from "@okuru/core/shared/company";
import type { ItemCategoryInput } from "@okuru/core/shared/item-category";
import type {
  OrderBulkUpdate,
  OrderCustomerUpdate,
  OrderTab,
  ShipmentStatus,
} from "@okuru/core/shared/order";
import type { SenderInput } from "@okuru/core/shared/sender";
import type { SetupStatus } from "@okuru/core/shared/setup-status";
import type { Role, UserInvite, UserUpdate } from "@okuru/core/shared/user";
import type { z } from "zod";
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
}

/** The low-level call every operation goes through. Resolves with the camelCased body (undefined when empty). */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
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
// Declarative operations: one line per endpoint. The positional arguments are
// described once (path id, body, query) and the required-parameter rule of spec §5
// is applied here, before anything is sent.

type ArgKind = "path" | "body" | "query" | "queryObject";

export interface Arg<T, Required extends boolean> {
  readonly kind: ArgKind;
  readonly name: string;
  readonly required: Required;
  /** Carries the argument's type only. */
  readonly type?: T;
}

type AnyArg = Arg<unknown, boolean>;

export const arg = {
  /** A path parameter, substituted into `{name}` in the path. Always required. */
  path: (name: string): Arg<string, true> => ({ kind: "path", name, required: true }),
  /** A required JSON body. */
  body: <T>(name: string): Arg<T, true> => ({ kind: "body", name, required: true }),
  /** A JSON body the spec does not mark as required. */
  optionalBody: <T>(name: string): Arg<T, false> => ({ kind: "body", name, required: false }),
  /** One required query value, sent as `snake_case(name)`. */
  query: <T extends QueryValue>(name: string): Arg<T, true> => ({ kind: "query", name, required: true }),
  /** An optional object of query values, each key sent in snake_case. Goes last. */
  queryObject: <T extends Query>(name: string): Arg<T, false> => ({
    kind: "queryObject",
    name,
    required: false,
  }),
};

/** The positional parameters of an operation: required ones as given, optional ones may be omitted. */
export type ArgValues<A extends readonly AnyArg[]> = A extends readonly [
  infer Head,
  ...infer Rest extends readonly AnyArg[],
]
  ? Head extends Arg<infer T, true>
    ? [T, ...ArgValues<Rest>]
    : Head extends Arg<infer T, false>
      ? [(T | undefined)?, ...ArgValues<Rest>]
      : never
  : [];

/**
 * Defines an operation named like an OpenAPI-generated client method.
 *
 *     export const updateSender = operation<Sender>()("updateSender", "PUT", "/senders/{id}",
 *       arg.path("id"), arg.optionalBody<SenderUpdateReq>("senderUpdateReq"));
 *
 * The response type comes first (curried) because TypeScript cannot infer the
 * argument list while a type argument is given explicitly.
 */
export function operation<Response>() {
  return <const A extends readonly AnyArg[]>(
    operationName: string,
    method: HttpMethod,
    pathTemplate: string,
    ...args: A
  ): ((...values: ArgValues<A>) => Promise<Response>) => {
    const placeholders = [...pathTemplate.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const pathArgs = args.filter((a) => a.kind === "path").map((a) => a.name);
    if (placeholders.join() !== pathArgs.join()) {
      throw new Error(`${operationName}: path ${pathTemplate} does not match its path arguments.`);
    }

    return async (...values) => {
      let path = pathTemplate;
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
      return request<Response>(method, path, options);
    };
  };
}

// ---------------------------------------------------------------------------
// Types. Responses are camelCase (converted on arrival); request bodies are
// snake_case, as they travel.

export interface Health {
  status: "ok";
  time: string;
}

export interface SignupCheck {
  exist: boolean;
}

export interface SignupCreateReq {
  company_name?: string;
}

export interface Company {
  id: string;
  name: string;
  nameKana: string;
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone: string;
  contactName: string;
  contactEmail: string;
  setupStatus: SetupStatus;
  /** Per-company feature switches; apiIntegration shows the API連携 settings tab. */
  features: { apiIntegration: boolean };
  createdAt: string;
  updatedAt: string;
}

export interface SignupResult {
  company: Company;
}

/** 会社概要; the schema (and its Japanese messages) is shared with the API. */
export type CompanyUpdateReq = CompanyUpdateInput;

export interface CompanySetupStatusReq {
  setup_status: SetupStatus;
}

/** One address a postal code stands for. */
export interface GeocodingAddress {
  postalCode: string;
  prefecture: string;
  prefectureCode: string;
  city: string;
  cityCode: string;
  /** 町域; empty for codes that cover a whole city. */
  town: string;
}

/** Every address for a postal code: one code may cover several towns, even two prefectures. */
export interface Geocoding {
  /** 7 digits. */
  postalCode: string;
  /** 100-0001 */
  display: string;
  addresses: GeocodingAddress[];
}

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

export interface UserList {
  items: User[];
}

/** Invites a colleague by email (Cognito mails the temporary password). */
export type UserCreateReq = z.input<typeof UserInvite>;
export type UserUpdateReq = z.input<typeof UserUpdate>;

/** 発送元 (ご依頼主). */
export interface Sender {
  id: string;
  name: string;
  companyName: string;
  /** 7 digits. */
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
}

export interface SenderList {
  items: Sender[];
}

export type SenderCreateReq = z.input<typeof SenderInput>;
export type SenderUpdateReq = z.input<typeof SenderInput>;

/** 備考欄設定: the 品名 and 荷扱い printed on labels. */
export interface ItemCategory {
  id: string;
  name: string;
  handling1: string;
  handling2: string;
  createdAt: string;
  updatedAt: string;
}

export interface ItemCategoryList {
  items: ItemCategory[];
}

export type ItemCategoryCreateReq = z.input<typeof ItemCategoryInput>;
export type ItemCategoryUpdateReq = z.input<typeof ItemCategoryInput>;

/** How one carrier's labels are printed (camelCase as received). */
export interface CarrierPrintSetting {
  paper: BrandPrintSettingsWire[Carrier]["paper"];
  layout: BrandPrintSettingsWire[Carrier]["layout"];
  offsetXMm: number;
  offsetYMm: number;
}

/** Keyed by carrier; the keys arrive camelCased like every other key (japan_post → japanPost). */
export interface BrandPrintSettings {
  japanPost: CarrierPrintSetting;
  sagawa: CarrierPrintSetting;
  yamato: CarrierPrintSetting;
}

/** A carrier's key in BrandPrintSettings. */
export const printSettingsKey: Record<Carrier, keyof BrandPrintSettings> = {
  japan_post: "japanPost",
  sagawa: "sagawa",
  yamato: "yamato",
};

export interface Brand {
  name: string;
  defaultSenderId: string | null;
  defaultItemCategoryId: string | null;
  printSettings: BrandPrintSettings;
  /** null until the brand is first saved. */
  updatedAt: string | null;
}

export interface BrandUpdateReq {
  name: string;
}

export interface BrandSenderUpdateReq {
  sender_id: string | null;
}

export interface BrandItemCategoryUpdateReq {
  item_category_id: string | null;
}

/** All three carriers, each a full setting, snake_case as sent. */
export type BrandPrintSettingsUpdateReq = BrandPrintSettingsWire;

// ---------------------------------------------------------------------------
// Operations (spec §7). Bodies the spec does not list as required (§5) are optional,
// except the company profile's: a PUT of the whole profile without one means nothing.

export const getHealth = operation<Health>()("getHealth", "GET", "/health");

export const getSignup = operation<SignupCheck>()("getSignup", "GET", "/signup");
export const createSignup = operation<SignupResult>()(
  "createSignup",
  "POST",
  "/signup",
  arg.optionalBody<SignupCreateReq>("signupCreateReq"),
);

export const getCompanies = operation<Company>()("getCompanies", "GET", "/companies");
export const updateCompany = operation<Company>()(
  "updateCompany",
  "PUT",
  "/companies",
  arg.body<CompanyUpdateReq>("companyUpdateReq"),
);
export const updateCompanySetupStatus = operation<Company>()(
  "updateCompanySetupStatus",
  "PUT",
  "/companies/setup_status",
  arg.optionalBody<CompanySetupStatusReq>("companySetupStatusReq"),
);

export const getMe = operation<User>()("getMe", "GET", "/users/me");
export const getUsers = operation<UserList>()("getUsers", "GET", "/users");
export const createUser = operation<User>()(
  "createUser",
  "POST",
  "/users",
  arg.body<UserCreateReq>("userCreateReq"),
);
export const updateUser = operation<User>()(
  "updateUser",
  "PUT",
  "/users/{id}",
  arg.path("id"),
  arg.optionalBody<UserUpdateReq>("userUpdateReq"),
);
export const deleteUser = operation<void>()("deleteUser", "DELETE", "/users/{id}", arg.path("id"));

export const getSenders = operation<SenderList>()("getSenders", "GET", "/senders");
export const createSender = operation<Sender>()(
  "createSender",
  "POST",
  "/senders",
  arg.body<SenderCreateReq>("senderCreateReq"),
);
export const updateSender = operation<Sender>()(
  "updateSender",
  "PUT",
  "/senders/{id}",
  arg.path("id"),
  arg.optionalBody<SenderUpdateReq>("senderUpdateReq"),
);
export const deleteSender = operation<void>()("deleteSender", "DELETE", "/senders/{id}", arg.path("id"));

export const getItemCategories = operation<ItemCategoryList>()(
  "getItemCategories",
  "GET",
  "/item_categories",
);
export const createItemCategory = operation<ItemCategory>()(
  "createItemCategory",
  "POST",
  "/item_categories",
  arg.body<ItemCategoryCreateReq>("itemCategoryCreateReq"),
);
export const updateItemCategory = operation<ItemCategory>()(
  "updateItemCategory",
  "PUT",
  "/item_categories/{id}",
  arg.path("id"),
  arg.optionalBody<ItemCategoryUpdateReq>("itemCategoryUpdateReq"),
);
export const deleteItemCategory = operation<void>()(
  "deleteItemCategory",
  "DELETE",
  "/item_categories/{id}",
  arg.path("id"),
);

export const getBrands = operation<Brand>()("getBrands", "GET", "/brands");
export const updateBrand = operation<Brand>()(
  "updateBrand",
  "PUT",
  "/brands",
  arg.optionalBody<BrandUpdateReq>("brandUpdateReq"),
);
export const updateBrandSender = operation<Brand>()(
  "updateBrandSender",
  "PUT",
  "/brands/senders",
  arg.optionalBody<BrandSenderUpdateReq>("brandSenderUpdateReq"),
);
export const updateBrandItemCategory = operation<Brand>()(
  "updateBrandItemCategory",
  "PUT",
  "/brands/item_categories",
  arg.optionalBody<BrandItemCategoryUpdateReq>("brandItemCategoryUpdateReq"),
);
export const updateBrandPrintSettings = operation<Brand>()(
  "updateBrandPrintSettings",
  "PUT",
  "/brands/print_settings",
  arg.optionalBody<BrandPrintSettingsUpdateReq>("brandPrintSettingsUpdateReq"),
);

export const getGeocoding = operation<Geocoding>()(
  "getGeocoding",
  "GET",
  "/geocoding",
  arg.query<string>("addressPostcode"),
);

// ---------------------------------------------------------------------------
// Orders and shops (spec §7).

export interface OrderPerson {
  name: string;
  nameKana: string;
  company: string;
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2: string;
  phone: string;
}

export interface OrderIssue {
  field: string;
  message: string;
  suggestion?: string;
}

export interface Order {
  id: string;
  shopId: string;
  platform: "shopify" | "ecforce";
  orderNumber: string;
  shopifyOrderId: string | null;
  shopifyShopUrl: string | null;
  shipmentStatus: ShipmentStatus;
  isError: boolean;
  errors: OrderIssue[];
  purchasedAt: string;
  email: string;
  purchaser: OrderPerson;
  customer: OrderPerson;
  delivery: Record<string, unknown> | null;
  senderId: string | null;
  lineItems: { sku: string; name: string; quantity: number; unitPrice: number }[];
  totalAmount: number;
  codAmount: number | null;
  requestedDeliveryDate: string | null;
  requestedTimeSlot: string | null;
  note: string;
  isGift: boolean;
  shopChanges: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

export interface OrderList {
  items: Order[];
  nextCursor: string | null;
  counts: Record<OrderTab, number>;
}

/** Query of GET /orders (snake_case, as sent). */
export type OrderListQuery = {
  tab_key?: OrderTab;
  shipment_status?: ShipmentStatus;
  is_error?: "true" | "false";
  search?: string;
  purchased_from?: string;
  purchased_to?: string;
  shop_id?: string;
  shopify_order_id?: string;
  shopify_shop_url?: string;
  cursor?: string;
  limit?: number;
};

export type OrderCustomerUpdateReq = z.input<typeof OrderCustomerUpdate>;
export type OrderBulkUpdateReq = z.input<typeof OrderBulkUpdate>;

export interface OrderBulkResult {
  results: { id: string; error?: string }[];
}

export interface Shop {
  id: string;
  platform: "shopify" | "ecforce";
  name: string;
  domain: string;
  status: "active" | "inactive";
  sync: {
    status: "running" | "idle";
    seen: number;
    imported: number;
    startedAt: string | null;
    lastSuccessAt: string | null;
    lastError: string | null;
  };
  createdAt: string;
  updatedAt: string;
}

export interface ShopList {
  items: Shop[];
  nextCursor: string | null;
}

export const getOrders = operation<OrderList>()(
  "getOrders",
  "GET",
  "/orders",
  arg.queryObject<OrderListQuery>("orderListQuery"),
);
export const getOrder = operation<Order>()("getOrder", "GET", "/orders/{id}", arg.path("id"));
export const updateOrderCustomer = operation<Order>()(
  "updateOrderCustomer",
  "PUT",
  "/orders/{id}/customer",
  arg.path("id"),
  arg.body<OrderCustomerUpdateReq>("orderCustomerUpdateReq"),
);
export const bulkUpdateOrders = operation<OrderBulkResult>()(
  "bulkUpdateOrders",
  "PUT",
  "/orders/bulk_update",
  arg.body<OrderBulkUpdateReq>("orderBulkUpdateReq"),
);
export const getShops = operation<ShopList>()("getShops", "GET", "/shops");
