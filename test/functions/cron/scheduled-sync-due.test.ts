import { OrderSync } from "@okuru/core/workflows/order-sync";
import { describe, expect, it } from "vitest";
import { scheduledSync } from "../../../functions/src/cron/scheduled-sync";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { receiveAll, useFreshQueue } from "../../support/queues";
import { connectShopify, ecforceShopFor, useShops } from "../../support/simulators";

/**
 * Which shops the 15-minute schedule asks to sync, read from the real records: the
 * shop links across companies and each shop inside its own company. A shop
 * uninstalled in Shopify or disconnected here gets no message (the consumer would only
 * skip it); every active shop, of either platform and any company, gets one.
 */

const shops = useShops();

const freshOrderSyncQueue = useFreshQueue("orderSync", "cron-due-test");

describe("the scheduled sync's shops", () => {
  it("asks for every active shop and for no shop uninstalled in Shopify or disconnected here", async () => {
    const [a, b] = [await testAccount(), await testAccount("別の商店")];
    const domains = {
      kept: "okuru-cron-kept.myshopify.com",
      uninstalled: "okuru-cron-gone.myshopify.com",
      disconnected: "okuru-cron-off.myshopify.com",
      other: "okuru-cron-other.myshopify.com",
    };
    for (const domain of Object.values(domains)) shops().shopify.addShop(domain, []);
    const kept = await connectShopify(a, domains.kept);
    const uninstalled = await connectShopify(a, domains.uninstalled);
    const disconnected = await connectShopify(a, domains.disconnected);
    const other = await connectShopify(b, domains.other);
    const ecforce = await callApi("/api/shops/ecforce", {
      method: "POST",
      token: a.idToken,
      body: await ecforceShopFor("okuru-cron-ec"),
    });
    expect(ecforce.status, ecforce.text).toBe(201);

    // The merchant uninstalls the app in Shopify (the store sends app/uninstalled to us) …
    await shops().shopify.uninstall(domains.uninstalled);
    await shops().shopify.idle();
    // … and disconnects another shop here.
    const off = await callApi(`/api/shops/shopify?shop_id=${disconnected.id}`, {
      method: "DELETE",
      token: a.idToken,
    });
    expect(off.status, off.text).toBe(200);
    const listed = await callApi("/api/shops", { token: a.idToken });
    expect(
      Object.fromEntries(
        (listed.json.items as { id: string; status: string }[]).map((shop) => [shop.id, shop.status]),
      ),
    ).toEqual({
      [kept.id]: "active",
      [uninstalled.id]: "inactive",
      [disconnected.id]: "inactive",
      [ecforce.json.id]: "active",
    });

    const queueUrl = await freshOrderSyncQueue();
    const now = new Date("2026-11-23T10:07:30.000Z");
    const result = await scheduledSync({ now });

    // Other files' shops may share the table: only this test's shops are looked at.
    const mine = new Set([kept.id, uninstalled.id, disconnected.id, other.id, ecforce.json.id]);
    const bodies = (await receiveAll(queueUrl)).filter((body) => mine.has(String(body.shopId)));
    const expected = [
      { tenantId: a.tenantId, shopId: kept.id },
      { tenantId: a.tenantId, shopId: ecforce.json.id as string },
      { tenantId: b.tenantId, shopId: other.id },
    ];
    expect(bodies.sort((x, y) => String(x.shopId).localeCompare(String(y.shopId)))).toEqual(
      expected
        .sort((x, y) => x.shopId.localeCompare(y.shopId))
        .map(({ tenantId, shopId }) => ({ ...OrderSync.scheduledSync(shopId, now), tenantId })),
    );
    expect(result.failed).toBe(0);
    expect(result.enqueued).toBeGreaterThanOrEqual(expected.length);
  });
});
