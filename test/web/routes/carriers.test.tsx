import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { configure, screen, waitFor, within } from "@testing-library/react";
import {
  accountBody,
  accountFormValues,
  rangeSize,
} from "../../../web/src/components/CarriersSettings/carrier-account-form";
import type { CarrierAccount } from "../../../web/src/lib/api";
import { camelizeKeys } from "../../../web/src/lib/case";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { click, fill, type } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { type FakeAnswer, type FakeRoutes, refusal, sentBodies, stubApi, type Wire } from "../fake-api";
import { carrierAccountBody, settingsRoutes, trackingRangeBody, userBody } from "../settings-api";

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

const list = (...items: Wire["CarrierAccount"][]) => ({ body: { items, next_cursor: null } });

/** 12-digit numbers typed the way a merchant might: full-width digits with hyphens. */
const fullWidth = (number: string) =>
  `${number.slice(0, 4)}－${number.slice(4, 8)}－${number.slice(8)}`.replace(/\d/g, (d) =>
    String.fromCharCode(d.charCodeAt(0) + 0xfee0),
  );

function renderCarriers(routes: FakeRoutes = {}) {
  const fetchMock = stubApi({ ...settingsRoutes(), ...routes });
  const rendered = renderRoute("/settings/carriers", { auth: createFakeAuth(verifiedUser) });
  const sent = (key: string) => sentBodies(fetchMock, key);
  return { ...rendered, fetchMock, sent };
}

const section = (name: string) => screen.findByRole("region", { name });

resetScreensAfterEach();

const lowAccount = carrierAccountBody({
  id: "car_02",
  name: "ヤマト運輸 大阪",
  is_default: false,
  customer_code_hint: "********0201",
  tracking_ranges: [trackingRangeBody(55_000_000_000, 1000, 900)],
});
const japanPostHandoff = carrierAccountBody({
  id: "car_03",
  carrier: "japan_post",
  name: "ゆうパック 本社",
  mode: "handoff",
  customer_code_hint: null,
  classification_code: null,
  freight_code: null,
  form_code: "1100780",
  posting_office: "",
  tracking_ranges: [],
});

describe("配送会社連携", () => {
  it("lists each carrier's accounts with the default, the code's last digits and a warning when numbers run low", async () => {
    renderCarriers({
      "GET /api/yamato": () => list(carrierAccountBody(), lowAccount),
      "GET /api/japan_post": () => list(japanPostHandoff),
    });
    expect(await screen.findByRole("tab", { name: "配送会社連携" })).toHaveAttribute("aria-selected", "true");
    // 日本郵便, 佐川急便, ヤマト運輸: the order of the spec.
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(["日本郵便", "佐川急便", "ヤマト運輸"]);

    const yamato = within(await section("ヤマト運輸")).getByRole("table", { name: "ヤマト運輸" });
    const main = within(yamato).getByRole("row", { name: /ヤマト運輸 京都主管/ });
    expect(within(main).getByText("デフォルト")).toBeInTheDocument();
    expect(within(main).getByText("ご請求先顧客コード ********6701")).toBeInTheDocument();
    expect(within(main).getByText("1,000件")).toBeInTheDocument();
    expect(within(main).queryByText(/残りの追跡番号が少なくなっています/)).not.toBeInTheDocument();

    const low = within(yamato).getByRole("row", { name: /ヤマト運輸 大阪/ });
    expect(within(low).queryByText("デフォルト")).not.toBeInTheDocument();
    expect(within(low).getByText("100件")).toBeInTheDocument();
    expect(
      within(low).getByText(
        "残りの追跡番号が少なくなっています。配送会社から新しい番号帯の割り当てを受けて登録してください。",
      ),
    ).toBeInTheDocument();

    const japanPost = within(await section("日本郵便")).getByRole("table", { name: "日本郵便" });
    const row = within(japanPost).getByRole("row", { name: /ゆうパック 本社/ });
    expect(within(row).getByText("配送会社のソフトで発行（CSVで連携）")).toBeInTheDocument();
    expect(within(row).getByText("お客様番号 未登録")).toBeInTheDocument();
    expect(within(row).getByText("—")).toBeInTheDocument();

    expect(
      within(await section("佐川急便")).getByText("佐川急便の契約情報が登録されていません"),
    ).toBeInTheDocument();
  });

  it("adds a self-printed Yamato account: the browser checks the range, the body is what the API stores", async () => {
    let yamato: Wire["CarrierAccount"][] = [];
    const answer = carrierAccountBody({ name: "ヤマト運輸 京都主管" });
    const { sent } = renderCarriers({
      "GET /api/yamato": () => list(...yamato),
      "POST /api/yamato": () => {
        yamato = [answer];
        return { status: 201, body: answer };
      },
    });
    click(
      await within(await section("ヤマト運輸")).findByRole("button", { name: "ヤマト運輸の契約情報を追加" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "ヤマト運輸の契約情報を追加" });
    // Self-printing is the first choice, with one empty range row ready (the form's code may still be coming).
    expect(await within(dialog).findByRole("radio", { name: /自社で送り状を印刷/ })).toBeChecked();
    // The name field has the focus, whether the form came with the dialog or after it opened.
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "表示名" })).toHaveFocus());
    expect(within(dialog).getByRole("checkbox", { name: "ヤマト運輸のデフォルトにする" })).toBeChecked();
    fill(dialog, "表示名", "ヤマト運輸 京都主管");
    type(within(dialog).getByRole("textbox", { name: /ご請求先顧客コード/ }), "０７５１２３４５６７－０１");
    const row = within(dialog).getByRole("group", { name: "番号帯 1" });
    const first = trackingNumberOf(44_441_375_000);
    const last = trackingNumberOf(44_441_375_999);
    fill(row, "開始番号", fullWidth(first));
    // A wrong check digit is caught before anything is sent.
    type(
      within(row).getByRole("textbox", { name: "終了番号" }),
      `${last.slice(0, 11)}${(Number(last[11]) + 1) % 10}`,
    );
    click(within(dialog).getByRole("button", { name: "追加する" }));
    expect(
      await within(row).findByText(
        "終了番号は12桁の正しい追跡番号（末尾がチェックデジット）を入力してください",
      ),
    ).toBeInTheDocument();
    expect(sent("POST /api/yamato")).toEqual([]);

    fill(row, "終了番号", last);
    expect(within(row).getByText("1,000件の番号を登録します")).toBeInTheDocument();
    click(within(dialog).getByRole("button", { name: "追加する" }));

    expect(await screen.findByText("契約情報を追加しました。")).toBeInTheDocument();
    expect(sent("POST /api/yamato")).toEqual([
      {
        name: "ヤマト運輸 京都主管",
        mode: "self_printed",
        is_default: true,
        customer_code: "075123456701",
        classification_code: "",
        freight_code: "01",
        tracking_ranges: [{ first, last }],
      },
    ]);
    const table = await within(await section("ヤマト運輸")).findByRole("table", { name: "ヤマト運輸" });
    expect(within(table).getByText("1,000件")).toBeInTheDocument();
  });

  it("asks for ご請求先顧客コード under its field when a new Yamato account leaves it empty, sending nothing", async () => {
    const { sent } = renderCarriers();
    click(
      await within(await section("ヤマト運輸")).findByRole("button", { name: "ヤマト運輸の契約情報を追加" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "ヤマト運輸の契約情報を追加" });
    fill(dialog, "表示名", "ヤマト運輸 京都主管");
    const row = within(dialog).getByRole("group", { name: "番号帯 1" });
    fill(row, "開始番号", trackingNumberOf(44_441_375_000));
    fill(row, "終了番号", trackingNumberOf(44_441_375_999));
    click(within(dialog).getByRole("button", { name: "追加する" }));

    expect(await within(dialog).findByText("ご請求先顧客コードを入力してください")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /ご請求先顧客コード/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(sent("POST /api/yamato")).toEqual([]);
  });

  it("puts the API's field errors on the range row and the field they name, keeping the stored code when left empty", async () => {
    const registered = trackingRangeBody(44_441_375_000, 1000, 3, "rng_01");
    let answer: FakeAnswer<Wire["CarrierAccount"]> = refusal(
      400,
      "input.invalid",
      "入力内容に誤りがあります。",
      { "tracking_ranges.1.first": "この番号帯は登録済みのヤマト運輸の番号帯と重なっています" },
    );
    const { sent } = renderCarriers({
      "GET /api/yamato": () => list(carrierAccountBody({ tracking_ranges: [registered] })),
      "PUT /api/yamato/car_01": () => answer,
    });
    click(await screen.findByRole("button", { name: "ヤマト運輸 京都主管を編集" }));
    const dialog = await screen.findByRole("dialog", { name: "ヤマト運輸の契約情報を編集" });
    const code = within(dialog).getByRole("textbox", { name: /ご請求先顧客コード/ });
    expect(code).toHaveValue("");
    expect(code).toHaveAttribute("placeholder", "********6701");
    // The registered range is shown with what is left of it, and cannot be removed once used.
    const one = within(dialog).getByRole("group", { name: "番号帯 1" });
    expect(within(one).getByRole("textbox", { name: "開始番号" })).toHaveAttribute("readonly");
    expect(within(one).getByText(/残り 997件・使用済み 3件/)).toBeInTheDocument();
    expect(within(one).queryByRole("button", { name: "番号帯 1を削除" })).not.toBeInTheDocument();

    click(within(dialog).getByRole("button", { name: "番号帯を追加" }));
    const two = within(dialog).getByRole("group", { name: "番号帯 2" });
    const added = { first: trackingNumberOf(44_441_375_500), last: trackingNumberOf(44_441_376_499) };
    fill(two, "開始番号", added.first);
    fill(two, "終了番号", added.last);
    click(within(dialog).getByRole("button", { name: "保存する" }));

    expect(
      await within(two).findByText("この番号帯は登録済みのヤマト運輸の番号帯と重なっています"),
    ).toBeInTheDocument();
    expect(within(two).getByRole("textbox", { name: "開始番号" })).toHaveAttribute("aria-invalid", "true");
    expect(within(one).queryByText(/重なっています/)).not.toBeInTheDocument();
    const [body] = sent("PUT /api/yamato/car_01");
    expect(body.tracking_ranges).toEqual([
      { id: "rng_01", first: registered.first, last: registered.last },
      added,
    ]);
    expect(body).not.toHaveProperty("customer_code");

    // A message for the whole list goes under the ranges; one for the code under its field.
    answer = refusal(400, "input.invalid", "入力内容に誤りがあります。", {
      tracking_ranges: "使用済みの番号がある番号帯（444413750001〜）は削除できません",
      customer_code: "ご請求先顧客コードは12桁の数字で入力してください",
    });
    // The first save's answer has settled only once the button is usable again; a click before that is lost.
    const save = within(dialog).getByRole("button", { name: "保存する" });
    await waitFor(() => expect(save).toBeEnabled());
    click(save);
    expect(
      await within(dialog).findByText("使用済みの番号がある番号帯（444413750001〜）は削除できません"),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("ご請求先顧客コードは12桁の数字で入力してください")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
  });

  it("adds a Japan Post account handing off to ゆうプリR: no ranges asked, the form code from the list", async () => {
    const { sent } = renderCarriers({
      "POST /api/japan_post": () => ({ status: 201, body: japanPostHandoff }),
    });
    click(await within(await section("日本郵便")).findByRole("button", { name: "日本郵便の契約情報を追加" }));
    const dialog = await screen.findByRole("dialog", { name: "日本郵便の契約情報を追加" });
    fill(dialog, "表示名", "ゆうパック 本社");
    click(within(dialog).getByRole("radio", { name: /配送会社のソフトで発行/ }));
    expect(within(dialog).queryByRole("group", { name: "番号帯 1" })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/ゆうプリRで取り込めるCSV/)).toBeInTheDocument();
    // The known codes are named under the field; one typed freely is taken as it is.
    const formCode = within(dialog).getByRole("combobox", { name: "送り状種別" });
    expect(formCode).toHaveValue("1100780");
    expect(formCode).toHaveAccessibleDescription("ゆうパックシート（A4・2宛分）");
    type(formCode, "1100785");
    expect(formCode).toHaveAccessibleDescription("ゆうパックシート（A5）");
    click(within(dialog).getByRole("button", { name: "追加する" }));

    expect(await screen.findByText("契約情報を追加しました。")).toBeInTheDocument();
    expect(sent("POST /api/japan_post")).toEqual([
      {
        name: "ゆうパック 本社",
        mode: "handoff",
        is_default: true,
        form_code: "1100785",
        posting_office: "",
        tracking_ranges: [],
      },
    ]);
  });

  it("shows why the default account cannot be deleted while others remain", async () => {
    renderCarriers({
      "GET /api/yamato": () => list(carrierAccountBody(), lowAccount),
      "DELETE /api/yamato/car_01": () =>
        refusal(
          422,
          "carrier_account.in_use",
          "デフォルトの契約情報は削除できません。先に別の契約情報をデフォルトにしてください。",
        ),
    });
    click(await screen.findByRole("button", { name: "ヤマト運輸 京都主管を削除" }));
    const dialog = await screen.findByRole("dialog", { name: "ヤマト運輸の契約情報を削除" });
    click(within(dialog).getByRole("button", { name: "削除する" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "デフォルトの契約情報は削除できません。先に別の契約情報をデフォルトにしてください。",
    );
  });

  it("shows a member the accounts without add, edit or delete", async () => {
    renderCarriers({
      "GET /api/users/me": () => ({ body: userBody({ id: "usr_02", name: "佐藤 花子", role: "member" }) }),
      "GET /api/yamato": () => list(carrierAccountBody()),
    });
    const yamato = await section("ヤマト運輸");
    expect(await within(yamato).findByText("ヤマト運輸 京都主管")).toBeInTheDocument();
    expect(screen.getByText("設定の変更は管理者のみが行えます。")).toBeInTheDocument();
    expect(screen.getByText("佐川急便の契約情報が登録されていません")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /の契約情報を追加$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /を編集$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /を削除$/ })).not.toBeInTheDocument();
  });
});

describe("the carrier account form's body", () => {
  const account = camelizeKeys<CarrierAccount>(
    carrierAccountBody({ tracking_ranges: [trackingRangeBody(44_441_375_000, 1000, 0, "rng_01")] }),
  );

  it("sends registered ranges back with their id and new ones without, only the carrier's own fields", () => {
    const values = accountFormValues(account, { firstOfCarrier: false });
    values.tracking_ranges.push({ key: "new-x", first: "1", last: "2" });
    expect(accountBody("sagawa", values)).toEqual({
      name: "ヤマト運輸 京都主管",
      mode: "self_printed",
      is_default: true,
      customer_code: "",
      tracking_ranges: [
        { id: "rng_01", first: account.trackingRanges[0]?.first, last: account.trackingRanges[0]?.last },
        { first: "1", last: "2" },
      ],
    });
  });

  it("keeps the registered ranges but drops new rows of an account handing off", () => {
    const values = { ...accountFormValues(account, { firstOfCarrier: false }), mode: "handoff" as const };
    values.tracking_ranges = [...values.tracking_ranges, { key: "new-y", first: "1", last: "2" }];
    expect(accountBody("yamato", values).tracking_ranges).toEqual([
      { id: "rng_01", first: account.trackingRanges[0]?.first, last: account.trackingRanges[0]?.last },
    ]);
  });

  it("counts a typed range only once both ends are valid and in order", () => {
    const first = trackingNumberOf(10_000_000_000);
    const last = trackingNumberOf(10_000_000_099);
    expect(rangeSize({ first, last })).toBe(100);
    expect(rangeSize({ first: last, last: first })).toBeNull();
    expect(rangeSize({ first, last: "" })).toBeNull();
  });
});
