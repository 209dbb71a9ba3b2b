import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { fill, type } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, stubApi, type Wire } from "../fake-api";
import { carrierAccountBody, shopBody, userBody } from "../settings-api";

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

const carriersStepHint = "配送会社の契約情報を1件以上登録すると、初期設定を完了できます。";

/**
 * A small stand-in for the API's setup rules: one step forward at a time, and
 * leaving 基本情報 needs a saved profile (422 otherwise).
 */
function wizardApi(
  start: SetupStatus,
  options: {
    refuse?: { code: string; message: string };
    shops?: Wire["Shop"][];
    /** Yamato accounts; one is registered unless a test says otherwise. */
    yamato?: Wire["CarrierAccount"][];
  } = {},
) {
  const order: SetupStatus[] = ["register", "basic_information", "stores", "carriers", "done"];
  let company: Wire["Company"] = companyBody(start, "テスト商店");
  let yamato = options.yamato ?? [carrierAccountBody()];
  const calls: string[] = [];
  const fetchMock = stubApi({
    "GET /api/companies": () => ({ body: company }),
    "GET /api/users/me": () => ({ body: userBody() }),
    // ストア連携 lists the shops; one is connected unless a test says otherwise.
    "GET /api/shops": () => ({ body: { items: options.shops ?? [shopBody()], next_cursor: null } }),
    // 配送情報 lists every carrier's accounts.
    "GET /api/japan_post": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/sagawa": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/yamato": () => ({ body: { items: yamato, next_cursor: null } }),
    "POST /api/yamato": (body) => {
      calls.push(`POST /yamato ${body.mode}`);
      const created = carrierAccountBody({
        name: body.name,
        mode: body.mode,
        tracking_ranges: [],
        customer_code_hint: "********6701",
      });
      yamato = [...yamato, created];
      return { status: 201, body: created };
    },
    "PUT /api/companies": (body) => {
      calls.push("PUT /companies");
      company = { ...company, ...body };
      return { body: company };
    },
    "PUT /api/companies/setup_status": (body) => {
      const next = body.setup_status;
      calls.push(`PUT /companies/setup_status ${next}`);
      if (options.refuse) return { status: 422, body: options.refuse };
      if (next === "done" && yamato.length === 0)
        return {
          status: 422,
          body: {
            code: "company.setup_prerequisite",
            message: "配送会社の契約情報を1件以上登録してください（日本郵便・佐川急便・ヤマト運輸）。",
          },
        };
      if (order.indexOf(next) !== order.indexOf(company.setup_status) + 1) {
        return {
          status: 422,
          body: { code: "company.setup_status_order", message: "初期設定は順番に進めてください。" },
        };
      }
      company = { ...company, setup_status: next };
      return { body: company };
    },
    "GET /api/geocoding": () => ({
      body: {
        postal_code: "1000001",
        display: "100-0001",
        addresses: [
          {
            postal_code: "1000001",
            prefecture: "東京都",
            prefecture_code: "13",
            city: "千代田区",
            city_code: "13101",
            town: "千代田",
            office: "",
          },
        ],
      },
    }),
  });
  return { fetchMock, calls, company: () => company };
}

resetScreensAfterEach();

describe("setup wizard: 基本情報", () => {
  it("saves the company profile, moves setup to ストア連携 and shows it", async () => {
    const api = wizardApi("basic_information");
    const { router, queryClient } = renderRoute("/setup/basic_information", {
      auth: createFakeAuth(verifiedUser),
    });

    const name = await screen.findByRole("textbox", { name: "会社名" });
    expect(name).toHaveValue("テスト商店");
    type(screen.getByRole("textbox", { name: "郵便番号" }), "1000001");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "市区町村" })).toHaveValue("千代田区"));
    type(screen.getByRole("textbox", { name: "町名・番地" }), "千代田1-1");
    type(screen.getByRole("textbox", { name: "電話番号" }), "03-1234-5678");
    fireEvent.click(screen.getByRole("button", { name: "保存して次へ" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/stores"));
    expect(await screen.findByRole("heading", { name: "ストア連携" })).toBeInTheDocument();
    expect(api.calls).toEqual(["PUT /companies", "PUT /companies/setup_status stores"]);
    expect(api.company()).toMatchObject({ postal_code: "1000001", city: "千代田区", address1: "千代田1-1" });
    // The cached company already carries the new step: the guard let the navigation through.
    expect(queryClient.getQueryData(["companies"])).toMatchObject({ setupStatus: "stores" });
    // Shown as soon as the toasts' container has come (it is fetched after the first screen).
    expect(await screen.findByText("基本情報を保存しました。")).toBeInTheDocument();
  });

  it("checks the form before sending anything", async () => {
    const api = wizardApi("basic_information");
    const { router } = renderRoute("/setup/basic_information", { auth: createFakeAuth(verifiedUser) });
    fireEvent.click(await screen.findByRole("button", { name: "保存して次へ" }));

    expect(await screen.findByText("郵便番号を入力してください")).toBeInTheDocument();
    expect(screen.getByText("電話番号を入力してください")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    expect(router.state.location.pathname).toBe("/setup/basic_information");
  });

  it("shows the API's reason when setup may not move on, and stays", async () => {
    const api = wizardApi("basic_information", {
      refuse: {
        code: "company.setup_prerequisite",
        message: "基本情報（会社名・住所・電話番号）を登録してください。",
      },
    });
    const { router } = renderRoute("/setup/basic_information", { auth: createFakeAuth(verifiedUser) });
    await screen.findByRole("textbox", { name: "会社名" });
    type(screen.getByRole("textbox", { name: "郵便番号" }), "1000001");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "市区町村" })).toHaveValue("千代田区"));
    type(screen.getByRole("textbox", { name: "電話番号" }), "03-1234-5678");
    fireEvent.click(screen.getByRole("button", { name: "保存して次へ" }));

    expect(
      await screen.findByText("基本情報（会社名・住所・電話番号）を登録してください。"),
    ).toBeInTheDocument();
    expect(api.calls).toEqual(["PUT /companies", "PUT /companies/setup_status stores"]);
    expect(router.state.location.pathname).toBe("/setup/basic_information");
  });
});

describe("setup wizard: ストア連携 and 配送情報", () => {
  it("lists the connected shops and moves on to 配送情報 with 「次へ」", async () => {
    const api = wizardApi("stores");
    const { router } = renderRoute("/setup/stores", { auth: createFakeAuth(verifiedUser) });
    expect(await screen.findByRole("table", { name: "接続中のストア" })).toBeInTheDocument();
    expect(screen.getByText("送る商店")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Shopifyと接続" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ecforceと接続" })).toBeInTheDocument();

    // The wizard's frame stays as the step changes: its stepper marks the step just done.
    const stepper = screen.getByLabelText("初期設定の手順");
    fireEvent.click(screen.getByRole("button", { name: "次へ" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/carriers"));
    expect(await screen.findByRole("heading", { name: "配送情報" })).toBeInTheDocument();
    expect(api.calls).toEqual(["PUT /companies/setup_status carriers"]);
    expect(screen.getByLabelText("初期設定の手順")).toBe(stepper);
    await waitFor(() => expect(within(stepper).getAllByText("✓")).toHaveLength(3));
  });

  it("lists the carriers' accounts, finishes setup and lands on the order list with a toast", async () => {
    const api = wizardApi("carriers");
    const { router } = renderRoute("/setup/carriers", { auth: createFakeAuth(verifiedUser) });
    const steps = await screen.findByLabelText("初期設定の手順");
    expect(within(steps).getAllByText("✓")).toHaveLength(3);
    for (const carrier of ["日本郵便", "佐川急便", "ヤマト運輸"]) {
      expect(await screen.findByRole("region", { name: carrier })).toBeInTheDocument();
    }
    const yamato = screen.getByRole("table", { name: "ヤマト運輸" });
    expect(within(yamato).getByText("ヤマト運輸 京都主管")).toBeInTheDocument();
    expect(screen.queryByText(carriersStepHint)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "初期設定を完了する" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toEqual({ tab_key: "notShipped" });
    expect(await screen.findByText("初期設定が完了しました。")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "注文リスト" })).toBeInTheDocument();
    expect(api.calls).toEqual(["PUT /companies/setup_status done"]);
  });

  it("keeps 「初期設定を完了する」 disabled until a carrier account is registered in the step", async () => {
    const api = wizardApi("carriers", { yamato: [] });
    const { router } = renderRoute("/setup/carriers", { auth: createFakeAuth(verifiedUser) });
    const done = await screen.findByRole("button", { name: "初期設定を完了する" });
    expect(done).toBeDisabled();
    expect(screen.getByText(carriersStepHint)).toBeInTheDocument();

    const section = screen.getByRole("region", { name: "ヤマト運輸" });
    fireEvent.click(within(section).getByRole("button", { name: "ヤマト運輸の契約情報を追加" }));
    const dialog = await screen.findByRole("dialog", { name: "ヤマト運輸の契約情報を追加" });
    // The form's code may still be on its way (it is fetched when the browser is idle).
    await within(dialog).findByRole("textbox", { name: "表示名" });
    fill(dialog, "表示名", "ヤマト運輸（B2クラウド）");
    type(within(dialog).getByRole("textbox", { name: /ご請求先顧客コード/ }), "075123456701");
    fireEvent.click(within(dialog).getByRole("radio", { name: /配送会社のソフトで発行/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "追加する" }));

    await waitFor(() => expect(screen.getByRole("button", { name: "初期設定を完了する" })).toBeEnabled());
    expect(within(section).getByText("ヤマト運輸（B2クラウド）")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "初期設定を完了する" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(api.calls).toEqual(["POST /yamato handoff", "PUT /companies/setup_status done"]);
  });

  it("shows the API's refusal on the way forward", async () => {
    wizardApi("stores", {
      refuse: { code: "company.setup_prerequisite", message: "ストアを1つ以上連携してください。" },
    });
    const { router } = renderRoute("/setup/stores", { auth: createFakeAuth(verifiedUser) });
    fireEvent.click(await screen.findByRole("button", { name: "次へ" }));
    expect(await screen.findByText("ストアを1つ以上連携してください。")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/setup/stores");
  });
});
