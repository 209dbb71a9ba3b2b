import { Order } from "@okuru/core/order";
import { Sender } from "@okuru/core/sender";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser } from "../support/account";
import { startAppServer } from "../support/app-server";
import { launchBrowser, screenshot } from "../support/browser";
import { settled, setupDoneAccount, signIn } from "../support/merchant";
import { personFixture, shopOrderFixture } from "../support/orders";

const person = personFixture;

/** Orders of the e2e shop: every fourth cash on delivery, every fifth a gift. */
const shopOrder = (n: number, overrides: Partial<Order.ShopOrderWrite> = {}) =>
  shopOrderFixture(n, {
    shopId: "shop_01JE2ESHOP000000000000000",
    codAmount: n % 4 === 0 ? 3600 : null,
    isGift: n % 5 === 0,
    shopUrl: "https://okuru-e2e.myshopify.com",
    ...overrides,
  });

/**
 * The order list as a merchant uses it: tabs with counts, search, the error tab, and
 * correcting an order's recipient in the drawer until it leaves the error tab.
 */
describe("order list", () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const shot = async (name: string) => {
    await settled(page);
    await screenshot(page, name);
  };

  it("shows tabs with counts, searches, and a fixed order leaves the error tab", async () => {
    const account = await setupDoneAccount("株式会社京都抹茶本舗");
    await asUser(account, () =>
      Order.upsertPage([
        ...Array.from({ length: 12 }, (_, i) => shopOrder(i + 1)),
        shopOrder(20, {
          customer: person({ name: "山﨑 花子", nameKana: "ヤマサキ ハナコ", phone: "0901234567" }),
          issues: [{ field: "customer.phone", message: "お届け先の電話番号の桁数が正しくありません。" }],
        }),
        shopOrder(21, { platformStatus: "fulfilled" }),
      ]),
    );
    const osaka = await asUser(account, () =>
      Sender.create({
        name: "大阪倉庫",
        postal_code: "5300001",
        prefecture: "大阪府",
        city: "大阪市北区",
        address1: "梅田1-1",
        phone: "06-1234-5678",
      }),
    );
    await signIn(page, server.url, account);
    await page.goto(`${server.url}/orders?tab_key=notShipped`);
    await page.getByRole("table", { name: "注文" }).waitFor();
    await expect.poll(() => page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(14);
    await expect.poll(() => page.getByRole("tab", { name: /未発送/ }).textContent()).toContain("13");
    await expect.poll(() => page.getByRole("tab", { name: /エラー/ }).textContent()).toContain("1");
    await shot("orders-1-list");

    // Search by kana: the URL keeps the filter, so a reload shows the same result.
    await page.getByLabel("検索").fill("ヤマサキ");
    await page.getByLabel("検索").press("Enter");
    await page.waitForURL(/search=/);
    await expect.poll(() => page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(2);
    expect(await page.getByText("#1020").count()).toBe(1);

    // The error tab, then the drawer: correct the phone number and save.
    await page.goto(`${server.url}/orders?tab_key=error`);
    await page.getByText("#1020").click();
    await page.getByRole("dialog").getByText("お届け先の電話番号の桁数が正しくありません。").waitFor();
    await shot("orders-2-drawer-error");

    // The order ships from the Osaka warehouse rather than the brand's default sender.
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "発送元" }).click();
    await page.getByRole("option", { name: "大阪倉庫" }).click();
    await page.getByText("発送元を変更しました。").waitFor();
    const fixed = shopOrder(20);
    const orderId = Order.idOf(
      fixed.shopId,
      fixed.platformOrderId,
      new Date(fixed.purchasedAt).toISOString(),
    );
    await expect
      .poll(async () => (await asUser(account, () => Order.get(orderId))).senderId)
      .toBe(osaka.senderId);
    const phone = page.getByRole("dialog").getByRole("textbox", { name: "電話番号" });
    await phone.fill("090-1234-5678");
    await page.getByRole("button", { name: "お届け先を保存" }).click();
    await page.getByText("お届け先を保存しました。").waitFor();
    await expect.poll(() => page.getByRole("tab", { name: /エラー/ }).textContent()).toContain("0");
    await page.getByText("表示できる注文はありません").waitFor();
    await shot("orders-3-error-tab-empty");
    expect((await asUser(account, () => Order.counts())).error).toBe(0);
  });
});
