import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs } from "../../support/cognito";
import { shopOrderFixture } from "../../support/orders";
import { ecforceShopFor } from "../../support/simulators";
import { invite } from "../../support/users";

/** Strings shaped like dates that name no day, and what the API says of each. */
const notDays = [
  ["2026-13-45", "存在しない日付です（2026-13-45）"],
  ["2026-02-30", "存在しない日付です（2026-02-30）"],
  ["2026-02-29", "存在しない日付です（2026-02-29）"],
  ["2026/11/01", "日付は YYYY-MM-DD で指定してください"],
  ["2026-01-31T25:00:00+09:00", "日時は 2026-01-31T09:00:00+09:00 の形式で指定してください"],
  ["2026-01-31T09:00:00", "日時は 2026-01-31T09:00:00+09:00 の形式で指定してください"],
] as const;

const listFilters = [
  ["/api/shipments", "printed_from"],
  ["/api/shipments", "printed_to"],
  ["/api/orders", "purchased_from"],
  ["/api/orders", "purchased_to"],
  ["/api/orders/ids", "purchased_from"],
  ["/api/orders/ids", "purchased_to"],
] as const;

describe("dates in list filters", () => {
  it.each(listFilters)(
    "%s?%s= refuses a day that does not exist with 400 on the field",
    async (path, param) => {
      const account = await testAccount();
      for (const [value, message] of notDays) {
        const res = await callApi(`${path}?${param}=${encodeURIComponent(value)}`, {
          token: account.idToken,
        });
        expect({ value, status: res.status, code: res.json.code }).toEqual({
          value,
          status: 400,
          code: "input.invalid",
        });
        expect(res.json.fields).toEqual({ [param]: message });
      }
    },
  );

  it.each(listFilters)("%s?%s= takes a leap day and an instant with its offset", async (path, param) => {
    const account = await testAccount();
    for (const value of ["2028-02-29", "2026-01-31T09:00:00+09:00", "2026-01-31T00:00:00.000Z"]) {
      const res = await callApi(`${path}?${param}=${encodeURIComponent(value)}`, { token: account.idToken });
      expect({ value, status: res.status }).toEqual({ value, status: 200 });
    }
  });

  it("an instant given in JST bounds the shipment history at that very instant", async () => {
    const account = await testAccount();
    await asUser(account, () => Order.upsertFromShop(shopOrderFixture(1)));
    const imported = await callApi("/api/imports", {
      method: "POST",
      token: account.idToken,
      body: {
        format: "order_numbers",
        carrier: "japan_post",
        content_base64: Buffer.from("注文番号,追跡番号\r\n#1001,405548424886\r\n").toString("base64"),
      },
    });
    expect(imported.json.matched, JSON.stringify(imported.json)).toHaveLength(1);
    // A minute before the print, written as JST: later as text than the stored UTC time, earlier in fact.
    const minuteAgo = new Date(Date.now() - 60_000 + 9 * 3600_000).toISOString().replace("Z", "+09:00");
    const printed = (bound: string) =>
      callApi(`/api/shipments?${bound}=${encodeURIComponent(minuteAgo)}`, { token: account.idToken }).then(
        (res) => res.json.items.length,
      );
    expect(await printed("printed_from")).toBe(1);
    expect(await printed("printed_to")).toBe(0);
  });
});

/** What a carrier's delivery needs besides the dates. */
const requiredOf: Record<string, Record<string, string>> = { yamato: { service_type: "0" } };

describe("dates in request bodies", () => {
  it.each(["yamato", "sagawa", "japan_post"])(
    "PUT /api/orders/{id}/delivery/%s refuses a ship or delivery date that does not exist",
    async (carrier) => {
      const account = await testAccount();
      const { orderId } = await asUser(account, () => Order.upsertFromShop(shopOrderFixture(1)));
      for (const field of ["ship_date", "delivery_date"]) {
        for (const value of ["2026-13-45", "2026-02-30", "2026-02-29"]) {
          const res = await callApi(`/api/orders/${orderId}/delivery/${carrier}`, {
            method: "PUT",
            token: account.idToken,
            body: { [field]: value, item_name: "宇治抹茶" },
          });
          expect({ field, value, status: res.status }).toEqual({ field, value, status: 400 });
          expect(res.json.fields[field]).toBe(`存在しない日付です（${value}）`);
        }
      }
      const leapDay = await callApi(`/api/orders/${orderId}/delivery/${carrier}`, {
        method: "PUT",
        token: account.idToken,
        body: { delivery_date: "2028-02-29", item_name: "宇治抹茶", ...requiredOf[carrier] },
      });
      expect(leapDay.status, JSON.stringify(leapDay.json)).toBe(200);
    },
  );
});

describe("types in request bodies", () => {
  it("PUT /api/shops/ecforce refuses import_days that is not a number, and keeps the stored value", async () => {
    const account = await testAccount();
    const connected = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: account.idToken,
      body: await ecforceShopFor(`bad-input-${account.tenantId.toLowerCase()}`),
    });
    expect(connected.status).toBe(201);
    const shopId = connected.json.id;
    for (const import_days of [true, "7", null, [7]]) {
      const res = await callApi("/api/shops/ecforce", {
        method: "PUT",
        token: account.idToken,
        body: { shop_id: shopId, import_days },
      });
      expect({ import_days, status: res.status }).toEqual({ import_days, status: 400 });
      expect(res.json.fields).toEqual({ import_days: "取り込み期間は日数で指定してください" });
    }
    const ok = await callApi("/api/shops/ecforce", {
      method: "PUT",
      token: account.idToken,
      body: { shop_id: shopId, import_days: 7 },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.settings.import_days).toBe(7);
  });
});

describe("the Authorization header", () => {
  it("takes exactly `Bearer <token>`, with one space", async () => {
    const account = await testAccount();
    const answer = (authorization: string) =>
      callApi("/api/companies", { headers: { authorization } }).then((res) => res.status);
    expect(await answer(`Bearer ${account.idToken}`)).toBe(200);
    for (const header of [
      `Bearer  ${account.idToken}`,
      `Bearer\t${account.idToken}`,
      `Bearer ${account.idToken} extra`,
      `bearer ${account.idToken}`,
      `Token ${account.idToken}`,
    ]) {
      expect({ header: header.slice(0, 10), status: await answer(header) }).toEqual({
        header: header.slice(0, 10),
        status: 401,
      });
    }
  });
});

describe("a removed user's still-valid token", () => {
  it("GET /api/signup answers 401 auth.user_removed, as every other route does", async () => {
    const admin = await testAccount("削除確認商店");
    const { res: invited, email } = await invite(admin.idToken, "member", "退職 者");
    const memberToken = await signInAs(email);
    expect((await callApi("/api/signup", { token: memberToken })).json).toEqual({ exist: true });

    const removed = await callApi(`/api/users/${invited.json.id}`, {
      method: "DELETE",
      token: admin.idToken,
    });
    expect(removed.status).toBe(204);

    const check = await callApi("/api/signup", { token: memberToken });
    expect(check.status).toBe(401);
    expect(check.json).toEqual({ code: "auth.user_removed", message: "このユーザーは削除されています。" });
  });
});
