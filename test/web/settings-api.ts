import { LOW_ON_NUMBERS } from "@okuru/core/shared/carrier-account";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { companyBody, type FakeRoutes, type Wire } from "./fake-api";

/** Wire (snake_case) bodies for the settings endpoints, as the API sends them. */

export function brandBody(overrides: Partial<Wire["Brand"]> = {}): Wire["Brand"] {
  const setting = { paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 } as const;
  return {
    name: "",
    default_sender_id: null,
    default_item_category_id: null,
    default_carrier: null,
    print_settings: { japan_post: setting, sagawa: setting, yamato: setting },
    notify_customer: true,
    auto_upload_tracking: false,
    updated_at: null,
    ...overrides,
  };
}

/** When every fixture record was created and last changed. */
const stamped = { created_at: "2025-04-01T09:00:00.000Z", updated_at: "2025-04-01T09:00:00.000Z" } as const;

/** A fixture of one record: its defaults, each field replaceable by `overrides`. */
const recordFixture =
  <Body>(defaults: Body) =>
  (overrides: Partial<Body> = {}): Body => ({ ...defaults, ...overrides });

export const senderBody = recordFixture<Wire["Sender"]>({
  id: "snd_01",
  name: "送る商店 東京倉庫",
  company_name: "株式会社送る商店",
  postal_code: "1000001",
  prefecture: "東京都",
  city: "千代田区",
  address1: "千代田1-1",
  address2: "送るビル 3階",
  phone: "03-1234-5678",
  ...stamped,
});

export const itemCategoryBody = recordFixture<Wire["ItemCategory"]>({
  id: "icat_01",
  name: "衣類",
  handling1: "ワレモノ注意",
  handling2: "",
  ...stamped,
});

export const userBody = recordFixture<Wire["User"]>({
  id: "usr_01",
  email: "tanaka@example.jp",
  name: "田中 太郎",
  role: "admin",
  invited_at: null,
  ...stamped,
});

/** A company whose setup is done, with a complete profile. */
export function completeCompanyBody(features = { api_integration: false }): Wire["Company"] {
  return {
    ...companyBody("done", "株式会社送る商店", features),
    postal_code: "1000001",
    prefecture: "東京都",
    city: "千代田区",
    address1: "千代田1-1",
    phone: "03-1234-5678",
  };
}

/** Every GET the settings pages make, answered with one record each (override any of them). */
export function settingsRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    "GET /api/companies": () => ({ body: completeCompanyBody() }),
    "GET /api/brands": () => ({ body: brandBody() }),
    "GET /api/senders": () => ({ body: { items: [senderBody()], next_cursor: null } }),
    "GET /api/item_categories": () => ({ body: { items: [itemCategoryBody()], next_cursor: null } }),
    "GET /api/users": () => ({ body: { items: [userBody()], next_cursor: null } }),
    "GET /api/users/me": () => ({ body: userBody() }),
    "GET /api/japan_post": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/sagawa": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/yamato": () => ({ body: { items: [], next_cursor: null } }),
    ...overrides,
  };
}

/** A shop as GET /shops lists it: an idle Shopify shop that has synced once. */
export function shopBody(overrides: Partial<Wire["Shop"]> = {}): Wire["Shop"] {
  return {
    id: "shop_01",
    platform: "shopify",
    name: "送る商店",
    domain: "okuru-demo.myshopify.com",
    status: "active",
    settings: { import_days: 30, include_fulfilled: false, tracking_upload: "shipping" },
    sync: {
      status: "idle",
      seen: 12,
      imported: 12,
      expected: null,
      method: "paged",
      remaining_seconds: null,
      started_at: "2025-04-01T09:00:00.000Z",
      last_success_at: "2025-04-01T09:05:00.000Z",
      last_error: null,
    },
    privacy_requests: [],
    created_at: "2025-04-01T09:00:00.000Z",
    updated_at: "2025-04-01T09:05:00.000Z",
    ...overrides,
  };
}

/** A registered range of `size` numbers from the 11-digit serial `start`, `used` of them taken. */
export function trackingRangeBody(
  start: number,
  size: number,
  used = 0,
  id = `rng_${start}`,
): Wire["CarrierAccount"]["tracking_ranges"][number] {
  return {
    id,
    first: trackingNumberOf(start),
    last: trackingNumberOf(start + size - 1),
    next: used < size ? trackingNumberOf(start + used) : null,
    remaining: size - used,
    used,
  };
}

/**
 * A carrier account as GET /{carrier} lists it: a self-printed Yamato account, the
 * default, with one range of 1,000 numbers (remaining and the warning follow the ranges).
 */
export function carrierAccountBody(overrides: Partial<Wire["CarrierAccount"]> = {}): Wire["CarrierAccount"] {
  const ranges = overrides.tracking_ranges ?? [trackingRangeBody(44_441_375_000, 1000)];
  const mode = overrides.mode ?? "self_printed";
  const remaining = ranges.reduce((sum, range) => sum + range.remaining, 0);
  return {
    id: "car_01",
    carrier: "yamato",
    name: "ヤマト運輸 京都主管",
    mode,
    is_default: true,
    customer_code_hint: "********6701",
    classification_code: "",
    freight_code: "01",
    form_code: null,
    posting_office: null,
    tracking_ranges: ranges,
    remaining_numbers: mode === "self_printed" || ranges.length ? remaining : null,
    low_on_numbers: mode === "self_printed" && remaining < LOW_ON_NUMBERS,
    ...stamped,
    ...overrides,
  };
}
