import { Order } from "@okuru/core/order";
import { beforeAll, describe, expect, it } from "vitest";
import { isPublicRoute } from "../../../functions/src/api/public-routes";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs, uniqueEmail } from "../../support/cognito";

/**
 * Walks every route of the OpenAPI document: each non-public one answers 401
 * without a token; with another company's token and this company's ids it answers
 * 404 and changes nothing; administrator-only writes answer 403 to a member.
 * A route added without an entry below fails the first test, so no route escapes.
 */

type Sample = {
  /** A valid body, so that a refusal is about the tenant or the role, not the input. */
  body?: unknown;
  /** Writes administrators alone may make (403 for a member). */
  adminOnly?: boolean;
};

const address = {
  postal_code: "6048005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "",
  phone: "075-123-4567",
};

const samples: Record<string, Sample> = {
  "GET /api/signup": {},
  "POST /api/signup": { body: {} },
  "GET /api/companies": {},
  "PUT /api/companies": { body: { name: "株式会社試験", ...address }, adminOnly: true },
  "PUT /api/companies/setup_status": { body: { setup_status: "stores" }, adminOnly: true },
  "GET /api/users": {},
  "POST /api/users": { body: { email: "x@example.jp", name: "", role: "member" }, adminOnly: true },
  "PUT /api/users/{id}": { body: { name: "書換", role: "member" }, adminOnly: true },
  "DELETE /api/users/{id}": { adminOnly: true },
  "GET /api/users/me": {},
  "GET /api/senders": {},
  "POST /api/senders": { body: { name: "倉庫", company_name: "", ...address }, adminOnly: true },
  "PUT /api/senders/{id}": { body: { name: "書換", company_name: "", ...address }, adminOnly: true },
  "DELETE /api/senders/{id}": { adminOnly: true },
  "GET /api/item_categories": {},
  "POST /api/item_categories": { body: { name: "衣類", handling1: "", handling2: "" }, adminOnly: true },
  "PUT /api/item_categories/{id}": { body: { name: "書換", handling1: "", handling2: "" }, adminOnly: true },
  "DELETE /api/item_categories/{id}": { adminOnly: true },
  "GET /api/brands": {},
  "PUT /api/brands": { body: { name: "書換" }, adminOnly: true },
  "PUT /api/brands/senders": { body: { sender_id: null }, adminOnly: true },
  "PUT /api/brands/item_categories": { body: { item_category_id: null }, adminOnly: true },
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
  "GET /api/shops": {},
  "POST /api/orders/sync": { body: {} },
  "GET /api/orders/{id}": {},
  "PUT /api/orders/{id}/customer": {
    body: {
      name: "書換 太郎",
      name_kana: "",
      company: "",
      postal_code: "6048005",
      prefecture: "京都府",
      city: "京都市中京区",
      address1: "恵比須町534-40",
      address2: "",
      phone: "075-123-4567",
    },
  },
  "PUT /api/orders/bulk_update": { body: { ids: ["ord_01JAAAAAAAAAAAAAAAAAAAAAAA"], action: "archive" } },
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
let companyA: Awaited<ReturnType<typeof testAccount>>;
let companyB: Awaited<ReturnType<typeof testAccount>>;
let memberToken: string;
/** Company A's records, by the resource segment their ids are used in. */
const idsOfA: Record<string, string> = {};

beforeAll(async () => {
  operations = await documentedOperations();
  [companyA, companyB] = await Promise.all([testAccount("会社A"), testAccount("会社B")]);
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
  const memberEmail = uniqueEmail("member");
  const member = await callApi("/api/users", {
    method: "POST",
    token: companyA.idToken,
    body: { email: memberEmail, name: "メンバー", role: "member" },
  });
  expect([sender.status, category.status, member.status]).toEqual([201, 201, 201]);
  idsOfA.senders = sender.json.id;
  idsOfA.item_categories = category.json.id;
  // The administrator: a member may rename themselves, so their own id would not test the role rule.
  idsOfA.users = companyA.userId;
  memberToken = await signInAs(memberEmail);
  const order = await asUser(companyA, () =>
    Order.upsertFromShop({
      shopId: "shop_01JTESTSHOP00000000000000",
      platform: "shopify",
      platformOrderId: "gid://shopify/Order/1001",
      orderNumber: "#1001",
      purchasedAt: "2026-11-01T10:00:00+09:00",
      platformUpdatedAt: "2026-11-01T10:00:00+09:00",
      platformStatus: "unfulfilled",
      email: "buyer@example.jp",
      purchaser: buyer,
      customer: buyer,
      lineItems: [{ platformLineItemId: "1", sku: "A", name: "抹茶", quantity: 1, unitPrice: 1000 }],
      totalAmount: 1000,
      codAmount: null,
      requestedDeliveryDate: null,
      requestedTimeSlot: null,
      note: "",
      isGift: false,
      issues: [],
    }),
  );
  idsOfA.orders = order.orderId;
});

const buyer = {
  name: "髙橋 一郎",
  nameKana: "タカハシ イチロウ",
  company: "",
  postalCode: "6048005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "",
  phone: "075-123-4567",
};

function pathWithIdsOfA(op: Operation): string {
  return op.path.replace(/\/(\w+)\/\{id\}/, (_, resource: string) => {
    const id = idsOfA[resource];
    if (!id) throw new Error(`No record of company A for ${resource}: add one in beforeAll`);
    return `/${resource}/${id}`;
  });
}

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
      const res = await callApi(op.path.replace("{id}", "usr_01JAAAAAAAAAAAAAAAAAAAAAAA"), {
        method: op.method,
        body: samples[key(op)]?.body,
      });
      if (isPublicRoute(op.method, op.path)) expect(res.status, key(op)).not.toBe(401);
      else expect(res.status, key(op)).toBe(401);
    }
  });

  it("answers 404 to another company for this company's ids, and changes nothing", async () => {
    const before = await snapshotOfA();
    const byId = operations.filter((op) => op.path.includes("{id}"));
    expect(byId.length).toBeGreaterThanOrEqual(6);
    for (const op of byId) {
      const res = await callApi(pathWithIdsOfA(op), {
        method: op.method,
        token: companyB.idToken,
        body: samples[key(op)]?.body,
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
    const before = await snapshotOfA();
    const adminOnly = operations.filter((op) => samples[key(op)]?.adminOnly);
    expect(adminOnly.length).toBeGreaterThanOrEqual(15);
    for (const op of adminOnly) {
      const res = await callApi(pathWithIdsOfA(op), {
        method: op.method,
        token: memberToken,
        body: samples[key(op)]?.body,
      });
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
