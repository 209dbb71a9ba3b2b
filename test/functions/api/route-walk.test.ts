import { Company } from "@okuru/core/entities/company";
import { Order } from "@okuru/core/entities/order";
import { Shipment } from "@okuru/core/entities/shipment";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { Labels } from "@okuru/core/workflows/labels";
import { LabelRun } from "@okuru/core/workflows/labels/run";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicRoute } from "../../../functions/src/api/public-routes";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs } from "../../support/cognito";
import { kyotoAddress, shopOrderFixture } from "../../support/orders";
import { withShops } from "../../support/simulators";
import { invite } from "../../support/users";

/**
 * Walks every route of the OpenAPI document: each non-public one answers 401
 * without a token; with another company's token and this company's ids it answers
 * 404 and changes nothing; administrator-only writes answer 403 to a member.
 * A route added without an entry below fails the first test, so no route escapes.
 */

const SHOP_OF_A = "$shopOfA";

type Sample = {
  /** A valid body, so that a refusal is about the tenant or the role, not the input. */
  body?: unknown;
  query?: Record<string, string>;
  /** Writes administrators alone may make (403 for a member). */
  adminOnly?: boolean;
};

/** Hand-off accounts: no number ranges needed, so one body serves create and update. */
const carrierAccountSamples = {
  yamato: { name: "ヤマト 本社", mode: "handoff", customer_code: "012345678901" },
  sagawa: { name: "佐川 本社", mode: "handoff", customer_code: "123456789012" },
  japan_post: { name: "ゆうパック 本社", mode: "handoff" },
};

const samples: Record<string, Sample> = {
  "GET /api/signup": {},
  "POST /api/signup": { body: {} },
  "GET /api/companies": {},
  "PUT /api/companies": { body: { name: "株式会社試験", ...kyotoAddress }, adminOnly: true },
  "PUT /api/companies/setup_status": { body: { setup_status: "stores" }, adminOnly: true },
  "GET /api/users": {},
  "POST /api/users": { body: { email: "x@example.jp", name: "", role: "member" }, adminOnly: true },
  "PUT /api/users/{id}": { body: { name: "書換", role: "member" }, adminOnly: true },
  "DELETE /api/users/{id}": { adminOnly: true },
  "POST /api/users/{id}/resend_invitation": { adminOnly: true },
  "GET /api/users/me": {},
  "GET /api/credentials": {},
  "POST /api/credentials": { body: { name: "基幹連携", scopes: ["orders:read"] }, adminOnly: true },
  "GET /api/credentials/{id}": {},
  "PUT /api/credentials/{id}": { body: { name: "書換", scopes: ["orders:read"] }, adminOnly: true },
  "DELETE /api/credentials/{id}": { adminOnly: true },
  "POST /api/credentials/{id}/rotate": { adminOnly: true },
  "GET /api/credentials/{id}/webhooks": {},
  "POST /api/credentials/{id}/webhooks": {
    body: { url: "https://example.com/okuru", events: ["order.error"] },
    adminOnly: true,
  },
  "PUT /api/credentials/{id}/webhooks/{webhook_id}": {
    body: { url: "https://example.com/okuru", events: ["order.error"], enabled: false },
    adminOnly: true,
  },
  "DELETE /api/credentials/{id}/webhooks/{webhook_id}": { adminOnly: true },
  "POST /api/credentials/{id}/webhooks/{webhook_id}/rotate": { adminOnly: true },
  "GET /api/credentials/{id}/webhooks/{webhook_id}/deliveries": {},
  "GET /api/senders": {},
  "POST /api/senders": { body: { name: "倉庫", company_name: "", ...kyotoAddress }, adminOnly: true },
  "PUT /api/senders/{id}": { body: { name: "書換", company_name: "", ...kyotoAddress }, adminOnly: true },
  "DELETE /api/senders/{id}": { adminOnly: true },
  "GET /api/item_categories": {},
  "POST /api/item_categories": { body: { name: "衣類", handling1: "", handling2: "" }, adminOnly: true },
  "PUT /api/item_categories/{id}": { body: { name: "書換", handling1: "", handling2: "" }, adminOnly: true },
  "DELETE /api/item_categories/{id}": { adminOnly: true },
  "GET /api/brands": {},
  "PUT /api/brands": { body: { name: "書換" }, adminOnly: true },
  "PUT /api/brands/senders": { body: { sender_id: null }, adminOnly: true },
  "PUT /api/brands/item_categories": { body: { item_category_id: null }, adminOnly: true },
  "PUT /api/brands/carrier": { body: { carrier: null }, adminOnly: true },
  "PUT /api/brands/print_settings": {
    body: Object.fromEntries(
      ["japan_post", "sagawa", "yamato"].map((c) => [
        c,
        { paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 },
      ]),
    ),
    adminOnly: true,
  },
  "GET /api/geocoding": {},
  "GET /api/orders": {},
  "GET /api/orders/ids": {},
  "GET /api/orders/changes": {},
  "GET /api/shops": {},
  "POST /api/orders/sync": { body: {} },
  "GET /api/orders/{id}": {},
  "PUT /api/orders/{id}": { body: { memo: "電話で確認済み" } },
  "PUT /api/orders/{id}/customer": {
    body: { name: "書換 太郎", name_kana: "", company: "", ...kyotoAddress },
  },
  "PUT /api/orders/{id}/customer/replacement": { body: { field: "customer.name" } },
  "PUT /api/orders/{id}/sender": { body: { sender_id: null } },
  "DELETE /api/orders/{id}/delivery": {},
  "PUT /api/orders/{id}/delivery/yamato": { body: { service_type: "0", item_name: "宇治抹茶" } },
  "PUT /api/orders/{id}/delivery/sagawa": { body: { item_name: "宇治抹茶" } },
  "PUT /api/orders/{id}/delivery/japan_post": { body: { item_name: "宇治抹茶" } },
  "PUT /api/orders/{id}/delivery/sss": { body: { carrier_name: "西濃運輸", tracking_number: "1234-5678" } },
  "PUT /api/orders/bulk_update": { body: { ids: ["ord_01JAAAAAAAAAAAAAAAAAAAAAAA"], action: "archive" } },
  // Shop routes name the shop in the body or the query; SHOP_OF_A stands for company A's shop.
  "POST /api/shops/shopify": {
    body: { shop: "okuru-walk.myshopify.com", from: "settings" },
    adminOnly: true,
  },
  "POST /api/shops/shopify/verify_request": {
    body: { code: "c", hmac: "h", host: "x", shop: "okuru-walk.myshopify.com", state: "s", timestamp: "1" },
    adminOnly: true,
  },
  "PUT /api/shops/shopify": { body: { shop_id: SHOP_OF_A, import_days: 7 }, adminOnly: true },
  "DELETE /api/shops/shopify": { query: { shop_id: SHOP_OF_A }, adminOnly: true },
  "POST /api/shops/ecforce": {
    body: { base_url: "https://shop.example.jp", api_token: "t" },
    adminOnly: true,
  },
  "PUT /api/shops/ecforce": { body: { shop_id: SHOP_OF_A, import_days: 7 }, adminOnly: true },
  "DELETE /api/shops/ecforce": { query: { shop_id: SHOP_OF_A }, adminOnly: true },
  "GET /api/shops/ecforce/carriers": { query: { shop_id: SHOP_OF_A } },
  "POST /api/shipments/labels": { body: { order_ids: ["ord_01JAAAAAAAAAAAAAAAAAAAAAAA"] } },
  "POST /api/shipments/reissue": { body: { shipment_ids: ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA"] } },
  "GET /api/shipments/labels": { query: { label_id: "lbl_01JAAAAAAAAAAAAAAAAAAAAAAA" } },
  "GET /api/shipments": {},
  "GET /api/shipments/counts": {},
  "PUT /api/shipments/cancel_shipments": { body: { ids: ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA"] } },
  "GET /api/shipments/{id}": {},
  "PUT /api/shipments/{id}/cancel": {},
  "PUT /api/shipments/{id}/upload_tracking_number": {},
  "PUT /api/shipments/upload_tracking_numbers": {
    body: { shipment_ids: ["shp_01JAAAAAAAAAAAAAAAAAAAAAAA"] },
  },
  "GET /api/shipments/upload_tracking_numbers/{job_id}": {},
  "POST /api/imports": { body: { format: "yamato_b2", content_base64: "YQ==" } },
  "POST /api/imports/uploads": { body: { size: 1024 } },
  "POST /api/exports": { body: { format: "clickpost", order_ids: ["ord_01JAAAAAAAAAAAAAAAAAAAAAAA"] } },
  "GET /api/exports/{export_id}": {},
  ...Object.fromEntries(
    Object.entries(carrierAccountSamples).flatMap(([carrier, body]) => [
      [`GET /api/${carrier}`, {}],
      [`POST /api/${carrier}`, { body, adminOnly: true }],
      [`PUT /api/${carrier}/{id}`, { body: { ...body, name: "書換" }, adminOnly: true }],
      [`DELETE /api/${carrier}/{id}`, { adminOnly: true }],
    ]),
  ),
};

type Operation = { method: string; path: string };

async function documentedOperations(): Promise<Operation[]> {
  const doc = (await callApi("/api/openapi.json")).json as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: `/api${path.replace(/^\/api/, "")}` })),
  );
}

const key = (op: Operation) => `${op.method} ${op.path}`;

let operations: Operation[];
let simulators: Awaited<ReturnType<typeof withShops>>;
let companyA: Awaited<ReturnType<typeof testAccount>>;
let companyB: Awaited<ReturnType<typeof testAccount>>;
let memberToken: string;
/** Company A's records, by the resource segment their ids are used in. */
const idsOfA: Record<string, string> = {};

afterAll(() => simulators?.stop());

beforeAll(async () => {
  simulators = await withShops();
  operations = await documentedOperations();
  [companyA, companyB] = await Promise.all([testAccount("会社A"), testAccount("会社B")]);
  // The 会社概要 is the ご依頼主 company A's label prints.
  const profile = await callApi("/api/companies", {
    method: "PUT",
    token: companyA.idToken,
    body: samples["PUT /api/companies"]!.body,
  });
  expect(profile.status, profile.text).toBe(200);
  const sender = await callApi("/api/senders", {
    method: "POST",
    token: companyA.idToken,
    body: samples["POST /api/senders"]!.body,
  });
  const category = await callApi("/api/item_categories", {
    method: "POST",
    token: companyA.idToken,
    body: samples["POST /api/item_categories"]!.body,
  });
  const { res: member, email: memberEmail } = await invite(companyA.idToken, "member", "メンバー");
  expect([sender.status, category.status, member.status]).toEqual([201, 201, 201]);
  idsOfA.senders = sender.json.id;
  idsOfA.item_categories = category.json.id;
  // The administrator: a member may rename themselves, so their own id would not test the role rule.
  idsOfA.users = companyA.userId;
  memberToken = await signInAs(memberEmail);
  // API連携 on for both, so company B's refusal of A's credential is about the tenant, not the switch.
  await Promise.all([companyA, companyB].map((c) => Company.setFeature(c.tenantId, "api", true)));
  const credential = await callApi("/api/credentials", {
    method: "POST",
    token: companyA.idToken,
    body: samples["POST /api/credentials"]!.body,
  });
  expect(credential.status, credential.text).toBe(201);
  idsOfA.credentials = credential.json.id;
  const order = await asUser(companyA, () => Order.upsertFromShop(shopOrderFixture(1)));
  idsOfA.orders = order.orderId;
  const { apiToken } = simulators.ecforce.addShop("route-walk", []);
  const shop = await callApi("/api/shops/ecforce", {
    method: "POST",
    token: companyA.idToken,
    body: { base_url: simulators.ecforceBaseUrl("route-walk"), api_token: apiToken },
  });
  expect(shop.status).toBe(201);
  idsOfA.shops = shop.json.id;
  for (const [carrier, body] of Object.entries(carrierAccountSamples)) {
    const account = await callApi(`/api/${carrier}`, { method: "POST", token: companyA.idToken, body });
    expect(account.status, carrier).toBe(201);
    idsOfA[carrier] = account.json.id;
  }
  // A label of company A: a self-printed Japan Post account, the order shipping by it, one part rendered.
  const printing = await callApi("/api/japan_post", {
    method: "POST",
    token: companyA.idToken,
    body: {
      name: "ゆうパック 自社印刷",
      mode: "self_printed",
      is_default: true,
      tracking_ranges: [{ first: trackingNumberOf(55_500_000_000), last: trackingNumberOf(55_500_000_009) }],
    },
  });
  expect(printing.status).toBe(201);
  await callApi(`/api/orders/${idsOfA.orders}/delivery/japan_post`, {
    method: "PUT",
    token: companyA.idToken,
    body: { item_name: "宇治抹茶" },
  });
  idsOfA.shipments = await asUser(companyA, async () => {
    const { label_id } = await Labels.requestLabels({ order_ids: [idsOfA.orders!] });
    await LabelRun.runPart(label_id, 0, [idsOfA.orders!]);
    return (await Shipment.ofOrder(idsOfA.orders!))[0]!.shipmentId;
  });
});

function pathWithIdsOfA(op: Operation): string {
  return op.path.replace(/\/(\w+)\/\{id\}/, (_, resource: string) => {
    const id = idsOfA[resource];
    if (!id) throw new Error(`No record of company A for ${resource}: add one in beforeAll`);
    return `/${resource}/${id}`;
  });
}

/** The sample's body and query with company A's shop (or any shop id) in place of SHOP_OF_A. */
function requestOf(op: Operation, shopId: string) {
  const sample = samples[key(op)];
  const fill = (value: unknown) => JSON.parse(JSON.stringify(value ?? null).replaceAll(SHOP_OF_A, shopId));
  const query = sample?.query ? `?${new URLSearchParams(fill(sample.query))}` : "";
  return { query, body: sample?.body === undefined ? undefined : fill(sample.body) };
}

const namesShop = (op: Operation) => JSON.stringify(samples[key(op)] ?? {}).includes(SHOP_OF_A);

async function snapshotOfA() {
  const read = async (path: string) => (await callApi(path, { token: companyA.idToken })).json;
  return {
    company: await read("/api/companies"),
    users: await read("/api/users"),
    senders: await read("/api/senders"),
    categories: await read("/api/item_categories"),
    brand: await read("/api/brands"),
    orders: await read("/api/orders"),
    order: await read(`/api/orders/${idsOfA.orders}`),
    shops: await read("/api/shops"),
    yamato: await read("/api/yamato"),
    sagawa: await read("/api/sagawa"),
    japanPost: await read("/api/japan_post"),
    shipments: await read("/api/shipments"),
    credentials: await read("/api/credentials"),
  };
}

describe("every route of the OpenAPI document", () => {
  it("is listed here with a sample, so none escapes these checks", () => {
    const undocumented = operations.filter((op) => !isPublicRoute(op.method, op.path) && !samples[key(op)]);
    expect(undocumented.map(key)).toEqual([]);
    expect(operations.length).toBeGreaterThan(20);
  });

  it("answers 401 without a token, except the public ones", async () => {
    for (const op of operations) {
      const { query, body } = requestOf(op, "shop_01JAAAAAAAAAAAAAAAAAAAAAAA");
      const res = await callApi(op.path.replace("{id}", "usr_01JAAAAAAAAAAAAAAAAAAAAAAA") + query, {
        method: op.method,
        body,
      });
      // A public route may refuse too (a webhook without its HMAC), but never for want of a sign-in.
      if (isPublicRoute(op.method, op.path)) expect(res.json?.code ?? "", key(op)).not.toMatch(/^auth\./);
      else expect([res.status, res.json.code], key(op)).toEqual([401, "auth.unauthenticated"]);
    }
  });

  it("answers 404 to another company for this company's ids, and changes nothing", async () => {
    const before = await snapshotOfA();
    const byId = operations.filter((op) => op.path.includes("{id}") || namesShop(op));
    expect(byId.length).toBeGreaterThanOrEqual(11);
    for (const op of byId) {
      const { query, body } = requestOf(op, idsOfA.shops!);
      const res = await callApi(pathWithIdsOfA(op) + query, {
        method: op.method,
        token: companyB.idToken,
        body,
      });
      expect(res.status, key(op)).toBe(404);
    }
    // Bulk routes take ids in the body: another company's ids are reported as not found, one by one.
    const bulk = await callApi("/api/orders/bulk_update", {
      method: "PUT",
      token: companyB.idToken,
      body: { ids: [idsOfA.orders], action: "archive" },
    });
    expect(bulk.json.results).toEqual([{ id: idsOfA.orders, error: "注文が見つかりません。" }]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("answers 403 to a member for every administrator-only write, and changes nothing", async () => {
    // The member's first request ends their invitation (招待中): that change is theirs, not a write refused.
    expect((await callApi("/api/companies", { token: memberToken })).status).toBe(200);
    const before = await snapshotOfA();
    const adminOnly = operations.filter((op) => samples[key(op)]?.adminOnly);
    expect(adminOnly.length).toBeGreaterThanOrEqual(15);
    for (const op of adminOnly) {
      const { query, body } = requestOf(op, idsOfA.shops!);
      const res = await callApi(pathWithIdsOfA(op) + query, { method: op.method, token: memberToken, body });
      expect(res.status, key(op)).toBe(403);
      expect(res.json.code, key(op)).toBe("auth.admin_only");
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it("lets a member read every setting", async () => {
    for (const path of [
      "/api/companies",
      "/api/users",
      "/api/senders",
      "/api/item_categories",
      "/api/brands",
    ]) {
      expect((await callApi(path, { token: memberToken })).status, path).toBe(200);
    }
  });
});
