import { Company } from "@okuru/core/entities/company";
import { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { accessToken, clientCaller, createCredential } from "../../support/api-clients";
import { shopOrderFixture } from "../../support/orders";
import { apiCaller } from "../../support/printing";

const orders = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => shopOrderFixture(from + i));

describe("GET /api/orders/changes, the open list's change feed", () => {
  it("moves once per sync page, not per order, and not for a page that changes nothing", async () => {
    const account = await testAccount();
    const call = apiCaller(account);
    const before = (await call("/orders/changes")).json;
    expect(before.counts.notShipped).toBe(0);

    const page = orders(1, 40);
    await asUser(account, () => Order.upsertPage(page));
    const afterPage = (await call("/orders/changes")).json;
    expect(afterPage.version).toBe(before.version + 1);
    expect(afterPage.counts.notShipped).toBe(40);

    await asUser(account, () => Order.upsertPage(page));
    expect((await call("/orders/changes")).json.version).toBe(afterPage.version);

    // A webhook's single order, then a merchant's edit: one move each.
    await asUser(account, () => Order.upsertFromShop(shopOrderFixture(41)));
    expect((await call("/orders/changes")).json.version).toBe(afterPage.version + 1);
    const id = Order.idOf(page[0]!.shopId, page[0]!.platformOrderId, page[0]!.purchasedAt);
    expect((await call(`/orders/${id}`, "PUT", { memo: "午前中に発送" })).status).toBe(200);
    const afterEdit = (await call("/orders/changes")).json;
    expect(afterEdit.version).toBe(afterPage.version + 2);
    expect(afterEdit.counts.notShipped).toBe(41);
  });

  it("is the caller's company's only", async () => {
    const a = await testAccount();
    const b = await testAccount();
    const before = (await apiCaller(b)("/orders/changes")).json;
    await asUser(a, () => Order.upsertPage(orders(1, 3)));
    expect((await apiCaller(a)("/orders/changes")).json.counts.notShipped).toBe(3);
    expect((await apiCaller(b)("/orders/changes")).json).toEqual(before);
  });

  it("answers a client token with orders:read and refuses one without it", async () => {
    const account = await testAccount();
    await Company.setFeature(account.tenantId, "api", true);
    const reader = await createCredential(account, { scopes: ["orders:read"] });
    const labeller = await createCredential(account, { scopes: ["labels:write"] });
    const read = await clientCaller(await accessToken(reader))("/orders/changes");
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ version: expect.any(Number), counts: expect.any(Object) });
    const refused = await clientCaller(await accessToken(labeller))("/orders/changes");
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain("orders:read");
  });
});
