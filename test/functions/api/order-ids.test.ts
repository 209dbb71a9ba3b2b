import { Order } from "@okuru/core/entities/order";
import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import { Labels } from "@okuru/core/workflows/labels";
import { TrackingUpload } from "@okuru/core/workflows/tracking-upload";
import { describe, expect, it } from "vitest";
import { asUser, testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { shopOrderFixture } from "../../support/orders";

const OTHER_SHOP = "shop_01JTESTSHOP00000000000001";

describe("GET /api/orders/ids (「すべてを選択」)", () => {
  it("answers every order of the tab and its filters, newest first, with the bulk actions' limits, and only the company's", async () => {
    const a = await testAccount();
    const b = await testAccount();
    await asUser(a, () =>
      Order.upsertPage([
        shopOrderFixture(1),
        shopOrderFixture(2),
        shopOrderFixture(3, { shopId: OTHER_SHOP }),
        shopOrderFixture(4, { platformStatus: "cancelled" }),
      ]),
    );
    await asUser(b, () => Order.upsertPage([shopOrderFixture(9)]));
    const ids = (account: { idToken: string }, query: string) =>
      callApi(`/api/orders/ids?${query}`, { token: account.idToken });

    const all = await ids(a, "tab_key=notShipped");
    expect(all.status).toBe(200);
    expect(all.json).toEqual({
      items: ["#1003", "#1002", "#1001"].map((n) => ({
        id: expect.stringMatching(/^ord_/),
        order_number: n,
      })),
      truncated: false,
      limits: {
        labels: Labels.MAX_ORDERS,
        export: CarrierExport.MAX_ORDERS,
        upload: TrackingUpload.MAX_SHIPMENTS,
        bulk_update: 100,
      },
    });
    // The same orders, in the same order, as the list's own page.
    const page = await callApi("/api/orders?tab_key=notShipped", { token: a.idToken });
    expect(all.json.items.map((o: { id: string }) => o.id)).toEqual(
      page.json.items.map((o: { id: string }) => o.id),
    );

    expect((await ids(a, `tab_key=notShipped&shop_id=${OTHER_SHOP}`)).json.items).toEqual([
      expect.objectContaining({ order_number: "#1003" }),
    ]);
    expect((await ids(a, "tab_key=cancelled")).json.items).toEqual([
      expect.objectContaining({ order_number: "#1004" }),
    ]);
    expect((await ids(a, "tab_key=notShipped&search=%231002")).json.items).toEqual([
      expect.objectContaining({ order_number: "#1002" }),
    ]);
    // Another company's list holds only its own order.
    expect((await ids(b, "tab_key=notShipped")).json.items).toEqual([
      expect.objectContaining({ order_number: "#1009" }),
    ]);
    expect((await ids(a, "tab_key=nope")).status).toBe(400);

    // Past the cap it answers the first orders and says there are more.
    expect(await asUser(a, () => Order.ids({ tab: "notShipped" }, 2))).toEqual({
      items: [
        expect.objectContaining({ orderNumber: "#1003" }),
        expect.objectContaining({ orderNumber: "#1002" }),
      ],
      truncated: true,
    });
    expect((await asUser(a, () => Order.ids({ tab: "notShipped" }, 3))).truncated).toBe(false);
  });
});
