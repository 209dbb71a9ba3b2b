import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { click, fill, type } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { type FakeAnswer, type FakeRoutes, refusal, sentBodies, stubApi, type Wire } from "../fake-api";
import {
  brandBody,
  completeCompanyBody,
  itemCategoryBody,
  senderBody,
  settingsRoutes,
  userBody,
} from "../settings-api";

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

const geocoding: FakeRoutes["GET /api/geocoding"] = (_, url) => {
  const postcode = url.searchParams.get("address_postcode") ?? "";
  return {
    body: {
      postal_code: postcode,
      display: `${postcode.slice(0, 3)}-${postcode.slice(3)}`,
      addresses: [
        {
          postal_code: postcode,
          prefecture: "東京都",
          prefecture_code: "13",
          city: "渋谷区",
          city_code: "13113",
          town: "神宮前",
          office: "",
        },
      ],
    },
  };
};

function renderSettings(path: string, routes: FakeRoutes = {}) {
  const fetchMock = stubApi({ ...settingsRoutes(), "GET /api/geocoding": geocoding, ...routes });
  const rendered = renderRoute(path, { auth: createFakeAuth(verifiedUser) });
  const sent = (key: string) => sentBodies(fetchMock, key);
  return { ...rendered, fetchMock, sent };
}

async function choose(scope: HTMLElement, combobox: string, option: string) {
  click(within(scope).getByRole("combobox", { name: combobox }));
  click(await screen.findByRole("option", { name: option }));
}

/** A form dialog once its form has come: the forms come after the lists (the *-later.ts modules). */
async function findFormDialog(name: string) {
  const dialog = await screen.findByRole("dialog", { name });
  await within(dialog).findByRole("button", { name: "キャンセル" });
  return dialog;
}

/** Deletes `item` from its list through `dialogName`; the API refuses, and the dialog says why. */
async function deleteRefused(item: string, dialogName: string, reason: string) {
  click(await screen.findByRole("button", { name: `${item}を削除` }));
  const dialog = await screen.findByRole("dialog", { name: dialogName });
  click(within(dialog).getByRole("button", { name: "削除する" }));
  expect(await within(dialog).findByRole("alert")).toHaveTextContent(reason);
  return dialog;
}

resetScreensAfterEach();

describe("settings tabs", () => {
  it("shows 会社概要, ユーザー管理, ストア管理, 発送元管理, 備考欄設定 and 配送会社連携, in the spec's order", async () => {
    renderSettings("/settings/companies");
    await screen.findByRole("region", { name: "会社概要" });
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "会社概要",
      "ユーザー管理",
      "ストア管理",
      "発送元管理",
      "備考欄設定",
      "配送会社連携",
    ]);
    expect(screen.getByRole("tab", { name: "会社概要" })).toHaveAttribute("aria-selected", "true");
  });

  it("switches tabs by route", async () => {
    const { router } = renderSettings("/settings/companies");
    click(await screen.findByRole("tab", { name: "発送元管理" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/senders"));
    expect(await screen.findByRole("table", { name: "発送元一覧" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "発送元管理" })).toHaveAttribute("aria-selected", "true");
  });

  it("sends /settings to 会社概要", async () => {
    const { router } = renderSettings("/settings");
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/companies"));
  });

  it("shows API連携 to an administrator of a company with the feature: a credential created shows its secret once", async () => {
    const credential = {
      id: "cred_01JAAAAAAAAAAAAAAAAAAAAAAA",
      name: "倉庫管理システム",
      client_id: "okr_abc123",
      scopes: ["orders:read", "labels:write"] as ("orders:read" | "labels:write")[],
      created_by: "usr_01",
      last_used_at: null,
      expires_at: null,
      created_at: "2026-11-28T00:00:00.000Z",
      updated_at: "2026-11-28T00:00:00.000Z",
    };
    const { sent } = renderSettings("/settings/credentials", {
      "GET /api/companies": () => ({ body: completeCompanyBody({ api_integration: true }) }),
      "GET /api/credentials": () => ({ body: { items: [], next_cursor: null } }),
      "POST /api/credentials": () => ({
        status: 201,
        body: { ...credential, client_secret: "secret-shown-once" },
      }),
    });
    expect(await screen.findByText(/認証情報はまだありません/)).toBeInTheDocument();
    // The last tab, after 配送会社連携.
    expect(
      screen
        .getAllByRole("tab")
        .map((tab) => tab.textContent)
        .slice(-2),
    ).toEqual(["配送会社連携", "API連携"]);
    expect(screen.getByRole("tab", { name: "API連携" })).toHaveAttribute("aria-selected", "true");

    click(screen.getByRole("button", { name: "認証情報を作成" }));
    const form = await screen.findByRole("dialog", { name: "認証情報を追加" });
    fill(form, "名前", "倉庫管理システム");
    click(within(form).getByRole("checkbox", { name: /送り状の発行・取消/ }));
    click(within(form).getByRole("button", { name: "追加する" }));
    const shown = await screen.findByRole("dialog", { name: "作成した認証情報" });
    expect(shown).toHaveTextContent("secret-shown-once");
    expect(shown).toHaveTextContent("okr_abc123");
    expect(sent("POST /api/credentials")).toEqual([
      { name: "倉庫管理システム", scopes: ["orders:read", "labels:write"], expires_at: null },
    ]);
  });

  it("keeps API連携 from a member, even with the feature on", async () => {
    const { router } = renderSettings("/settings/credentials", {
      "GET /api/companies": () => ({ body: completeCompanyBody({ api_integration: true }) }),
      "GET /api/users/me": () => ({ body: userBody({ id: "usr_02", name: "佐藤 花子", role: "member" }) }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/companies"));
    expect(screen.queryByRole("tab", { name: "API連携" })).not.toBeInTheDocument();
  });

  it("sends /settings/credentials to 会社概要 when the feature is off", async () => {
    const { router } = renderSettings("/settings/credentials");
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/companies"));
    expect(screen.queryByRole("tab", { name: "API連携" })).not.toBeInTheDocument();
  });
});

describe("a member's view of the settings", () => {
  const member = () => ({ body: userBody({ id: "usr_02", name: "佐藤 花子", role: "member" }) });

  it("shows 会社概要, ブランド設定 and 印刷設定 read-only, with no save buttons", async () => {
    renderSettings("/settings/companies", { "GET /api/users/me": member });
    await screen.findByRole("region", { name: "会社概要" });
    expect(screen.getByText("設定の変更は管理者のみが行えます。")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "会社名" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "ブランド名" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "保存する" })).not.toBeInTheDocument();
  });

  it("lists senders and item categories without add, edit or delete", async () => {
    renderSettings("/settings/senders", { "GET /api/users/me": member });
    await screen.findByText("送る商店 東京倉庫");
    expect(screen.queryByRole("button", { name: "発送元を追加" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /を編集$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /を削除$/ })).not.toBeInTheDocument();
  });

  it("gives an administrator the same pages with every control", async () => {
    renderSettings("/settings/companies");
    await screen.findByRole("region", { name: "会社概要" });
    expect(screen.queryByText("設定の変更は管理者のみが行えます。")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "会社名" })).toBeEnabled();
    expect(screen.getAllByRole("button", { name: "保存する" }).length).toBeGreaterThanOrEqual(3);
  });
});

describe("ユーザー管理", () => {
  const other = userBody({ id: "usr_02", email: "sato@example.jp", name: "佐藤 花子", role: "member" });

  it("gives an administrator the invite, edit and delete controls, but not deleting themselves", async () => {
    renderSettings("/settings/users", {
      "GET /api/users": () => ({ body: { items: [userBody(), other], next_cursor: null } }),
    });
    const table = await screen.findByRole("table", { name: "ユーザー一覧" });
    expect(screen.getByRole("button", { name: "ユーザーを招待" })).toBeInTheDocument();
    expect(within(table).getByText("あなた")).toBeInTheDocument();
    expect(within(table).getByText("管理者")).toBeInTheDocument();
    expect(within(table).getByText("メンバー")).toBeInTheDocument();
    expect(within(table).getAllByText("2025/04/01")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "佐藤 花子を編集" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "佐藤 花子を削除" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "田中 太郎を削除" })).toBeDisabled();
    expect(screen.queryByText(/管理者のみが行えます/)).not.toBeInTheDocument();
  });

  it("shows a member the list read-only, with only their own name to edit", async () => {
    const me = userBody({ id: "usr_02", email: "sato@example.jp", name: "佐藤 花子", role: "member" });
    renderSettings("/settings/users", {
      "GET /api/users": () => ({ body: { items: [userBody(), me], next_cursor: null } }),
      "GET /api/users/me": () => ({ body: me }),
    });
    await screen.findByRole("table", { name: "ユーザー一覧" });
    expect(
      screen.getByText("ユーザーの招待・権限の変更・削除は管理者のみが行えます。", { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "ユーザーを招待" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /を削除$/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /を編集$/ })).toHaveLength(1);

    click(screen.getByRole("button", { name: "佐藤 花子を編集" }));
    const dialog = await findFormDialog("ユーザーを編集");
    expect(within(dialog).getByRole("radio", { name: "管理者" })).toBeDisabled();
    expect(within(dialog).getByText("権限は管理者のみが変更できます。")).toBeInTheDocument();
  });

  it("invites with email, name and role, and puts a taken address next to the email field", async () => {
    let answer: FakeAnswer<Wire["User"]> = {
      status: 201,
      body: userBody({ id: "usr_03", email: "new@example.jp", name: "新人", role: "member" }),
    };
    const { sent } = renderSettings("/settings/users", { "POST /api/users": () => answer });
    click(await screen.findByRole("button", { name: "ユーザーを招待" }));
    const dialog = await findFormDialog("ユーザーを招待");
    fill(dialog, "メールアドレス", " new@example.jp ");
    fill(dialog, "氏名", "新人");
    click(within(dialog).getByRole("button", { name: "招待する" }));

    expect(await screen.findByText("new@example.jp に招待メールを送信しました。")).toBeInTheDocument();
    expect(sent("POST /api/users")).toEqual([{ email: "new@example.jp", name: "新人", role: "member" }]);

    answer = refusal(409, "user.email_exists", "このメールアドレスは既に登録されています。");
    click(screen.getByRole("button", { name: "ユーザーを招待" }));
    const again = await findFormDialog("ユーザーを招待");
    fill(again, "メールアドレス", "new@example.jp");
    click(within(again).getByRole("radio", { name: "管理者" }));
    click(within(again).getByRole("button", { name: "招待する" }));
    expect(await within(again).findByText("このメールアドレスは既に登録されています。")).toBeInTheDocument();
    expect(within(again).getByRole("textbox", { name: "メールアドレス" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(sent("POST /api/users")[1]).toMatchObject({ role: "admin" });
  });

  it("shows the API's refusal in the delete dialog (the last administrator)", async () => {
    const admin = userBody({ id: "usr_02", email: "sato@example.jp", name: "佐藤 花子" });
    renderSettings("/settings/users", {
      "GET /api/users": () => ({ body: { items: [userBody(), admin], next_cursor: null } }),
      "DELETE /api/users/usr_02": () =>
        refusal(422, "user.last_admin", "管理者が1人もいなくなるため、この操作はできません。"),
    });
    await deleteRefused("佐藤 花子", "ユーザーを削除", "管理者が1人もいなくなるため、この操作はできません。");
  });
});

describe("発送元管理", () => {
  it("invites the first sender from an empty state", async () => {
    renderSettings("/settings/senders", {
      "GET /api/senders": () => ({ body: { items: [], next_cursor: null } }),
    });
    expect(await screen.findByText("発送元が登録されていません")).toBeInTheDocument();
    click(screen.getByRole("button", { name: "発送元を追加" }));
    expect(await screen.findByRole("dialog", { name: "発送元を追加" })).toBeInTheDocument();
  });

  it("lists senders with the address in one line and the brand's default marked", async () => {
    renderSettings("/settings/senders", {
      "GET /api/brands": () => ({ body: brandBody({ default_sender_id: "snd_01" }) }),
    });
    const table = await screen.findByRole("table", { name: "発送元一覧" });
    const row = within(table).getByRole("row", { name: /送る商店 東京倉庫/ });
    expect(within(row).getByText("〒100-0001 東京都千代田区千代田1-1 送るビル 3階")).toBeInTheDocument();
    expect(within(row).getByText("デフォルト")).toBeInTheDocument();
    expect(within(row).getByText("03-1234-5678")).toBeInTheDocument();
  });

  it("adds a sender with the postal autofill; the body is what the API stores", async () => {
    const { sent } = renderSettings("/settings/senders", {
      "POST /api/senders": () => ({ status: 201, body: senderBody({ id: "snd_02" }) }),
    });
    click(await screen.findByRole("button", { name: "発送元を追加" }));
    const dialog = await findFormDialog("発送元を追加");
    fill(dialog, "発送元名", "渋谷倉庫");
    fill(dialog, "郵便番号", "１５００００１");
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "市区町村" })).toHaveValue("渋谷区"),
    );
    fill(dialog, "町名・番地", "神宮前1-2-3");
    fill(dialog, "電話番号", "0398765432");
    click(within(dialog).getByRole("button", { name: "追加する" }));

    expect(await screen.findByText("発送元を追加しました。")).toBeInTheDocument();
    expect(sent("POST /api/senders")).toEqual([
      {
        name: "渋谷倉庫",
        company_name: "",
        postal_code: "1500001",
        prefecture: "東京都",
        city: "渋谷区",
        address1: "神宮前1-2-3",
        address2: "",
        phone: "03-9876-5432",
      },
    ]);
  });

  it("says where the label prints the company: before the sender's name, on its line", async () => {
    renderSettings("/settings/senders");
    click(await screen.findByRole("button", { name: "発送元を追加" }));
    const dialog = await findFormDialog("発送元を追加");
    expect(within(dialog).getByRole("textbox", { name: "会社名・部署名" })).toHaveAccessibleDescription(
      "送り状のご依頼主欄で、発送元名の前に同じ行で印字されます。",
    );
  });

  it("copies the company's address into a new sender", async () => {
    renderSettings("/settings/senders");
    click(await screen.findByRole("button", { name: "発送元を追加" }));
    const dialog = await findFormDialog("発送元を追加");
    click(within(dialog).getByRole("button", { name: "会社概要の住所をコピー" }));
    expect(within(dialog).getByRole("textbox", { name: "会社名・部署名" })).toHaveValue("株式会社送る商店");
    expect(within(dialog).getByRole("textbox", { name: "郵便番号" })).toHaveValue("100-0001");
    expect(within(dialog).getByRole("textbox", { name: "電話番号" })).toHaveValue("03-1234-5678");
  });

  it("edits a sender with its values filled in", async () => {
    const { sent } = renderSettings("/settings/senders", {
      "PUT /api/senders/snd_01": () => ({ body: senderBody({ name: "東京第二倉庫" }) }),
    });
    click(await screen.findByRole("button", { name: "送る商店 東京倉庫を編集" }));
    const dialog = await findFormDialog("発送元を編集");
    expect(within(dialog).getByRole("textbox", { name: "郵便番号" })).toHaveValue("100-0001");
    fill(dialog, "発送元名", "東京第二倉庫");
    click(within(dialog).getByRole("button", { name: "保存する" }));
    expect(await screen.findByText("発送元を保存しました。")).toBeInTheDocument();
    expect(sent("PUT /api/senders/snd_01")[0]).toMatchObject({
      name: "東京第二倉庫",
      postal_code: "1000001",
    });
  });

  it("shows why the brand's default sender cannot be deleted", async () => {
    renderSettings("/settings/senders", {
      "DELETE /api/senders/snd_01": () =>
        refusal(
          422,
          "sender.in_use",
          "ブランドのデフォルト発送元に設定されているため削除できません。先にデフォルトを変更してください。",
        ),
    });
    const dialog = await deleteRefused(
      "送る商店 東京倉庫",
      "発送元を削除",
      "ブランドのデフォルト発送元に設定されているため削除できません。",
    );
    expect(
      within(dialog).getByText("「送る商店 東京倉庫」を削除します。この操作は取り消せません。"),
    ).toBeInTheDocument();
  });

  it("deletes a sender and refreshes the list", async () => {
    let items = [senderBody()];
    renderSettings("/settings/senders", {
      "GET /api/senders": () => ({ body: { items, next_cursor: null } }),
      "DELETE /api/senders/snd_01": () => {
        items = [];
        return { status: 204 };
      },
    });
    click(await screen.findByRole("button", { name: "送る商店 東京倉庫を削除" }));
    click(
      within(await screen.findByRole("dialog", { name: "発送元を削除" })).getByRole("button", {
        name: "削除する",
      }),
    );
    expect(await screen.findByText("発送元を削除しました。")).toBeInTheDocument();
    expect(await screen.findByText("発送元が登録されていません")).toBeInTheDocument();
  });
});

describe("備考欄設定", () => {
  it("adds an item category with a 荷扱い suggestion", async () => {
    const { sent } = renderSettings("/settings/item_categories", {
      "GET /api/item_categories": () => ({ body: { items: [], next_cursor: null } }),
      "POST /api/item_categories": () => ({ status: 201, body: itemCategoryBody() }),
    });
    expect(await screen.findByText("備考欄設定が登録されていません")).toBeInTheDocument();
    click(screen.getByRole("button", { name: "備考欄設定を追加" }));
    const dialog = await findFormDialog("備考欄設定を追加");
    fill(dialog, "品名", "衣類");
    const handling = within(dialog).getByRole("combobox", { name: "荷扱い1" });
    fireEvent.focus(handling);
    type(handling, "ワレ");
    click(await screen.findByRole("option", { name: "ワレモノ注意" }));
    click(within(dialog).getByRole("button", { name: "追加する" }));

    expect(await screen.findByText("備考欄設定を追加しました。")).toBeInTheDocument();
    expect(sent("POST /api/item_categories")).toEqual([
      { name: "衣類", handling1: "ワレモノ注意", handling2: "" },
    ]);
  });

  it("lists 品名 and 荷扱い, a dash for none", async () => {
    renderSettings("/settings/item_categories");
    const table = await screen.findByRole("table", { name: "備考欄設定一覧" });
    const row = within(table).getByRole("row", { name: /衣類/ });
    expect(within(row).getByText("ワレモノ注意")).toBeInTheDocument();
    expect(within(row).getByText("—")).toBeInTheDocument();
  });

  it("shows why the brand's default cannot be deleted", async () => {
    renderSettings("/settings/item_categories", {
      "DELETE /api/item_categories/icat_01": () =>
        refusal(
          422,
          "item_category.in_use",
          "ブランドのデフォルトに設定されているため削除できません。先にデフォルトを変更してください。",
        ),
    });
    await deleteRefused("衣類", "備考欄設定を削除", "ブランドのデフォルトに設定されているため");
  });
});

describe("会社概要", () => {
  it("saves the profile as the API stores it and shows the stored values", async () => {
    const { sent } = renderSettings("/settings/companies", {
      "PUT /api/companies": () => ({ body: { ...completeCompanyBody(), phone: "03-5555-6666" } }),
    });
    const profile = await screen.findByRole("region", { name: "会社概要" });
    expect(within(profile).getByRole("textbox", { name: "郵便番号" })).toHaveValue("100-0001");
    fill(profile, "電話番号", "0355556666");
    click(within(profile).getByRole("button", { name: "保存する" }));

    expect(await screen.findByText("会社概要を保存しました。")).toBeInTheDocument();
    expect(sent("PUT /api/companies")).toEqual([
      {
        name: "株式会社送る商店",
        name_kana: "",
        postal_code: "1000001",
        prefecture: "東京都",
        city: "千代田区",
        address1: "千代田1-1",
        address2: "",
        phone: "03-5555-6666",
        contact_name: "",
        contact_email: "",
      },
    ]);
    await waitFor(() =>
      expect(within(profile).getByRole("textbox", { name: "電話番号" })).toHaveValue("03-5555-6666"),
    );
  });

  it("puts the API's field messages next to their fields", async () => {
    renderSettings("/settings/companies", {
      "PUT /api/companies": () =>
        refusal(400, "input.invalid", "入力内容に誤りがあります。", {
          address1: "都道府県・市区町村・町名番地の合計は全角32文字以内で入力してください",
        }),
    });
    const profile = await screen.findByRole("region", { name: "会社概要" });
    click(within(profile).getByRole("button", { name: "保存する" }));
    expect(
      await within(profile).findByText(
        "都道府県・市区町村・町名番地の合計は全角32文字以内で入力してください",
      ),
    ).toBeInTheDocument();
    expect(within(profile).getByRole("textbox", { name: "町名・番地" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });

  it("saves the brand name and the changed defaults, each through its own call", async () => {
    const { sent } = renderSettings("/settings/companies", {
      "PUT /api/brands": (body) => ({ body: brandBody(body as Record<string, unknown>) }),
      "PUT /api/brands/senders": () => ({
        body: brandBody({ name: "株式会社送る商店", default_sender_id: "snd_01" }),
      }),
    });
    const brand = await screen.findByRole("region", { name: "ブランド設定" });
    // A brand never saved starts from the company's name.
    expect(within(brand).getByRole("textbox", { name: "ブランド名" })).toHaveValue("株式会社送る商店");
    await choose(brand, "デフォルトの発送元", "送る商店 東京倉庫");
    click(within(brand).getByRole("button", { name: "保存する" }));

    expect(await screen.findByText("ブランド設定を保存しました。")).toBeInTheDocument();
    expect(sent("PUT /api/brands")).toEqual([{ name: "株式会社送る商店" }]);
    expect(sent("PUT /api/brands/senders")).toEqual([{ sender_id: "snd_01" }]);
    expect(sent("PUT /api/brands/item_categories")).toEqual([]);
  });

  it("keeps paper and layout valid and saves all three carriers' print settings", async () => {
    const { sent } = renderSettings("/settings/companies", {
      "PUT /api/brands/print_settings": (body) => ({ body: brandBody({ print_settings: body }) }),
    });
    const print = await screen.findByRole("region", { name: "印刷設定" });
    const sagawa = within(print).getByRole("group", { name: "佐川急便の印刷設定" });
    await choose(sagawa, "用紙", "ラベル用紙 100×150mm");
    expect(within(sagawa).getByRole("radio", { name: "1面" })).toBeChecked();
    expect(within(sagawa).getByRole("radio", { name: "2面" })).toBeDisabled();
    expect(within(sagawa).getByRole("radio", { name: "4面" })).toBeDisabled();

    const yamato = within(print).getByRole("group", { name: "ヤマト運輸の印刷設定" });
    fill(yamato, "横方向の補正", "1.5");
    click(within(print).getByRole("button", { name: "保存する" }));

    expect(await screen.findByText("印刷設定を保存しました。")).toBeInTheDocument();
    expect(sent("PUT /api/brands/print_settings")).toEqual([
      {
        japan_post: { paper: "a4", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 },
        sagawa: { paper: "label_100x150", layout: "1up", offset_x_mm: 0, offset_y_mm: 0 },
        yamato: { paper: "a4", layout: "2up", offset_x_mm: 1.5, offset_y_mm: 0 },
      },
    ]);
  });

  it("refuses an offset off the 0.5 mm grid before sending", async () => {
    const { sent } = renderSettings("/settings/companies");
    const print = await screen.findByRole("region", { name: "印刷設定" });
    const japanPost = within(print).getByRole("group", { name: "日本郵便の印刷設定" });
    fill(japanPost, "縦方向の補正", "0.3");
    click(within(print).getByRole("button", { name: "保存する" }));
    expect(
      await within(japanPost).findByText("縦方向の補正は0.5mm単位で入力してください"),
    ).toBeInTheDocument();
    expect(sent("PUT /api/brands/print_settings")).toEqual([]);
  });
});
