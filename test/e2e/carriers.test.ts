import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { formatTrackingNumber, trackingNumberOf } from "@okuru/core/shared/tracking-number";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { asUser } from "../support/account";
import { callApi } from "../support/api";
import { apiGet, useBrowserApp } from "../support/e2e";

/**
 * 配送会社連携 in Chromium: a merchant whose setup is done (with a Yamato account
 * handing off to B2クラウド) registers a self-printed Yamato account with the ranges
 * the carrier assigned, and what was saved is read back through the real API.
 */
describe("配送会社連携", () => {
  let page: Page;
  const app = useBrowserApp({
    onPage: (opened) => {
      page = opened;
    },
    freshProfile: true,
  });
  const { signedInAdmin } = app;
  const shot = (name: string) => app.shot(name, { fromTop: true });

  const textbox = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });
  const dialog = (name: string) => page.getByRole("dialog", { name });
  const region = (name: string) => page.getByRole("region", { name, exact: true });
  /**
   * Toasts close after 1.5 s (docs/requirements.md#loading-toasts-and-error-page), so wait for them right
   * after the action.
   */
  const toast = (text: string) =>
    page.locator(".mantine-Notification-root", { hasText: text }).first().waitFor();

  const first = { first: trackingNumberOf(44_441_375_000), last: trackingNumberOf(44_441_375_999) };
  const second = { first: trackingNumberOf(44_441_380_000), last: trackingNumberOf(44_441_381_999) };

  it("adds a self-printed Yamato account with a range, adds a second range, and keeps the used one", async () => {
    const account = await signedInAdmin("株式会社配送会社連携テスト");
    await app.goto(`/settings/companies`);
    await page.getByRole("tab", { name: "配送会社連携" }).click();
    await page.waitForURL(/\/settings\/carriers$/);
    const yamato = region("ヤマト運輸");
    await yamato.getByText("ヤマト運輸（B2クラウド）").waitFor();
    await shot("carriers-settings");

    await yamato.getByRole("button", { name: "ヤマト運輸の契約情報を追加" }).click();
    const add = dialog("ヤマト運輸の契約情報を追加");
    await textbox(add, "表示名").fill("ヤマト運輸 京都主管");
    await add.getByRole("textbox", { name: "ご請求先顧客コード" }).fill("０７５１２３４５６７－０１");
    const row = add.getByRole("group", { name: "番号帯 1" });
    // As printed on the carrier's notice: hyphenated; full-width digits are fine too.
    await textbox(row, "開始番号").fill(formatTrackingNumber(first.first));
    await textbox(row, "終了番号").fill(
      first.last.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
    );
    await row.getByText("1,000件の番号を登録します").waitFor();
    await shot("carriers-form-new");
    await add.getByRole("button", { name: "追加する" }).click();
    await toast("契約情報を追加しました。");

    const created = yamato.getByRole("row", { name: /ヤマト運輸 京都主管/ });
    await created.getByText("1,000件").waitFor();
    expect(await created.getByText("********6701").count()).toBe(1);
    expect(await created.getByText(/残りの追跡番号が少なくなっています/).count()).toBe(0);

    // The labels take some numbers from the first range.
    const [stored] = (await apiGet(account, "/api/yamato")).items.filter(
      (a: { name: string }) => a.name === "ヤマト運輸 京都主管",
    );
    const taken = await asUser(account, () => CarrierAccount.allocateNumbers(stored.id, 3));
    expect(taken).toHaveLength(3);
    await page.reload();

    await created.getByRole("button", { name: "ヤマト運輸 京都主管を編集" }).click();
    const edit = dialog("ヤマト運輸の契約情報を編集");
    const one = edit.getByRole("group", { name: "番号帯 1" });
    await one.getByText(/残り 997件・使用済み 3件/).waitFor();
    expect(await one.getByRole("button", { name: "番号帯 1を削除" }).count()).toBe(0);
    expect(await edit.getByRole("textbox", { name: "ご請求先顧客コード" }).inputValue()).toBe("");
    await edit.getByRole("button", { name: "番号帯を追加" }).click();
    const two = edit.getByRole("group", { name: "番号帯 2" });
    // A range that shares numbers with the first is refused by the API, on its row.
    await textbox(two, "開始番号").fill(trackingNumberOf(44_441_375_500));
    await textbox(two, "終了番号").fill(second.last);
    await edit.getByRole("button", { name: "保存する" }).click();
    await two.getByText("この番号帯は登録済みのヤマト運輸の番号帯と重なっています").waitFor();
    await textbox(two, "開始番号").fill(second.first);
    await two.getByText("2,000件の番号を登録します").waitFor();
    await shot("carriers-form-ranges");
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("契約情報を保存しました。");
    await created.getByText("2,997件").waitFor();
    expect(await created.getByText(/残りの追跡番号が少なくなっています/).count()).toBe(0);
    await shot("carriers-settings-two-ranges");

    const after = (await apiGet(account, "/api/yamato")).items.find(
      (a: { id: string }) => a.id === stored.id,
    );
    expect(after).toMatchObject({
      name: "ヤマト運輸 京都主管",
      mode: "self_printed",
      is_default: false,
      customer_code_hint: "********6701",
      freight_code: "01",
      remaining_numbers: 2997,
      low_on_numbers: false,
      tracking_ranges: [
        { id: stored.tracking_ranges[0].id, ...first, used: 3, remaining: 997 },
        { ...second, used: 0, remaining: 2000 },
      ],
    });
  });

  it("at phone width lists the accounts as cards and the form fills the screen", async () => {
    const account = await signedInAdmin("株式会社配送スマホテスト");
    const body = {
      name: "佐川急便 京都店",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: [{ first: trackingNumberOf(30_000_000_000), last: trackingNumberOf(30_000_000_299) }],
    };
    const created = await callApi("/api/sagawa", { method: "POST", token: account.idToken, body });
    expect(created.status, created.text).toBe(201);
    await page.setViewportSize({ width: 375, height: 812 });
    await app.goto(`/settings/carriers`);
    const cards = page.getByRole("list", { name: "佐川急便" });
    await cards.getByText("佐川急便 京都店").waitFor();
    expect(await page.getByRole("table", { name: "佐川急便" }).count()).toBe(0);
    // 300 numbers left: the carrier should assign a new range.
    await cards.getByText(/残りの追跡番号が少なくなっています/).waitFor();
    await shot("carriers-phone");

    await cards.getByRole("button", { name: "佐川急便 京都店を編集" }).click();
    const edit = dialog("佐川急便の契約情報を編集");
    await edit.getByRole("button", { name: "番号帯を追加" }).click();
    await edit.getByRole("group", { name: "番号帯 2" }).waitFor();
    await shot("carriers-phone-form");
    // The dialog's width is the screen's: nothing runs off to the side.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
