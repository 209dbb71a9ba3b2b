import { ItemCategory } from "@okuru/core/item-category";
import { Sender } from "@okuru/core/sender";
import { User } from "@okuru/core/user";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser } from "../support/account";
import { startAppServer } from "../support/app-server";
import { launchBrowser, screenshot } from "../support/browser";
import { signInAs, uniqueEmail } from "../support/cognito";
import { settled, setupDoneAccount, signIn } from "../support/merchant";

/**
 * Every settings tab as a merchant whose setup is done: each creates, edits and
 * deletes its records through the real API, and what was saved is still there
 * after a reload. The tests share one signed-in administrator; each works on
 * records of its own.
 */
describe("settings", () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let account: Awaited<ReturnType<typeof setupDoneAccount>>;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    page = browser.page;
    account = await setupDoneAccount("株式会社設定テスト");
    await signIn(page, server.url, account);
    await page.waitForURL(/\/orders/);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function shot(name: string) {
    // Full-page shots draw fixed elements (header, sidebar) where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await screenshot(page, name);
  }

  const textbox = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });
  const dialog = (name: string) => page.getByRole("dialog", { name });
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  async function open(path: string, ready: Locator) {
    await page.goto(`${server.url}${path}`);
    await ready.waitFor();
  }

  async function choose(scope: Page | Locator, combobox: string, option: string) {
    await scope.getByRole("combobox", { name: combobox }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }

  it("発送元管理: adds a sender with postal autofill, edits it and deletes it", async () => {
    await open("/settings/senders", page.getByText("発送元が登録されていません"));
    await shot("settings-senders-empty");

    await page.getByRole("button", { name: "発送元を追加" }).click();
    const add = dialog("発送元を追加");
    await add.waitFor();
    await textbox(add, "発送元名").fill("渋谷倉庫");
    await textbox(add, "郵便番号").fill("150-0001");
    await expect.poll(() => textbox(add, "市区町村").inputValue()).toBe("渋谷区");
    expect(await add.getByRole("combobox", { name: "都道府県" }).inputValue()).toBe("東京都");
    await textbox(add, "町名・番地").fill("神宮前1-2-3");
    await textbox(add, "電話番号").fill("03-9876-5432");
    await shot("settings-senders-add");
    await add.getByRole("button", { name: "追加する" }).click();
    await toast("発送元を追加しました。");
    const list = page.getByRole("table", { name: "発送元一覧" });
    await list.getByText("〒150-0001 東京都渋谷区神宮前1-2-3").waitFor();

    await page.getByRole("button", { name: "渋谷倉庫を編集" }).click();
    const edit = dialog("発送元を編集");
    await edit.waitFor();
    expect(await textbox(edit, "郵便番号").inputValue()).toBe("150-0001");
    await textbox(edit, "発送元名").fill("渋谷第二倉庫");
    await textbox(edit, "建物名・部屋番号").fill("送るビル 2階");
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("発送元を保存しました。");
    await list.getByText("渋谷第二倉庫").waitFor();
    await list.getByText("〒150-0001 東京都渋谷区神宮前1-2-3 送るビル 2階").waitFor();
    await shot("settings-senders-list");

    await page.getByRole("button", { name: "渋谷第二倉庫を削除" }).click();
    const remove = dialog("発送元を削除");
    await remove.getByText("「渋谷第二倉庫」を削除します。").waitFor();
    await remove.getByRole("button", { name: "削除する" }).click();
    await toast("発送元を削除しました。");
    await page.getByText("発送元が登録されていません").waitFor();
  });

  it("備考欄設定: adds an item category with a 荷扱い suggestion, edits it and deletes it", async () => {
    await open("/settings/item_categories", page.getByText("備考欄設定が登録されていません"));

    await page.getByRole("button", { name: "備考欄設定を追加" }).click();
    const add = dialog("備考欄設定を追加");
    await add.waitFor();
    await textbox(add, "品名").fill("陶器");
    await add.getByRole("combobox", { name: "荷扱い1" }).fill("ワレ");
    await page.getByRole("option", { name: "ワレモノ注意" }).click();
    expect(await add.getByRole("combobox", { name: "荷扱い1" }).inputValue()).toBe("ワレモノ注意");
    await shot("settings-item-categories-add");
    await add.getByRole("button", { name: "追加する" }).click();
    await toast("備考欄設定を追加しました。");
    const list = page.getByRole("table", { name: "備考欄設定一覧" });
    await list.getByText("ワレモノ注意").waitFor();

    await page.getByRole("button", { name: "陶器を編集" }).click();
    const edit = dialog("備考欄設定を編集");
    await edit.waitFor();
    await textbox(edit, "品名").fill("陶器・食器");
    await edit.getByRole("combobox", { name: "荷扱い2" }).fill("天地");
    await page.getByRole("option", { name: "天地無用" }).click();
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("備考欄設定を保存しました。");
    await list.getByText("陶器・食器").waitFor();
    await list.getByText("天地無用").waitFor();
    await shot("settings-item-categories-list");

    await page.getByRole("button", { name: "陶器・食器を削除" }).click();
    await dialog("備考欄設定を削除").getByRole("button", { name: "削除する" }).click();
    await toast("備考欄設定を削除しました。");
    await page.getByText("備考欄設定が登録されていません").waitFor();
  });

  it("ユーザー管理: invites a user, makes them an administrator and deletes them", async () => {
    await open("/settings/users", page.getByRole("table", { name: "ユーザー一覧" }));
    const list = page.getByRole("table", { name: "ユーザー一覧" });
    await list.getByText(account.email).waitFor();
    await list.getByText("あなた").waitFor();

    const email = uniqueEmail("invitee");
    await page.getByRole("button", { name: "ユーザーを招待" }).click();
    const invite = dialog("ユーザーを招待");
    await invite.waitFor();
    await textbox(invite, "メールアドレス").fill(email);
    await textbox(invite, "氏名").fill("招待 花子");
    expect(await invite.getByRole("radio", { name: "メンバー" }).isChecked()).toBe(true);
    await shot("settings-users-invite");
    await invite.getByRole("button", { name: "招待する" }).click();
    await toast(`${email} に招待メールを送信しました。`);
    const row = list.getByRole("row").filter({ hasText: email });
    await row.getByText("メンバー").waitFor();

    // The same address again: the API's 409 sits next to the email field.
    await page.getByRole("button", { name: "ユーザーを招待" }).click();
    await textbox(invite, "メールアドレス").fill(email);
    await invite.getByRole("button", { name: "招待する" }).click();
    await invite.getByText("このメールアドレスは既に登録されています。").waitFor();
    await invite.getByRole("button", { name: "キャンセル" }).click();
    await invite.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "招待 花子を編集" }).click();
    const edit = dialog("ユーザーを編集");
    await edit.waitFor();
    await edit.getByRole("radio", { name: "管理者" }).check();
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("ユーザー情報を保存しました。");
    await row.getByText("管理者").waitFor();
    await shot("settings-users-list");

    await page.getByRole("button", { name: "招待 花子を削除" }).click();
    const remove = dialog("ユーザーを削除");
    await remove.getByRole("button", { name: "削除する" }).click();
    await toast("ユーザーを削除しました。");
    await row.waitFor({ state: "detached" });
    // One cannot delete oneself.
    expect(await page.getByRole("button", { name: `${account.email}を削除` }).isDisabled()).toBe(true);
  });

  it("会社概要: edits the profile with postal autofill and keeps it after a reload", async () => {
    await open("/settings/companies", page.getByRole("region", { name: "会社概要" }));
    const profile = page.getByRole("region", { name: "会社概要" });
    expect(await textbox(profile, "会社名").inputValue()).toBe("株式会社設定テスト");
    expect(await textbox(profile, "郵便番号").inputValue()).toBe("100-0001");

    await textbox(profile, "会社名").fill("株式会社設定テスト 大阪本社");
    await textbox(profile, "郵便番号").fill("5300001");
    await expect.poll(() => textbox(profile, "市区町村").inputValue()).toBe("大阪市北区");
    expect(await textbox(profile, "町名・番地").inputValue()).toBe("梅田");
    await page.keyboard.type("3-1-1");
    await textbox(profile, "電話番号").fill("06 1234 5678");
    await textbox(profile, "担当者メールアドレス").fill("info@example.jp");
    await profile.getByRole("button", { name: "保存する" }).click();
    await toast("会社概要を保存しました。");
    await shot("settings-companies");

    await page.reload();
    await profile.waitFor();
    expect(await textbox(profile, "会社名").inputValue()).toBe("株式会社設定テスト 大阪本社");
    expect(await profile.getByRole("combobox", { name: "都道府県" }).inputValue()).toBe("大阪府");
    expect(await textbox(profile, "町名・番地").inputValue()).toBe("梅田3-1-1");
    expect(await textbox(profile, "電話番号").inputValue()).toBe("06-1234-5678");
    expect(await textbox(profile, "担当者メールアドレス").inputValue()).toBe("info@example.jp");
  });

  it("ブランド設定 and 印刷設定: saves defaults and print settings, shown again after a reload", async () => {
    await asUser(account, async () => {
      await Sender.create({
        name: "大阪倉庫",
        postal_code: "5300001",
        prefecture: "大阪府",
        city: "大阪市北区",
        address1: "梅田1-1",
        phone: "06-1111-2222",
      });
      await ItemCategory.create({ name: "雑貨", handling1: "取扱注意" });
    });
    await open("/settings/companies", page.getByRole("region", { name: "ブランド設定" }));
    const brand = page.getByRole("region", { name: "ブランド設定" });
    await textbox(brand, "ブランド名").fill("設定テストストア");
    await choose(brand, "デフォルトの発送元", "大阪倉庫");
    await choose(brand, "デフォルトの備考欄", "雑貨");
    await brand.getByRole("button", { name: "保存する" }).click();
    await toast("ブランド設定を保存しました。");

    const print = page.getByRole("region", { name: "印刷設定" });
    const sagawa = print.getByRole("group", { name: "佐川急便の印刷設定" });
    const yamato = print.getByRole("group", { name: "ヤマト運輸の印刷設定" });
    await choose(sagawa, "用紙", "ラベル用紙 100×150mm");
    // Label paper takes one label per sheet: the layout follows, the others are off.
    expect(await sagawa.getByRole("radio", { name: "1面" }).isChecked()).toBe(true);
    expect(await sagawa.getByRole("radio", { name: "4面" }).isDisabled()).toBe(true);
    await yamato.getByText("4面", { exact: true }).click();
    await textbox(yamato, "横方向の補正").fill("1.5");
    await textbox(yamato, "縦方向の補正").fill("-0.5");
    await print.getByRole("button", { name: "保存する" }).click();
    await toast("印刷設定を保存しました。");
    await shot("settings-brand");

    await page.reload();
    await brand.waitFor();
    expect(await textbox(brand, "ブランド名").inputValue()).toBe("設定テストストア");
    expect(await brand.getByRole("combobox", { name: "デフォルトの発送元" }).inputValue()).toBe("大阪倉庫");
    expect(await brand.getByRole("combobox", { name: "デフォルトの備考欄" }).inputValue()).toBe("雑貨");
    expect(await sagawa.getByRole("combobox", { name: "用紙" }).inputValue()).toBe("ラベル用紙 100×150mm");
    expect(await sagawa.getByRole("radio", { name: "1面" }).isChecked()).toBe(true);
    expect(await yamato.getByRole("radio", { name: "4面" }).isChecked()).toBe(true);
    expect(await textbox(yamato, "横方向の補正").inputValue()).toBe("1.5 mm");
    expect(await textbox(yamato, "縦方向の補正").inputValue()).toBe("-0.5 mm");

    // The brand's default sender cannot be deleted: the API's reason is shown in the dialog.
    await open("/settings/senders", page.getByRole("table", { name: "発送元一覧" }));
    await page.getByRole("table", { name: "発送元一覧" }).getByText("デフォルト").waitFor();
    await page.getByRole("button", { name: "大阪倉庫を削除" }).click();
    const remove = dialog("発送元を削除");
    await remove.getByRole("button", { name: "削除する" }).click();
    await remove
      .getByText(
        "ブランドのデフォルト発送元に設定されているため削除できません。先にデフォルトを変更してください。",
      )
      .waitFor();
    await shot("settings-senders-in-use");
    await remove.getByRole("button", { name: "キャンセル" }).click();
    await page.getByRole("table", { name: "発送元一覧" }).getByText("大阪倉庫").waitFor();
  });

  it("at phone width the drawer opens and leads to the settings, whose lists become cards", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open("/orders?tab_key=notShipped", page.getByRole("heading", { name: "注文リスト" }));
      await page.getByRole("button", { name: "メニューを開く" }).click();
      const nav = page.getByRole("navigation", { name: "メインメニュー" });
      await nav.getByRole("link", { name: "設定" }).click();
      await page.waitForURL(/\/settings\/companies$/);
      await page.getByRole("region", { name: "会社概要" }).waitFor();
      await shot("settings-phone-companies");

      await page.getByRole("tab", { name: "発送元管理" }).click();
      await page.waitForURL(/\/settings\/senders$/);
      const cards = page.getByRole("list", { name: "発送元一覧" });
      await cards.getByText("大阪倉庫").waitFor();
      await shot("settings-phone-senders");

      await page.getByRole("button", { name: "発送元を追加" }).click();
      await dialog("発送元を追加").waitFor();
      await shot("settings-phone-sender-form");
      await dialog("発送元を追加").getByRole("button", { name: "キャンセル" }).click();

      await page.getByRole("tab", { name: "ユーザー管理" }).click();
      await page.getByRole("list", { name: "ユーザー一覧" }).getByText(account.email).waitFor();
      await shot("settings-phone-users");
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("a member sees the users read-only and may rename only themselves", async () => {
    const email = uniqueEmail("member");
    await asUser(account, () => User.invite({ email, name: "メンバー 次郎", role: "member" }));
    await signInAs(email);
    await signIn(page, server.url, { email, password: "Test-password-1" });
    await page.waitForURL(/\/orders/);

    await open("/settings/users", page.getByRole("table", { name: "ユーザー一覧" }));
    await page
      .getByText("ユーザーの招待・権限の変更・削除は管理者のみが行えます。", { exact: false })
      .waitFor();
    expect(await page.getByRole("button", { name: "ユーザーを招待" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /を削除$/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /を編集$/ }).count()).toBe(1);
    await shot("settings-users-member");

    await page.getByRole("button", { name: "メンバー 次郎を編集" }).click();
    const edit = dialog("ユーザーを編集");
    expect(await edit.getByRole("radio", { name: "管理者" }).isDisabled()).toBe(true);
    await textbox(edit, "氏名").fill("メンバー 次郎（出荷担当）");
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("ユーザー情報を保存しました。");
    await page.getByRole("table", { name: "ユーザー一覧" }).getByText("メンバー 次郎（出荷担当）").waitFor();
  });
});
