import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "../support/api";
import { signInAs, uniqueEmail } from "../support/cognito";
import { apiGet, useBrowserApp } from "../support/e2e";
import { setupDoneAccount } from "../support/merchant";

/**
 * Every settings tab in Chromium, as a merchant whose setup is done. Each test is
 * independent: it makes its own company (a fresh tenant) and its own browser
 * profile, creates the records it needs, and checks what was saved three ways:
 * the Japanese text on the page, the value read back from the real API, and the
 * value shown again after a reload.
 */
describe("settings", () => {
  const app = useBrowserApp({ freshProfile: true });
  const { signedInAdmin } = app;
  const shot = (name: string) => app.shot(name, { fromTop: true });

  /** Writes through the real API as the account's user; the call must succeed. */
  async function apiSend(account: { idToken: string }, method: string, path: string, body: unknown) {
    const response = await callApi(path, { method, token: account.idToken, body });
    expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
    return response.json;
  }

  /** Gives the company, through the API, the sender 大阪倉庫 and the item category 雑貨 (取扱注意). */
  async function addSenderAndCategory(account: { idToken: string }) {
    const sender = await apiSend(account, "POST", "/api/senders", {
      name: "大阪倉庫",
      postal_code: "5300001",
      prefecture: "大阪府",
      city: "大阪市北区",
      address1: "梅田1-1",
      phone: "06-1111-2222",
    });
    const category = await apiSend(account, "POST", "/api/item_categories", {
      name: "雑貨",
      handling1: "取扱注意",
    });
    return { sender, category };
  }

  const textbox = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name, exact: true });
  const combobox = (scope: Page | Locator, name: string) =>
    scope.getByRole("combobox", { name, exact: true });
  const dialog = (name: string) => app.page.getByRole("dialog", { name });
  /**
   * Expects the named fields (text boxes and selects) of `scope` to show these values, as the
   * merchant reads them. Read again until they do: Mantine's Select shows a value it was given
   * one render later (its search text follows the value in an effect), so right after a click
   * that fills the form its text may not have caught up yet.
   */
  async function expectFields(scope: Locator, expected: Record<string, string>) {
    await expect
      .poll(async () => {
        const shown: Record<string, string> = {};
        for (const name of Object.keys(expected))
          shown[name] = await textbox(scope, name).or(combobox(scope, name)).inputValue();
        return shown;
      })
      .toEqual(expected);
  }
  /**
   * Toasts close after 1.5 s (docs/requirements.md#loading-toasts-and-error-page), so wait for them right
   * after the action.
   */
  const toast = (text: string) =>
    app.page.locator(".mantine-Notification-root", { hasText: text }).first().waitFor();
  const region = (name: string) => app.page.getByRole("region", { name });
  const adminOnly = "設定の変更は管理者のみが行えます。";

  async function open(path: string, ready: Locator) {
    await app.goto(path);
    await ready.waitFor();
  }

  async function choose(scope: Page | Locator, name: string, option: string) {
    await combobox(scope, name).click();
    await app.page.getByRole("option", { name: option, exact: true }).click();
  }

  it("会社概要: edits the profile with postal autofill, saved in the API and shown again after a reload", async () => {
    const account = await signedInAdmin("株式会社会社概要テスト");
    await open("/settings/companies", region("会社概要"));
    const profile = region("会社概要");
    await expectFields(profile, {
      会社名: "株式会社会社概要テスト",
      郵便番号: "100-0001",
      都道府県: "東京都",
    });
    // An administrator sees no notice.
    expect(await app.page.getByText(adminOnly).count()).toBe(0);

    await textbox(profile, "会社名").fill("株式会社会社概要テスト 大阪本社");
    await textbox(profile, "郵便番号").fill("5300001");
    await expect.poll(() => textbox(profile, "市区町村").inputValue()).toBe("大阪市北区");
    await expect.poll(() => combobox(profile, "都道府県").inputValue()).toBe("大阪府");
    expect(await textbox(profile, "町名・番地").inputValue()).toBe("梅田");
    await app.page.keyboard.type("3-1-1");
    await textbox(profile, "電話番号").fill("06 1234 5678");
    await textbox(profile, "担当者メールアドレス").fill("info@example.jp");
    await profile.getByRole("button", { name: "保存する" }).click();
    await toast("会社概要を保存しました。");
    await shot("settings-companies");

    expect(await apiGet(account, "/api/companies")).toMatchObject({
      name: "株式会社会社概要テスト 大阪本社",
      postal_code: "5300001",
      prefecture: "大阪府",
      city: "大阪市北区",
      address1: "梅田3-1-1",
      phone: "06-1234-5678",
      contact_email: "info@example.jp",
    });

    await app.page.reload();
    await profile.waitFor();
    await expectFields(profile, {
      会社名: "株式会社会社概要テスト 大阪本社",
      郵便番号: "530-0001",
      都道府県: "大阪府",
      市区町村: "大阪市北区",
      "町名・番地": "梅田3-1-1",
      電話番号: "06-1234-5678",
      担当者メールアドレス: "info@example.jp",
    });
  });

  it("ブランド設定 and 印刷設定: saves the defaults, paper, layout and offsets, kept in the API and after a reload", async () => {
    const account = await signedInAdmin("株式会社ブランド設定テスト");
    const { sender, category } = await addSenderAndCategory(account);

    await open("/settings/companies", region("ブランド設定"));
    const brand = region("ブランド設定");
    await textbox(brand, "ブランド名").fill("ブランド設定テストストア");
    await choose(brand, "デフォルトの発送元", "大阪倉庫");
    await choose(brand, "デフォルトの備考欄", "雑貨");
    await brand.getByRole("button", { name: "保存する" }).click();
    await toast("ブランド設定を保存しました。");

    const print = region("印刷設定");
    const sagawa = print.getByRole("group", { name: "佐川急便の印刷設定" });
    const yamato = print.getByRole("group", { name: "ヤマト運輸の印刷設定" });
    await choose(sagawa, "用紙", "ラベル用紙 100×150mm");
    // Label paper takes one label per sheet: the layout follows, the others are off.
    expect(await sagawa.getByRole("radio", { name: "1面" }).isChecked()).toBe(true);
    expect(await sagawa.getByRole("radio", { name: "4面" }).isDisabled()).toBe(true);
    await choose(yamato, "用紙", "A5 普通紙");
    await yamato.getByText("1面", { exact: true }).click();
    await textbox(yamato, "横方向の補正").fill("1.5");
    await textbox(yamato, "縦方向の補正").fill("-0.5");
    await print.getByRole("button", { name: "保存する" }).click();
    await toast("印刷設定を保存しました。");
    await shot("settings-brand");

    const saved = await apiGet(account, "/api/brands");
    expect(saved).toMatchObject({
      name: "ブランド設定テストストア",
      default_sender_id: sender.id,
      default_item_category_id: category.id,
    });
    expect(saved.print_settings).toEqual({
      japan_post: { paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 },
      sagawa: { paper: "label_100x150", layout: "1up", offset_x_mm: 0, offset_y_mm: 0 },
      yamato: { paper: "a5", layout: "1up", offset_x_mm: 1.5, offset_y_mm: -0.5 },
    });

    await app.page.reload();
    await brand.waitFor();
    await expectFields(brand, {
      ブランド名: "ブランド設定テストストア",
      デフォルトの発送元: "大阪倉庫",
      デフォルトの備考欄: "雑貨",
    });
    await expectFields(sagawa, { 用紙: "ラベル用紙 100×150mm" });
    expect(await sagawa.getByRole("radio", { name: "1面" }).isChecked()).toBe(true);
    await expectFields(yamato, { 用紙: "A5 普通紙", 横方向の補正: "1.5 mm", 縦方向の補正: "-0.5 mm" });
    expect(await yamato.getByRole("radio", { name: "1面" }).isChecked()).toBe(true);
    expect(await yamato.getByRole("radio", { name: "4面" }).isDisabled()).toBe(true);
    const japanPost = print.getByRole("group", { name: "日本郵便の印刷設定" });
    await expect.poll(() => combobox(japanPost, "用紙").inputValue()).toBe("A4 普通紙");
    expect(await japanPost.getByRole("radio", { name: "2面" }).isChecked()).toBe(true);

    // The brand's default sender cannot be deleted: the API's reason is shown in the dialog.
    await open("/settings/senders", app.page.getByRole("table", { name: "発送元一覧" }));
    await app.page.getByRole("table", { name: "発送元一覧" }).getByText("デフォルト").waitFor();
    await app.page.getByRole("button", { name: "大阪倉庫を削除" }).click();
    const remove = dialog("発送元を削除");
    await remove.getByRole("button", { name: "削除する" }).click();
    await remove
      .getByText(
        "ブランドのデフォルト発送元に設定されているため削除できません。先にデフォルトを変更してください。",
      )
      .waitFor();
    await shot("settings-senders-in-use");
    await remove.getByRole("button", { name: "キャンセル" }).click();
    expect((await apiGet(account, "/api/senders")).items.map((s: { name: string }) => s.name)).toEqual([
      "大阪倉庫",
    ]);
  });

  it("発送元管理: adds a sender from the company address, edits it and deletes it", async () => {
    const account = await signedInAdmin("株式会社発送元テスト");
    await open("/settings/senders", app.page.getByText("発送元が登録されていません"));
    await shot("settings-senders-empty");

    await app.page.getByRole("button", { name: "発送元を追加" }).click();
    const add = dialog("発送元を追加");
    await add.waitFor();
    expect(await textbox(add, "郵便番号").inputValue()).toBe("");
    await add.getByRole("button", { name: "会社概要の住所をコピー" }).click();
    // The company's 会社概要 (setupDoneAccount): 〒100-0001 東京都千代田区千代田1-1, 03-1234-5678.
    await expectFields(add, {
      "会社名・部署名": "株式会社発送元テスト",
      郵便番号: "100-0001",
      都道府県: "東京都",
      市区町村: "千代田区",
      "町名・番地": "千代田1-1",
      電話番号: "03-1234-5678",
      // The name is the sender's own.
      発送元名: "",
    });
    await textbox(add, "発送元名").fill("本社");
    await shot("settings-senders-add");
    await add.getByRole("button", { name: "追加する" }).click();
    await toast("発送元を追加しました。");
    const list = app.page.getByRole("table", { name: "発送元一覧" });
    await list.getByText("〒100-0001 東京都千代田区千代田1-1").waitFor();
    await list.getByText("株式会社発送元テスト").waitFor();

    const [created, ...others] = (await apiGet(account, "/api/senders")).items;
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      name: "本社",
      company_name: "株式会社発送元テスト",
      postal_code: "1000001",
      prefecture: "東京都",
      city: "千代田区",
      address1: "千代田1-1",
      address2: "",
      phone: "03-1234-5678",
    });

    // Edit: a new postal code fills the address again.
    await app.page.getByRole("button", { name: "本社を編集" }).click();
    const edit = dialog("発送元を編集");
    await edit.waitFor();
    expect(await textbox(edit, "発送元名").inputValue()).toBe("本社");
    expect(await textbox(edit, "郵便番号").inputValue()).toBe("100-0001");
    await textbox(edit, "発送元名").fill("渋谷倉庫");
    await textbox(edit, "郵便番号").fill("150-0001");
    await expect.poll(() => textbox(edit, "市区町村").inputValue()).toBe("渋谷区");
    await expect.poll(() => combobox(edit, "都道府県").inputValue()).toBe("東京都");
    await textbox(edit, "町名・番地").fill("神宮前1-2-3");
    await textbox(edit, "建物名・部屋番号").fill("送るビル 2階");
    await textbox(edit, "電話番号").fill("03-9876-5432");
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("発送元を保存しました。");
    await list.getByText("〒150-0001 東京都渋谷区神宮前1-2-3 送るビル 2階").waitFor();
    await shot("settings-senders-list");

    expect((await apiGet(account, "/api/senders")).items).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "渋谷倉庫",
        postal_code: "1500001",
        city: "渋谷区",
        address1: "神宮前1-2-3",
        address2: "送るビル 2階",
        phone: "03-9876-5432",
      }),
    ]);
    await app.page.reload();
    await list.getByText("渋谷倉庫").waitFor();
    await list.getByText("〒150-0001 東京都渋谷区神宮前1-2-3 送るビル 2階").waitFor();
    expect(await list.getByText("本社", { exact: true }).count()).toBe(0);

    await app.page.getByRole("button", { name: "渋谷倉庫を削除" }).click();
    const remove = dialog("発送元を削除");
    await remove.getByText("「渋谷倉庫」を削除します。").waitFor();
    await remove.getByRole("button", { name: "削除する" }).click();
    await toast("発送元を削除しました。");
    await app.page.getByText("発送元が登録されていません").waitFor();
    expect((await apiGet(account, "/api/senders")).items).toEqual([]);
  });

  it("備考欄設定: adds an item category with a 荷扱い suggestion, edits it and deletes it", async () => {
    const account = await signedInAdmin("株式会社備考欄テスト");
    await open("/settings/item_categories", app.page.getByText("備考欄設定が登録されていません"));

    await app.page.getByRole("button", { name: "備考欄設定を追加" }).click();
    const add = dialog("備考欄設定を追加");
    await add.waitFor();
    await textbox(add, "品名").fill("陶器");
    await combobox(add, "荷扱い1").fill("ワレ");
    await app.page.getByRole("option", { name: "ワレモノ注意" }).click();
    await expect.poll(() => combobox(add, "荷扱い1").inputValue()).toBe("ワレモノ注意");
    await shot("settings-item-categories-add");
    await add.getByRole("button", { name: "追加する" }).click();
    await toast("備考欄設定を追加しました。");
    const list = app.page.getByRole("table", { name: "備考欄設定一覧" });
    await list.getByRole("row").filter({ hasText: "陶器" }).getByText("ワレモノ注意").waitFor();

    const [created, ...others] = (await apiGet(account, "/api/item_categories")).items;
    expect(others).toEqual([]);
    expect(created).toMatchObject({ name: "陶器", handling1: "ワレモノ注意", handling2: "" });

    await app.page.getByRole("button", { name: "陶器を編集" }).click();
    const edit = dialog("備考欄設定を編集");
    await edit.waitFor();
    expect(await textbox(edit, "品名").inputValue()).toBe("陶器");
    await textbox(edit, "品名").fill("陶器・食器");
    await combobox(edit, "荷扱い2").fill("天地");
    await app.page.getByRole("option", { name: "天地無用" }).click();
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("備考欄設定を保存しました。");
    await list.getByRole("row").filter({ hasText: "陶器・食器" }).getByText("天地無用").waitFor();
    await shot("settings-item-categories-list");
    const [edited, ...rest] = (await apiGet(account, "/api/item_categories")).items;
    expect(rest).toEqual([]);
    expect(edited).toMatchObject({
      id: created.id,
      name: "陶器・食器",
      handling1: "ワレモノ注意",
      handling2: "天地無用",
    });

    await app.page.reload();
    await list.getByRole("row").filter({ hasText: "陶器・食器" }).getByText("天地無用").waitFor();

    await app.page.getByRole("button", { name: "陶器・食器を削除" }).click();
    await dialog("備考欄設定を削除").getByRole("button", { name: "削除する" }).click();
    await toast("備考欄設定を削除しました。");
    await app.page.getByText("備考欄設定が登録されていません").waitFor();
    expect((await apiGet(account, "/api/item_categories")).items).toEqual([]);
    await app.page.reload();
    await app.page.getByText("備考欄設定が登録されていません").waitFor();
  });

  it("ユーザー管理: invites a user, makes them an administrator and deletes them", async () => {
    const account = await signedInAdmin("株式会社ユーザー管理テスト");
    await open("/settings/users", app.page.getByRole("table", { name: "ユーザー一覧" }));
    const list = app.page.getByRole("table", { name: "ユーザー一覧" });
    await list.getByText(account.email).waitFor();
    await list.getByText("あなた").waitFor();

    const email = uniqueEmail("invitee");
    await app.page.getByRole("button", { name: "ユーザーを招待" }).click();
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
    const invitee = () =>
      apiGet(account, "/api/users").then((users) =>
        users.items.find((user: { email: string }) => user.email === email),
      );
    expect(await invitee()).toMatchObject({ name: "招待 花子", role: "member" });

    // The same address again: the API's 409 sits next to the email field.
    await app.page.getByRole("button", { name: "ユーザーを招待" }).click();
    await textbox(invite, "メールアドレス").fill(email);
    await invite.getByRole("button", { name: "招待する" }).click();
    await invite.getByText("このメールアドレスは既に登録されています。").waitFor();
    await invite.getByRole("button", { name: "キャンセル" }).click();
    await invite.waitFor({ state: "hidden" });

    await app.page.getByRole("button", { name: "招待 花子を編集" }).click();
    const edit = dialog("ユーザーを編集");
    await edit.waitFor();
    await edit.getByRole("radio", { name: "管理者" }).check();
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("ユーザー情報を保存しました。");
    await row.getByText("管理者").waitFor();
    await shot("settings-users-list");
    expect(await invitee()).toMatchObject({ role: "admin" });

    await app.page.getByRole("button", { name: "招待 花子を削除" }).click();
    await dialog("ユーザーを削除").getByRole("button", { name: "削除する" }).click();
    await toast("ユーザーを削除しました。");
    await row.waitFor({ state: "detached" });
    expect(await invitee()).toBeUndefined();
    // One cannot delete oneself, and the button says why on hovering.
    const deleteSelf = app.page.getByRole("button", { name: `${account.email}を削除` });
    expect(await deleteSelf.isDisabled()).toBe(true);
    await deleteSelf.hover();
    await app.page.getByRole("tooltip", { name: "自分自身は削除できません" }).waitFor();
    await shot("settings-users-self-delete-tooltip");
  });

  /** An administrator's company with a sender and an item category, and a member of it signed in. */
  async function signedInMember(companyName: string) {
    const admin = await setupDoneAccount(companyName);
    await addSenderAndCategory(admin);
    const email = uniqueEmail("member");
    await apiSend(admin, "POST", "/api/users", { email, name: "メンバー 次郎", role: "member" });
    // A known password instead of the mailed temporary one (the first sign-in is auth.test's).
    const idToken = await signInAs(email);
    await app.signIn({ email, password: "Test-password-1" });
    await app.page.waitForURL(/\/orders/);
    return { admin, member: { email, idToken } };
  }

  it("a member sees every settings tab read-only: the notice, the saved values, no save or edit buttons", async () => {
    const { admin, member } = await signedInMember("株式会社閲覧テスト");

    await open("/settings/companies", region("会社概要"));
    await app.page.getByText(adminOnly, { exact: true }).waitFor();
    const profile = region("会社概要");
    expect(await textbox(profile, "会社名").inputValue()).toBe("株式会社閲覧テスト");
    expect(await textbox(profile, "会社名").isDisabled()).toBe(true);
    expect(await textbox(profile, "郵便番号").isDisabled()).toBe(true);
    expect(await combobox(region("ブランド設定"), "デフォルトの発送元").isDisabled()).toBe(true);
    expect(
      await textbox(
        region("印刷設定").getByRole("group", { name: "ヤマト運輸の印刷設定" }),
        "横方向の補正",
      ).isDisabled(),
    ).toBe(true);
    expect(await app.page.getByRole("button", { name: "保存する" }).count()).toBe(0);
    await shot("settings-companies-member");

    await open("/settings/senders", app.page.getByRole("table", { name: "発送元一覧" }));
    await app.page.getByText(adminOnly, { exact: true }).waitFor();
    await app.page
      .getByRole("table", { name: "発送元一覧" })
      .getByText("〒530-0001 大阪府大阪市北区梅田1-1")
      .waitFor();
    expect(await app.page.getByRole("button", { name: "発送元を追加" }).count()).toBe(0);
    expect(await app.page.getByRole("button", { name: /を(編集|削除)$/ }).count()).toBe(0);

    await open("/settings/item_categories", app.page.getByRole("table", { name: "備考欄設定一覧" }));
    await app.page.getByText(adminOnly, { exact: true }).waitFor();
    await app.page.getByRole("table", { name: "備考欄設定一覧" }).getByText("取扱注意").waitFor();
    expect(await app.page.getByRole("button", { name: "備考欄設定を追加" }).count()).toBe(0);
    expect(await app.page.getByRole("button", { name: /を(編集|削除)$/ }).count()).toBe(0);

    await open("/settings/carriers", app.page.getByRole("table", { name: "ヤマト運輸" }));
    await app.page.getByText(adminOnly, { exact: true }).waitFor();
    await app.page.getByRole("table", { name: "ヤマト運輸" }).getByText("ヤマト運輸（B2クラウド）").waitFor();
    expect(await app.page.getByRole("button", { name: /の契約情報を追加$/ }).count()).toBe(0);
    expect(await app.page.getByRole("button", { name: /を(編集|削除)$/ }).count()).toBe(0);

    // The server refuses a member's write regardless of the screen.
    const refused = await callApi("/api/companies", {
      method: "PUT",
      token: member.idToken,
      body: {
        name: "乗っ取り",
        postal_code: "1000001",
        prefecture: "東京都",
        city: "千代田区",
        address1: "千代田1-1",
        phone: "03-1234-5678",
      },
    });
    expect(refused.status).toBe(403);
    expect((await apiGet(admin, "/api/companies")).name).toBe("株式会社閲覧テスト");
  });

  it("a member sees the users read-only and may rename only themselves", async () => {
    const { admin, member } = await signedInMember("株式会社メンバーテスト");

    await open("/settings/users", app.page.getByRole("table", { name: "ユーザー一覧" }));
    await app.page
      .getByText("ユーザーの招待・権限の変更・削除は管理者のみが行えます。", { exact: false })
      .waitFor();
    const list = app.page.getByRole("table", { name: "ユーザー一覧" });
    await list.getByText(admin.email).waitFor();
    expect(await app.page.getByRole("button", { name: "ユーザーを招待" }).count()).toBe(0);
    expect(await app.page.getByRole("button", { name: /を削除$/ }).count()).toBe(0);
    expect(await app.page.getByRole("button", { name: /を編集$/ }).count()).toBe(1);
    await shot("settings-users-member");

    await app.page.getByRole("button", { name: "メンバー 次郎を編集" }).click();
    const edit = dialog("ユーザーを編集");
    await edit.waitFor();
    expect(await edit.getByRole("radio", { name: "管理者" }).isDisabled()).toBe(true);
    await textbox(edit, "氏名").fill("メンバー 次郎（出荷担当）");
    await edit.getByRole("button", { name: "保存する" }).click();
    await toast("ユーザー情報を保存しました。");
    await list.getByText("メンバー 次郎（出荷担当）").waitFor();
    expect(await apiGet(member, "/api/users/me")).toMatchObject({
      email: member.email,
      name: "メンバー 次郎（出荷担当）",
      role: "member",
    });
    await app.page.reload();
    await list.getByText("メンバー 次郎（出荷担当）").waitFor();
  });

  it("at phone width the drawer opens and leads to the settings, whose lists become cards", async () => {
    const account = await signedInAdmin("株式会社スマホ表示テスト");
    await apiSend(account, "POST", "/api/senders", {
      name: "福岡倉庫",
      postal_code: "8100001",
      prefecture: "福岡県",
      city: "福岡市中央区",
      address1: "天神1-1",
      phone: "092-111-2222",
    });
    await app.page.setViewportSize({ width: 390, height: 844 });

    await open("/orders?tab_key=notShipped", app.page.getByRole("heading", { name: "注文リスト" }));
    await app.page.getByRole("button", { name: "メニューを開く" }).click();
    const nav = app.page.getByRole("navigation", { name: "メインメニュー" });
    await nav.getByRole("link", { name: "設定" }).click();
    await app.page.waitForURL(/\/settings\/companies$/);
    await region("会社概要").waitFor();
    await shot("settings-phone-companies");

    await app.page.getByRole("tab", { name: "発送元管理" }).click();
    await app.page.waitForURL(/\/settings\/senders$/);
    const cards = app.page.getByRole("list", { name: "発送元一覧" });
    await cards.getByText("福岡倉庫").waitFor();
    expect(await app.page.getByRole("table", { name: "発送元一覧" }).count()).toBe(0);
    await shot("settings-phone-senders");

    await app.page.getByRole("button", { name: "発送元を追加" }).click();
    await dialog("発送元を追加").waitFor();
    await shot("settings-phone-sender-form");
    await dialog("発送元を追加").getByRole("button", { name: "キャンセル" }).click();

    await app.page.getByRole("tab", { name: "ユーザー管理" }).click();
    await app.page.getByRole("list", { name: "ユーザー一覧" }).getByText(account.email).waitFor();
    await shot("settings-phone-users");
  });
});
