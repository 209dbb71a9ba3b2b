import { Order } from "@okuru/core/entities/order";
import { Ecforce } from "@okuru/core/platforms/ecforce";
import { jstToday } from "@okuru/core/shared/dates";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { consumer } from "../../functions/src/queue/consumer";
import { handler as orderSyncHandler } from "../../functions/src/queue/order-sync";
import { asUser } from "../support/account";
import { callApi } from "../support/api";
import { poll, useBrowserApp } from "../support/e2e";
import { addOsakaSender } from "../support/e2e-orders";
import { addEcforceOrders, setupDoneAccount } from "../support/merchant";
import { personFixture, shopOrderFixture } from "../support/orders";
import { writeAsSync } from "../support/printing";
import { drainQueue, usePrivateOrderSyncQueue } from "../support/simulators";

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
  // Connecting a shop queues its first sync; this file drains only its own shops' syncs.
  const app = useBrowserApp({ before: usePrivateOrderSyncQueue });
  const { shot } = app;
  const orderIdOf = (write: Order.ShopOrderWrite) =>
    Order.idOf(write.shopId, write.platformOrderId, new Date(write.purchasedAt).toISOString());
  /** The order list's tab (not the drawer's sections, whose names start with their own label). */
  const listTab = (label: string) => app.page.getByRole("tab", { name: new RegExp(`^${label}`) });
  /** The order's drawer, by its title. */
  const drawerOf = (orderNumber: string) => app.page.getByRole("dialog", { name: `注文 ${orderNumber}` });
  /** The messages a field points to with aria-describedby: its error, as a screen reader hears it. */
  const describedBy = async (field: Locator) => {
    const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => app.page.locator(`[id="${id}"]`).textContent()));
    return texts.join(" ");
  };

  it("shows tabs with counts, searches, and a fixed order leaves the error tab", async () => {
    const account = await setupDoneAccount("株式会社京都抹茶本舗");
    await asUser(account, () =>
      writeAsSync([
        ...Array.from({ length: 12 }, (_, i) => shopOrder(i + 1)),
        // Printable by Yamato, the default carrier: the phone is its only error.
        shopOrder(20, {
          customer: person({ name: "山崎 花子", nameKana: "ヤマサキ ハナコ", phone: "0901234567" }),
          issues: [{ field: "customer.phone", message: "お届け先の電話番号の桁数が正しくありません。" }],
        }),
        shopOrder(21, { platformStatus: "fulfilled" }),
      ]),
    );
    const osaka = await addOsakaSender(account);
    await app.signIn(account);
    await app.goto(`/orders?tab_key=notShipped`);
    await app.page.getByRole("table", { name: "注文" }).waitFor();
    await poll(() => app.page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(14);
    await poll(() => app.page.getByRole("tab", { name: /未発送/ }).textContent()).toContain("13");
    await poll(() => listTab("エラー").textContent()).toContain("1");
    await shot("orders-1-list");

    // Search by kana: the URL keeps the filter, so a reload shows the same result.
    await app.page.getByLabel("検索").fill("ヤマサキ");
    await app.page.getByLabel("検索").press("Enter");
    await app.page.waitForURL(/search=/);
    await poll(() => app.page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(2);
    await app.page.reload();
    await poll(() => app.page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(2);
    expect(await app.page.getByText("#1020").count()).toBe(1);

    // The error tab, then the drawer: correct the phone number and save.
    await app.goto(`/orders?tab_key=error`);
    await app.page.getByText("#1020").click();
    await app.page
      .getByRole("dialog")
      .getByRole("alert")
      .getByText("お届け先の電話番号の桁数が正しくありません。")
      .waitFor();
    // The reason is on the input to correct too, not only in the list at the top.
    const phoneInput = drawerOf("#1020").getByRole("textbox", { name: "電話番号" });
    expect(await phoneInput.getAttribute("aria-invalid")).toBe("true");
    expect(await describedBy(phoneInput)).toContain("お届け先の電話番号の桁数が正しくありません。");
    await shot("orders-2-drawer-error");

    // The order ships from the Osaka warehouse rather than the brand's default sender (配送設定).
    const dialog = drawerOf("#1020");
    await dialog.getByRole("tab", { name: /^配送設定/ }).click();
    await dialog.getByRole("combobox", { name: "発送元" }).click();
    await app.page.getByRole("option", { name: "大阪倉庫" }).click();
    await app.page.getByText("発送元を変更しました。").waitFor();
    // The toast covers neither the drawer's × nor the header's ログアウト.
    const toast = await app.page.getByText("発送元を変更しました。").boundingBox();
    for (const control of [
      dialog.getByRole("button", { name: "閉じる" }),
      app.page.getByRole("button", { name: "ログアウト" }),
    ]) {
      const box = await control.boundingBox();
      if (!toast || !box) continue;
      const apart =
        toast.x + toast.width <= box.x ||
        box.x + box.width <= toast.x ||
        toast.y + toast.height <= box.y ||
        box.y + box.height <= toast.y;
      expect(apart, "a toast over a control").toBe(true);
    }
    const fixed = shopOrder(20);
    const orderId = Order.idOf(
      fixed.shopId,
      fixed.platformOrderId,
      new Date(fixed.purchasedAt).toISOString(),
    );
    await expect
      .poll(async () => (await asUser(account, () => Order.get(orderId))).senderId)
      .toBe(osaka.senderId);
    // The drawer opened on お届け先, the section with the error; back there to fix the phone number.
    await dialog.getByRole("tab", { name: /^お届け先/ }).click();
    const phone = dialog.getByRole("textbox", { name: "電話番号" });
    await phone.fill("090-1234-5678");
    await app.page.getByRole("button", { name: "お届け先を保存" }).click();
    await app.page.getByText("お届け先を保存しました。").waitFor();
    await poll(() => listTab("エラー").textContent()).toContain("0");
    await app.page.getByText("表示できる注文はありません").waitFor();
    await shot("orders-3-error-tab-empty");
    expect((await asUser(account, () => Order.counts())).error).toBe(0);
  });
  it("edits an order's delivery: a slot Yamato refuses is kept from saving, and Yamato's own error goes with ブランドの既定に戻す", async () => {
    const account = await setupDoneAccount("株式会社宇治茶園");
    // A day still ahead: a day gone would be an error of its own.
    const askedDay = jstToday(new Date(Date.now() + 3 * 86_400_000));
    // Names with JIS level 1/2 kanji only, so the plain order has nothing Yamato refuses.
    const plain = shopOrder(31, {
      customer: person({ name: "高橋 一郎" }),
      purchaser: person({ name: "高橋 一郎" }),
      requestedDeliveryDate: askedDay,
      requestedTimeSlot: "1400",
    });
    // 﨑 is outside JIS level 1/2: printable on every label but Yamato's. Cash on delivery (n % 4 = 0).
    const yamasaki = shopOrder(32, {
      customer: person({ name: "山﨑 花子", nameKana: "ヤマサキ ハナコ" }),
      purchaser: person({ name: "山﨑 花子", nameKana: "ヤマサキ ハナコ" }),
    });
    // The brand ships by Sagawa, which prints 﨑; Yamato is this order's own choice below.
    const sagawa = await callApi("/api/sagawa", {
      method: "POST",
      token: account.idToken,
      body: { name: "佐川急便", mode: "handoff", customer_code: "123456789012" },
    });
    expect(sagawa.status, sagawa.text).toBe(201);
    const byDefault = await callApi("/api/brands/carrier", {
      method: "PUT",
      token: account.idToken,
      body: { carrier: "sagawa" },
    });
    expect(byDefault.status, byDefault.text).toBe(200);
    await asUser(account, () => writeAsSync([plain, yamasaki]));
    const orderOf = async (write: Order.ShopOrderWrite) =>
      (await callApi(`/api/orders/${orderIdOf(write)}`, { token: account.idToken })).json;

    await app.signIn(account);
    await app.goto(`/orders?tab_key=notShipped`);
    await poll(() => app.page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(3);
    await poll(() => listTab("エラー").textContent()).toContain("0");

    // Yamato with 12時〜14時: refused next to the field, in Japanese, and nothing is sent.
    await app.page.getByText("#1031", { exact: true }).click();
    const drawer = drawerOf("#1031");
    await drawer.getByRole("tab", { name: /^配送設定/ }).click();
    await drawer.getByText("この注文はブランドの既定の設定で発送します。", { exact: false }).waitFor();
    await drawer.getByRole("radio", { name: "ヤマト運輸" }).check();
    // Prefilled from the order: its first item as 品名 and its requested date and slot.
    expect(await drawer.getByRole("textbox", { name: "品名" }).inputValue()).toBe("宇治抹茶 100g");
    const slot = drawer.getByRole("combobox", { name: "配達時間帯" });
    await expect.poll(() => slot.inputValue()).toBe("1400");
    await expect.poll(() => drawer.getByRole("combobox", { name: "送り状種類" }).inputValue()).toBe("0");
    expect(await drawer.getByRole("textbox", { name: "代引金額（円）" }).count()).toBe(0);
    await slot.selectOption("1200");
    await drawer.getByRole("button", { name: "配送設定を保存" }).click();
    await poll(() => slot.getAttribute("aria-invalid")).toBe("true");
    expect(await describedBy(slot)).toContain("ヤマト運輸では12時〜14時の時間帯指定はできません");
    expect((await orderOf(plain)).delivery).toBeNull();

    // Fixed and saved: stored as sent, and shown again when the order is reopened.
    await slot.selectOption("1400");
    await drawer.getByRole("textbox", { name: "荷扱い1" }).fill("ワレモノ注意");
    await drawer.getByRole("button", { name: "配送設定を保存" }).click();
    await app.page.getByText("ヤマト運輸の配送設定を保存しました。").waitFor();
    expect((await orderOf(plain)).delivery).toMatchObject({
      carrier: "yamato",
      service_type: "0",
      time_slot: "1400",
      delivery_date: askedDay,
      item_name: "宇治抹茶 100g",
      handling1: "ワレモノ注意",
      parcels: 1,
      cod_amount: null,
    });
    await drawer.getByText("この注文はヤマト運輸で発送します（この注文だけの設定）。").waitFor();
    await app.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await app.page.getByText("#1031", { exact: true }).click();
    await drawer.getByRole("tab", { name: /^配送設定/ }).click();
    expect(await drawer.getByRole("radio", { name: "ヤマト運輸" }).isChecked()).toBe(true);
    await expect.poll(() => drawer.getByRole("combobox", { name: "配達時間帯" }).inputValue()).toBe("1400");
    expect(await drawer.getByRole("textbox", { name: "荷扱い1" }).inputValue()).toBe("ワレモノ注意");
    await app.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // 山﨑 by Yamato: cash on delivery becomes コレクト with the order's amount; saving adds
    // Yamato's own error, counted on 配送設定 and in the list's error tab.
    await app.page.getByText("#1032", { exact: true }).click();
    const yamasakiDrawer = drawerOf("#1032");
    const deliveryTab = yamasakiDrawer.getByRole("tab", { name: /^配送設定/ });
    await deliveryTab.click();
    expect(await deliveryTab.textContent()).toBe("配送設定");
    await yamasakiDrawer.getByRole("radio", { name: "ヤマト運輸" }).check();
    await expect
      .poll(() => yamasakiDrawer.getByRole("combobox", { name: "送り状種類" }).inputValue())
      .toBe("2");
    expect(await yamasakiDrawer.getByRole("textbox", { name: "代引金額（円）" }).inputValue()).toBe("3,600");
    await yamasakiDrawer.getByRole("button", { name: "配送設定を保存" }).click();
    await app.page.getByText("ヤマト運輸の配送設定を保存しました。").waitFor();
    const yamatoError = "ヤマト運輸の送り状ではJIS第1・第2水準以外の文字（﨑）を使えません。";
    await yamasakiDrawer
      .getByRole("alert", { name: "このままでは送り状を発行できません" })
      .getByText(yamatoError)
      .waitFor();
    await poll(() => deliveryTab.textContent()).toBe("配送設定1");
    await poll(() => listTab("エラー").textContent()).toContain("1");
    const withYamato = await orderOf(yamasaki);
    expect(withYamato.delivery).toMatchObject({ carrier: "yamato", service_type: "2", cod_amount: 3600 });
    expect(withYamato.errors).toEqual([
      expect.objectContaining({ field: "customer.name", carrier: "yamato", message: yamatoError }),
    ]);
    expect(withYamato.is_error).toBe(true);
    await app.page.evaluate(() => document.querySelector(".mantine-Drawer-content")?.scrollTo(0, 0));
    await shot("orders-4-drawer-delivery-error");
    await listTab("エラー").evaluate((tab) => tab.scrollIntoView());

    // Back to the brand's defaults (Sagawa), after confirming: the setting and Yamato's error are gone.
    await yamasakiDrawer.getByRole("button", { name: "ブランドの既定に戻す" }).click();
    const confirm = app.page.getByRole("dialog", { name: "ブランドの既定に戻す" });
    await confirm.getByText("この注文だけの配送設定（ヤマト運輸）を削除し", { exact: false }).waitFor();
    await confirm.getByRole("button", { name: "既定に戻す" }).click();
    await app.page.getByText("配送設定をブランドの既定に戻しました。").waitFor();
    await yamasakiDrawer
      .getByRole("alert", { name: "このままでは送り状を発行できません" })
      .waitFor({ state: "detached" });
    await poll(() => deliveryTab.textContent()).toBe("配送設定");
    await poll(() => listTab("エラー").textContent()).toContain("0");
    const reset = await orderOf(yamasaki);
    expect(reset.delivery).toBeNull();
    expect(reset.errors).toEqual([]);
    expect(reset.is_error).toBe(false);
    expect(await yamasakiDrawer.getByRole("radio", { name: "ヤマト運輸" }).isChecked()).toBe(false);
    await shot("orders-5-drawer-delivery");

    // The error tab lists the order again once Yamato is chosen once more.
    await yamasakiDrawer.getByRole("radio", { name: "ヤマト運輸" }).check();
    await yamasakiDrawer.getByRole("button", { name: "配送設定を保存" }).click();
    await yamasakiDrawer
      .getByRole("alert", { name: "このままでは送り状を発行できません" })
      .getByText(yamatoError)
      .waitFor();
    await app.page.keyboard.press("Escape");
    await yamasakiDrawer.waitFor({ state: "hidden" });
    await listTab("エラー").click();
    await app.page.waitForURL(/tab_key=error/);
    await poll(() => app.page.getByRole("table", { name: "注文" }).getByRole("row").count()).toBe(2);
    await app.page.getByRole("table", { name: "注文" }).getByText("#1032", { exact: true }).waitFor();
    await shot("orders-6-error-tab");

    // At phone width (375 px) the drawer takes the screen and nothing runs off its side.
    await app.page.setViewportSize({ width: 375, height: 812 });
    try {
      await app.page.getByText("#1032", { exact: true }).click();
      await yamasakiDrawer.getByRole("tab", { name: /^配送設定/ }).click();
      await yamasakiDrawer.getByRole("combobox", { name: "送り状種類" }).waitFor();
      const overflow = await app.page.evaluate(() => {
        const content = document.querySelector(".mantine-Drawer-content");
        return content ? content.scrollWidth - content.clientWidth : -1;
      });
      expect(overflow).toBe(0);
      await shot("orders-7-drawer-delivery-phone");
      await yamasakiDrawer.getByRole("tab", { name: /^配送設定/ }).scrollIntoViewIfNeeded();
      await yamasakiDrawer.getByRole("button", { name: "配送設定を保存" }).scrollIntoViewIfNeeded();
      await shot("orders-7b-drawer-delivery-phone-bottom");
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("opens an order at its own URL: by keyboard from a later page, closed by back or Escape with the page kept, and loaded directly; says what ブランドの既定 is and which number was only typed", async () => {
    const account = await setupDoneAccount("株式会社まるや");
    // More than a page (50), so the list's second page is in the URL behind the order.
    const writes = Array.from({ length: 52 }, (_, i) => shopOrder(i + 1));
    await asUser(account, () => writeAsSync(writes));
    // A number typed for another carrier (その他): nothing printed, and the badges say so.
    const typed = await callApi(`/api/orders/${orderIdOf(writes[0]!)}/delivery/sss`, {
      method: "PUT",
      token: account.idToken,
      body: { carrier_name: "西濃運輸", tracking_number: "1234-5678-9012" },
    });
    expect(typed.status, typed.text).toBe(200);
    await app.signIn(account);
    await app.goto(`/orders?tab_key=notShipped`);
    const table = app.page.getByRole("table", { name: "注文" });
    await poll(() => table.getByRole("row").count()).toBe(51);
    await app.page.getByRole("button", { name: "次へ" }).click();
    await app.page.waitForURL(/pages=/);
    await poll(() => table.getByRole("row").count()).toBe(3);
    const listUrl = new URL(app.page.url());

    // The typed number's order: 追跡番号登録済み in its row, never 送り状発行済み.
    const typedRow = table.getByRole("row").filter({ hasText: "#1001" });
    await poll(() => typedRow.textContent()).toContain("追跡番号登録済み");
    expect(await typedRow.textContent()).not.toContain("送り状発行済み");

    // By keyboard: a row takes focus, the arrow keys move, Enter opens.
    const rows = table.getByRole("row");
    await rows.nth(1).focus();
    await app.page.keyboard.press("ArrowDown");
    expect(await rows.nth(2).evaluate((row) => row === document.activeElement)).toBe(true);
    await app.page.keyboard.press("ArrowUp");
    expect(await rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);
    const number = /#\d{4}/.exec((await rows.nth(1).textContent()) ?? "")![0];
    const write = writes.find((w) => w.orderNumber === number)!;
    await app.page.keyboard.press("Enter");
    const drawer = drawerOf(number);
    await drawer.waitFor();
    await app.page.waitForURL((url) => url.pathname === `/orders/${orderIdOf(write)}`);
    // The list's tab and page ride along in the order's URL.
    const orderUrl = new URL(app.page.url());
    expect(orderUrl.searchParams.get("tab_key")).toBe("notShipped");
    expect(orderUrl.searchParams.get("pages")).toBe(listUrl.searchParams.get("pages"));
    await shot("orders-10-order-url");

    // Back closes it; the list is still on its second page.
    await app.page.goBack();
    await drawer.waitFor({ state: "hidden" });
    expect(app.page.url()).toBe(listUrl.toString());
    expect(await rows.count()).toBe(3);

    // Escape closes it too, and focus is back on the row it was opened from.
    await rows.nth(1).focus();
    await app.page.keyboard.press("Enter");
    await drawer.waitFor();
    await app.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await app.page.waitForURL((url) => url.pathname === "/orders");
    await poll(() => rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);

    // Loaded directly (a reload, a shared link): the list on its page and the order over it.
    await app.goto(`${orderUrl.pathname}${orderUrl.search}`);
    await drawer.waitFor();
    await poll(() => table.getByRole("row").count()).toBe(3);

    // 配送設定 of an order that takes the brand's defaults says what they are now.
    await drawer.getByRole("tab", { name: /^配送設定/ }).click();
    const service = Number(number.slice(1)) % 4 === 0 ? "コレクト（代金引換）" : "発払い";
    await drawer.getByText(`ブランドの既定: ヤマト運輸 ${service} / 株式会社まるや`).waitFor();
    await shot("orders-11-brand-default");

    // The typed number's order, opened by its URL: its badge and its 送り状 row say 追跡番号登録済み.
    await app.goto(`/orders/${orderIdOf(writes[0]!)}?tab_key=notShipped`);
    const typedDrawer = drawerOf("#1001");
    await typedDrawer.waitFor();
    await typedDrawer.getByRole("tab", { name: /^注文内容/ }).click();
    await typedDrawer.getByRole("region", { name: "送り状" }).getByText("追跡番号登録済み").waitFor();
    expect(await typedDrawer.getByText("送り状発行済み").count()).toBe(0);
    expect(await typedDrawer.getByText("追跡番号登録済み").count()).toBe(2);
    await shot("orders-12-typed-number");
  }, 300_000);

  it("syncs the shops' orders from the list, with progress, and lists the new orders when done", async () => {
    const account = await setupDoneAccount("株式会社茶寮同期");
    // Connecting queued the shop's first sync (its shop has no orders yet): run it, as Lambda would.
    await drainQueue("orderSync", orderSyncHandler);
    // More than one page of the shop's API (100 orders a page), so the run has progress to show.
    const { numbers, connection } = await addEcforceOrders(account, Ecforce.ORDERS_PER_PAGE + 5);

    await app.signIn(account);
    await app.goto(`/orders?tab_key=notShipped`);
    await app.page.getByText("表示できる注文はありません").waitFor();
    await app.page.getByText(/^最終同期 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/).waitFor();
    await app.page.getByRole("button", { name: "注文を同期" }).click();
    // Queued, not yet running: the consumer has not picked it up.
    await app.page.getByText("同期の開始を待っています…").waitFor();
    expect(await app.page.getByRole("button", { name: "注文を同期" }).isDisabled()).toBe(true);

    // The real consumer and sync run the queued message; the shop's second page waits until
    // the list has shown the first page's progress, so the progress is seen for certain.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gatedHandler = consumer("orderSync", async (message) => {
      if (message.kind !== "order_sync") return;
      await OrderSync.runStep(message, {
        ecforce: async (_shop, request) => {
          if (request.cursor) await released;
          return Ecforce.ordersPage(connection, request);
        },
      });
    });
    const draining = drainQueue("orderSync", gatedHandler);
    try {
      await app.page
        .getByText(`同期中… ${Ecforce.ORDERS_PER_PAGE}件を取り込みました`)
        .waitFor({ timeout: 20_000 });
      await shot("orders-8-sync-progress");
    } finally {
      release();
    }
    expect(await draining).toEqual({ handled: 1, failed: 0 });

    await app.page.getByText(`注文の同期が完了しました（${numbers.length}件を取り込みました）。`).waitFor();
    await poll(() => listTab("未発送").textContent()).toContain(String(numbers.length));
    await app.page.getByRole("table", { name: "注文" }).getByText(numbers.at(-1)!, { exact: true }).waitFor();
    const listed = await callApi("/api/orders?tab_key=notShipped", { token: account.idToken });
    expect(listed.json.counts.notShipped).toBe(numbers.length);
    await app.page.getByRole("button", { name: "注文を同期" }).and(app.page.locator(":enabled")).waitFor();
    await shot("orders-9-synced-list");
  });

  it("keeps 注文を同期 disabled, with a hint, for a company without a connected shop", async () => {
    const account = await setupDoneAccount("株式会社ストアなし");
    const shops = await callApi("/api/shops", { token: account.idToken });
    for (const shop of shops.json.items)
      await callApi(`/api/shops/ecforce?shop_id=${shop.id}`, { method: "DELETE", token: account.idToken });
    await app.signIn(account);
    await app.goto(`/orders?tab_key=notShipped`);
    await app.page.getByText("連携中のストアがありません。", { exact: false }).waitFor();
    expect(await app.page.getByRole("button", { name: "注文を同期" }).isDisabled()).toBe(true);
  });
});
