import { Shopify } from "@okuru/core/platforms/shopify";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../functions/src/queue/order-sync";
import { apiGet, poll, useBrowserApp } from "../support/e2e";
import { setupDoneAccount } from "../support/merchant";
import { connectShopify, drainQueue, useShops } from "../support/simulators";

/** The change feed's poll (3 s), the webhook's second and a busy machine's slack. */
const LIVE_TIMEOUT = 30_000;
/** How often the open list asks for changes (web/src/queries/order-changes.ts, ORDER_CHANGES_POLL_MS). */
const POLL_MS = 3_000;

/**
 * The open list follows the shop without a reload: a Shopify order made with orderCreate
 * appears by itself, a cancelled one leaves 未発送, and a merchant mid-selection gets a
 * note to click instead of rows moving under the cursor.
 */
describe("the open order list updates itself", () => {
  const shops = useShops();
  const app = useBrowserApp({});
  const table = () => app.page.getByRole("table", { name: "注文" });
  const row = (orderNumber: string) => table().getByRole("row").filter({ hasText: orderNumber });
  /** The company's change marker, as the list polls it. */
  const changeVersion = async (account: { idToken: string }) =>
    (await apiGet(account, "/api/orders/changes")).version as number;
  /**
   * Once the API has the shop's change, moves the page's clock on by one poll, as three
   * seconds of waiting would: the list's next poll is due at once, and the test does
   * not sit out the real interval.
   */
  async function nextPollAfterChange(account: { idToken: string }, before: number) {
    await poll(() => changeVersion(account)).not.toBe(before);
    await app.page.clock.fastForward(POLL_MS);
  }

  /** A customer's order made in the shop with Shopify's own API (the simulator's webhook follows). */
  async function orderCreate(domain: string, adminToken: string, lastName: string) {
    const created = await Shopify.graphql<{
      orderCreate: { order: { name: string }; userErrors: unknown[] };
    }>(
      domain,
      adminToken,
      `mutation($order: OrderCreateOrderInput!) { orderCreate(order: $order) { order { name } userErrors { message } } }`,
      {
        order: {
          email: "live@example.jp",
          shippingAddress: {
            lastName,
            firstName: "花子",
            zip: "060-0042",
            province: "北海道",
            city: "札幌市中央区",
            address1: "大通西10丁目",
            phone: "011-231-4111",
          },
          lineItems: [
            {
              title: "宇治抹茶",
              sku: "TEA-001",
              quantity: 1,
              priceSet: { shopMoney: { amount: "2160", currencyCode: "JPY" } },
            },
          ],
        },
      },
    );
    expect(created.orderCreate.userErrors).toEqual([]);
    return created.orderCreate.order.name;
  }

  it("shows a new shop order by itself, keeps a selection and offers a click instead", async () => {
    const domain = "okuru-live-list.myshopify.com";
    const account = await setupDoneAccount("株式会社ライブ商店");
    const { adminToken } = shops().shopify.addShop(
      domain,
      generateSeedOrders({ count: 3, seed: 71, daysBack: 5 }).map((o) => ({ ...o, state: "open" as const })),
    );
    await connectShopify(account, domain);
    await drainQueue("orderSync", orderSyncHandler);
    // The page's timers run on a clock the test can move on (time still flows as usual).
    await app.page.clock.install();
    await app.signIn(account);
    await app.goto("/orders?tab_key=notShipped");
    await poll(() => table().getByRole("row").count()).toBe(4);

    // Calm (first page, nothing selected): the row comes in by itself.
    const started = Date.now();
    const first = await orderCreate(domain, adminToken, "新着");
    await row(first).waitFor({ timeout: LIVE_TIMEOUT });
    const latency = (Date.now() - started) / 1000;
    console.info(`webhook-to-list: ${latency.toFixed(1)} s (${first})`);
    expect(latency).toBeLessThan(LIVE_TIMEOUT / 1000);
    await app.shot("live-list-1-new-row");

    // Mid-selection: the rows stay, the note offers them.
    await row(first).getByRole("checkbox").check();
    const beforeSecond = await changeVersion(account);
    const second = await orderCreate(domain, adminToken, "追加");
    const note = app.page.getByRole("status").filter({ hasText: "新しい注文が1件あります" });
    await nextPollAfterChange(account, beforeSecond);
    await note.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await row(second).count()).toBe(0);
    await app.shot("live-list-2-note");
    await note.getByRole("button", { name: "表示する" }).click();
    await row(second).waitFor();
    expect(await row(first).getByRole("checkbox").isChecked()).toBe(true);
    await note.waitFor({ state: "hidden" });

    // A change in the shop: the cancelled order leaves 未発送 once the selection is cleared.
    await row(first).getByRole("checkbox").uncheck();
    const beforeCancel = await changeVersion(account);
    shops().shopify.shop(domain).cancelOrder(second);
    await nextPollAfterChange(account, beforeCancel);
    await row(second).waitFor({ state: "detached", timeout: LIVE_TIMEOUT });
    await app.shot("live-list-3-cancelled");
  });
});
