import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { generateSeedOrders } from "../../dev/src/simulators/seed-orders";
import { handler as orderSyncHandler } from "../../functions/src/queue/order-sync";
import { testAccount } from "../support/account";
import { callApi } from "../support/api";
import { useBrowserApp } from "../support/e2e";
import { drainQueue, ecforceShopFor, usePrivateOrderSyncQueue } from "../support/simulators";

/**
 * A merchant's first sign-in: the setup wizard from 基本情報 (with postal-code
 * autofill) through ストア連携 and 配送情報 (a carrier account registered) to the
 * order list.
 */
describe("setup wizard", () => {
  let page: Page;
  // A fresh profile (and session) per test: each test signs in as its own new merchant.
  const app = useBrowserApp({
    freshProfile: true,
    before: usePrivateOrderSyncQueue,
    onPage: (opened) => {
      page = opened;
    },
  });
  const shot = (name: string) => app.shot(name, { fromTop: true });

  const field = (name: string) => page.getByRole("textbox", { name, exact: true });

  it("takes a new account from 基本情報 through ストア連携 and 配送情報 to the order list", async () => {
    const account = await testAccount("テスト商店");
    await app.signIn(account);

    await page.waitForURL(/\/setup\/basic_information$/);
    await page.getByRole("heading", { name: "基本情報" }).waitFor();
    expect(await page.getByLabel("初期設定の手順").getByText("●").count()).toBe(1);
    expect(await field("会社名").inputValue()).toBe("テスト商店");
    await shot("setup-1-basic-information");

    await field("会社名").fill("株式会社テスト商店");
    await field("会社名（カナ）").fill("カブシキガイシャテストショウテン");
    // Full-width digits, no hyphen: the lookup runs as soon as seven digits are there.
    await field("郵便番号").fill("１０００００１");
    await expect.poll(() => field("市区町村").inputValue()).toBe("千代田区");
    expect(await page.getByRole("combobox", { name: "都道府県" }).inputValue()).toBe("東京都");
    expect(await field("町名・番地").inputValue()).toBe("千代田");
    expect(await field("郵便番号").inputValue()).toBe("100-0001");
    // The focus moved on to 町名・番地: the merchant types the block number straight away.
    await page.keyboard.type("1-1");
    expect(await field("町名・番地").inputValue()).toBe("千代田1-1");
    await field("建物名・部屋番号").fill("テストビル 3階");
    await field("電話番号").fill("0312345678");
    await field("担当者名").fill("山田 太郎");
    await shot("setup-2-basic-information-filled");

    await page.getByRole("button", { name: "保存して次へ" }).click();
    await page.waitForURL(/\/setup\/stores$/);
    await page.getByRole("heading", { name: "ストア連携" }).waitFor();
    await page.getByText("基本情報を保存しました。").waitFor();
    await shot("setup-3-stores");

    // 次へ waits for a connected shop; the merchant connects their (simulated) ecforce shop.
    expect(await page.getByRole("button", { name: "次へ" }).isDisabled()).toBe(true);
    const seeds = generateSeedOrders({ count: 30, seed: 5, daysBack: 10, mistakes: 0.2 });
    const shop = await ecforceShopFor(`wizard-${account.tenantId.toLowerCase()}`, seeds);
    await field("ショップのURL").fill(shop.base_url);
    await page.getByLabel("APIトークン").fill("wrong-token");
    await page.getByRole("button", { name: "ecforceと接続" }).click();
    await page.getByText("ecforce のAPIトークンが正しくありません。").first().waitFor();
    await page.getByLabel("APIトークン").fill(shop.api_token);
    await page.getByRole("button", { name: "ecforceと接続" }).click();
    await page.getByRole("button", { name: "次へ" }).and(page.locator(":enabled")).waitFor();
    await shot("setup-3b-stores-connected");

    await page.getByRole("button", { name: "次へ" }).click();
    await page.waitForURL(/\/setup\/carriers$/);
    await page.getByRole("heading", { name: "配送情報" }).waitFor();
    expect(await page.getByLabel("初期設定の手順").getByText("✓").count()).toBe(3);
    // 完了 waits for a carrier account; the merchant registers their ゆうプリR contract.
    const done = page.getByRole("button", { name: "初期設定を完了する" });
    expect(await done.isDisabled()).toBe(true);
    await page.getByText("配送会社の契約情報を1件以上登録すると、初期設定を完了できます。").waitFor();
    await shot("setup-4-carriers");

    await page.getByRole("button", { name: "日本郵便の契約情報を追加" }).click();
    const form = page.getByRole("dialog", { name: "日本郵便の契約情報を追加" });
    await field("表示名").fill("ゆうパック 本社");
    await form.getByRole("radio", { name: /配送会社のソフトで発行/ }).click();
    expect(await form.getByRole("group", { name: "番号帯 1" }).count()).toBe(0);
    await form.getByRole("button", { name: "追加する" }).click();
    await page.getByText("契約情報を追加しました。").waitFor();
    const japanPost = page.getByRole("table", { name: "日本郵便" });
    await japanPost.getByText("ゆうパック 本社").waitFor();
    await done.and(page.locator(":enabled")).waitFor();
    await shot("setup-4b-carriers-registered");
    await page.setViewportSize({ width: 375, height: 812 });
    await japanPost
      .or(page.getByRole("list", { name: "日本郵便" }))
      .getByText("ゆうパック 本社")
      .waitFor();
    await shot("setup-4c-carriers-phone");
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await callApi("/api/japan_post", { token: account.idToken })).json.items).toMatchObject([
      { name: "ゆうパック 本社", mode: "handoff", is_default: true, form_code: "1100780" },
    ]);

    await done.click();
    await page.waitForURL(
      (url) => url.pathname.startsWith("/orders") && url.search === "?tab_key=notShipped",
    );
    await page.getByText("初期設定が完了しました。").waitFor();
    await page.getByRole("heading", { name: "注文リスト" }).waitFor();
    await shot("setup-5-done");

    // Connecting queued the shop's first sync: once the consumer has run, its orders are listed,
    // the customers' mistakes in the error tab.
    await drainQueue("orderSync", orderSyncHandler);
    const open = seeds.filter((o) => o.state === "open" || o.state === "partially_fulfilled").length;
    await page.reload();
    await page.getByRole("tab", { name: new RegExp(`未発送\\s*${open}`) }).waitFor();
    const errors = await callApi("/api/orders?tab_key=error", { token: account.idToken });
    expect(errors.json.items.length).toBeGreaterThan(0);
    await page.getByRole("tab", { name: /エラー/ }).click();
    await page.getByText(errors.json.items[0].order_number, { exact: true }).waitFor();
    await shot("setup-6-imported-errors");

    // Stored: the profile as normalised by the API, and the wizard is closed for good.
    await app.goto("/settings/companies");
    await page.getByRole("region", { name: "会社概要" }).waitFor();
    expect(await field("電話番号").inputValue()).toBe("03-1234-5678");
    expect(await field("町名・番地").inputValue()).toBe("千代田1-1");
    await app.goto("/setup/basic_information");
    await page.waitForURL(/\/orders/);
  });

  it("at phone width shows each mistake next to its field, and the choices when a code has several addresses", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const account = await testAccount("");
    await app.signIn(account);
    await page.waitForURL(/\/setup\/basic_information$/);

    await page.getByRole("button", { name: "保存して次へ" }).click();
    await page.getByText("会社名を入力してください").waitFor();
    await page.getByText("郵便番号を入力してください").waitFor();
    await page.getByText("都道府県を選択してください").waitFor();
    await page.getByText("電話番号を入力してください").waitFor();
    expect(page.url()).toMatch(/\/setup\/basic_information$/);

    await field("郵便番号").fill("0000000");
    await page.getByText("該当する住所が見つかりません。郵便番号をご確認ください。").waitFor();
    await field("郵便番号").fill("12345");
    await page.getByRole("button", { name: "住所を自動入力" }).click();
    await page.getByText("郵便番号は7桁の数字で入力してください（例: 100-0001）").waitFor();

    // 498-0000 covers a town in 愛知県 and one in 三重県.
    await field("郵便番号").fill("498-0000");
    const choices = page.getByRole("group", { name: "住所の候補" });
    await choices.waitFor();
    expect(await choices.getByRole("button").filter({ hasNotText: "閉じる" }).count()).toBeGreaterThanOrEqual(
      2,
    );
    await shot("setup-phone-postal-choices");
    await choices.getByRole("button", { name: "三重県 桑名郡木曽岬町" }).click();
    expect(await page.getByRole("combobox", { name: "都道府県" }).inputValue()).toBe("三重県");
    expect(await field("市区町村").inputValue()).toBe("桑名郡木曽岬町");
    await shot("setup-phone-validation");
  });
});
