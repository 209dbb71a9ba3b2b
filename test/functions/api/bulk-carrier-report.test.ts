import { describe, expect, it } from "vitest";
import { personFixture, shopOrderFixture } from "../../support/orders";
import { shippingCompany } from "../../support/printing";

describe("a bulk change of carrier", () => {
  it("reports the orders it turned into errors, with their reasons, beside those it simply changed", async () => {
    // 35 full-width characters: ゆうプリR's three 50-byte address lines hold the address, e飛伝Ⅲ's three of 32 do not.
    const longBuilding = "グランドメゾン河原町三条パークタワー東棟グランドメゾン河原町三条パーク";
    const { call, ids } = await shippingCompany({
      yamato: "handoff",
      orders: [
        shopOrderFixture(1, { customer: personFixture({ address2: longBuilding }) }),
        shopOrderFixture(2),
      ],
    });
    const [long, plain] = ids as [string, string];
    const toPost = await call("/orders/bulk_update", "PUT", {
      ids,
      action: "set_carrier",
      carrier: "japan_post",
    });
    expect(toPost.status, toPost.text).toBe(200);
    expect(toPost.json.results).toEqual([{ id: long }, { id: plain }]);
    expect((await call("/orders/ids?tab_key=error")).json.items).toEqual([]);

    const toSagawa = await call("/orders/bulk_update", "PUT", {
      ids,
      action: "set_carrier",
      carrier: "sagawa",
    });
    expect(toSagawa.status, toSagawa.text).toBe(200);
    expect(toSagawa.json.results).toEqual([
      {
        id: long,
        issues: [
          "お届け先住所が佐川急便（e飛伝Ⅲ）の欄（各全角16文字・半角32文字×3欄）に収まりません。住所を短くしてください。",
        ],
      },
      { id: plain },
    ]);
    const errorTab = (await call("/orders/ids?tab_key=error")).json.items as { id: string }[];
    expect(errorTab.map((o) => o.id)).toEqual([long]);

    // The same change again turns nothing new into an error.
    const again = await call("/orders/bulk_update", "PUT", { ids, action: "set_carrier", carrier: "sagawa" });
    expect(again.json.results).toEqual([{ id: long }, { id: plain }]);
  }, 60_000);
});
