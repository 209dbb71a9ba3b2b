import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { configure, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { click, type } from "../../support/web-actions";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, type FakeRoutes, refusal, sentBodies, stubApi, type Wire } from "../fake-api";
import { settingsRoutes, shopBody, userBody } from "../settings-api";

// Whole routes render here (router, loaders, Mantine); on a busy machine 1 s per wait is too tight.
configure({ asyncUtilTimeout: 5000 });

const returnQuery =
  "code=c0de&hmac=0123abcd&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvb2t1cnU&shop=okuru-demo.myshopify.com&state=st4te&timestamp=1735689600";
const returnParams = {
  code: "c0de",
  hmac: "0123abcd",
  host: "YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvb2t1cnU",
  shop: "okuru-demo.myshopify.com",
  state: "st4te",
  timestamp: "1735689600",
};

const shopList = (...items: Wire["Shop"][]) => ({ body: { items, next_cursor: null } });

const runningShop = shopBody({
  id: "shop_01",
  name: "送る商店",
  sync: {
    status: "running",
    seen: 120,
    imported: 45,
    expected: 300,
    method: "bulk",
    remaining_seconds: 40,
    started_at: "2025-04-01T09:00:00.000Z",
    last_success_at: null,
    last_error: null,
  },
});
const failingEcforce = shopBody({
  id: "shop_02",
  platform: "ecforce",
  name: "送る商店 ecforce店",
  domain: "okuru.ec-force.com",
  sync: {
    status: "idle",
    seen: 3,
    imported: 0,
    expected: null,
    method: "paged",
    remaining_seconds: null,
    started_at: "2025-04-01T09:00:00.000Z",
    last_success_at: "2025-04-01T09:05:00.000Z",
    last_error: "ecforceのAPIトークンが無効です。",
  },
});
const disconnected = shopBody({
  id: "shop_03",
  name: "旧ストア",
  domain: "old-shop.myshopify.com",
  status: "inactive",
});

function renderStores(path: string, routes: FakeRoutes = {}) {
  const fetchMock = stubApi({ ...settingsRoutes(), "GET /api/shops": () => shopList(), ...routes });
  const rendered = renderRoute(path, { auth: createFakeAuth(verifiedUser) });
  const sent = (key: string) => sentBodies(fetchMock, key, { queryWhenBodiless: true });
  return { ...rendered, fetchMock, sent };
}

resetScreensAfterEach({ restoreMocks: true });

describe("ストア管理", () => {
  it("is the third settings tab", async () => {
    renderStores("/settings/stores");
    await screen.findByRole("region", { name: "接続中のストア" });
    // The whole order is the settings test's; here, that ストア管理 is third and selected.
    const third = screen.getAllByRole("tab")[2];
    expect(third).toHaveTextContent("ストア管理");
    expect(third).toHaveAttribute("aria-selected", "true");
  });

  it("says so when no shop is connected", async () => {
    renderStores("/settings/stores");
    expect(await screen.findByText("接続しているストアはありません")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Shopifyと接続" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ecforceと接続" })).toBeInTheDocument();
  });

  it("lists shops with platform, status and sync state", async () => {
    renderStores("/settings/stores", {
      "GET /api/shops": () => shopList(runningShop, failingEcforce, disconnected),
    });
    const table = await screen.findByRole("table", { name: "接続中のストア" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);

    const [running, ecforce, inactive] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(running).getByText("Shopify")).toBeInTheDocument();
    expect(within(running).getByText("送る商店")).toBeInTheDocument();
    expect(within(running).getByText("okuru-demo.myshopify.com")).toBeInTheDocument();
    expect(within(running).getByText("有効")).toBeInTheDocument();
    expect(within(running).getByText("同期中")).toBeInTheDocument();
    expect(within(running).getByText("確認 120件・取り込み 45件")).toBeInTheDocument();
    expect(within(running).getByRole("button", { name: "送る商店を今すぐ同期" })).toBeDisabled();

    expect(within(ecforce).getByText("ecforce")).toBeInTheDocument();
    // 09:05 UTC is 18:05 in Japan.
    expect(within(ecforce).getByText("最終同期 2025/04/01 18:05")).toBeInTheDocument();
    expect(within(ecforce).getByText("ecforceのAPIトークンが無効です。")).toBeInTheDocument();

    expect(within(inactive).getByText("無効")).toBeInTheDocument();
    expect(within(inactive).queryByRole("button")).not.toBeInTheDocument();
  });

  it("reads the list again while a sync runs, until it ends", async () => {
    let calls = 0;
    const idle = shopBody({ id: "shop_01", name: "送る商店" });
    renderStores("/settings/stores", {
      "GET /api/shops": () => {
        calls += 1;
        return shopList(calls === 1 ? runningShop : idle);
      },
    });
    expect(await screen.findByText("同期中")).toBeInTheDocument();
    expect(await screen.findByText("最終同期 2025/04/01 18:05")).toBeInTheDocument();
    expect(screen.queryByText("同期中")).not.toBeInTheDocument();
  });

  it("starts a sync of one shop with 今すぐ同期", async () => {
    let running = false;
    const { sent } = renderStores("/settings/stores", {
      "GET /api/shops": () => shopList(running ? runningShop : shopBody()),
      "POST /api/orders/sync": () => {
        running = true;
        return { status: 202, body: { enqueued: 1, failed: 0 } };
      },
    });
    click(await screen.findByRole("button", { name: "送る商店を今すぐ同期" }));
    expect(await screen.findByText("送る商店 の注文の同期を開始しました。")).toBeInTheDocument();
    expect(await screen.findByText("同期中")).toBeInTheDocument();
    expect(sent("POST /api/orders/sync")).toEqual([{ shop_id: "shop_01" }]);
  });

  it("connects Shopify: sends the URL with where it started, then goes to Shopify", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { sent } = renderStores("/settings/stores", {
      "POST /api/shops/shopify": () => ({
        body: { authorization_url: "https://okuru-demo.myshopify.com/admin/oauth/authorize?client_id=x" },
      }),
    });
    type(await screen.findByRole("textbox", { name: "ストアのURL" }), " okuru-demo.myshopify.com ");
    expect(screen.getByRole("textbox", { name: "ストアのURL" })).toHaveAttribute(
      "placeholder",
      "example.myshopify.com",
    );
    click(screen.getByRole("button", { name: "Shopifyと接続" }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        "https://okuru-demo.myshopify.com/admin/oauth/authorize?client_id=x",
      ),
    );
    expect(sent("POST /api/shops/shopify")).toEqual([{ shop: "okuru-demo.myshopify.com", from: "settings" }]);
  });

  it("puts the API's message about the Shopify URL next to the field", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderStores("/settings/stores", {
      "POST /api/shops/shopify": () =>
        refusal(400, "validation.failed", "入力内容をご確認ください。", {
          shop: "ShopifyストアのURLを確認してください。",
        }),
    });
    type(await screen.findByRole("textbox", { name: "ストアのURL" }), "not a shop");
    click(screen.getByRole("button", { name: "Shopifyと接続" }));
    expect(await screen.findByText("ShopifyストアのURLを確認してください。")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "ストアのURL" })).toHaveAttribute("aria-invalid", "true");
    expect(assign).not.toHaveBeenCalled();
  });

  it("connects ecforce, and shows a wrong token next to APIトークン", async () => {
    let tries = 0;
    const { sent } = renderStores("/settings/stores", {
      "POST /api/shops/ecforce": (body) => {
        tries += 1;
        if (tries === 1) {
          return refusal(400, "shop.ecforce_unauthorized", "ecforceに接続できませんでした。", {
            api_token: "APIトークンが正しくありません。",
          });
        }
        return {
          status: 201,
          body: shopBody({ id: "shop_02", platform: "ecforce", name: body.name ?? "okuru.ec-force.com" }),
        };
      },
    });
    type(await screen.findByRole("textbox", { name: "ショップのURL" }), "https://okuru.ec-force.com");
    const token = screen.getByLabelText(/APIトークン/, { selector: "input" });
    type(token, "wrong-token");
    click(screen.getByRole("button", { name: "ecforceと接続" }));

    expect(await screen.findByText("APIトークンが正しくありません。")).toBeInTheDocument();
    expect(token).toHaveAccessibleDescription(/APIトークンが正しくありません。/);
    expect(screen.getByRole("textbox", { name: "ショップのURL" })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );

    type(token, "right-token");
    type(screen.getByRole("textbox", { name: "表示名" }), "送る商店 ecforce店");
    click(screen.getByRole("button", { name: "ecforceと接続" }));
    expect(
      await screen.findByText("送る商店 ecforce店 と接続しました。注文の取り込みを始めました。"),
    ).toBeInTheDocument();
    expect(sent("POST /api/shops/ecforce")).toEqual([
      { base_url: "https://okuru.ec-force.com", api_token: "wrong-token" },
      { base_url: "https://okuru.ec-force.com", api_token: "right-token", name: "送る商店 ecforce店" },
    ]);
  });

  it("saves a shop's settings through its platform's endpoint", async () => {
    const { sent } = renderStores("/settings/stores", {
      "GET /api/shops": () => shopList(failingEcforce),
      "PUT /api/shops/ecforce": (body) => ({
        body: { ...failingEcforce, name: body.name ?? failingEcforce.name },
      }),
    });
    click(await screen.findByRole("button", { name: "送る商店 ecforce店の設定" }));
    const dialog = await screen.findByRole("dialog", { name: "ストアの設定" });
    const days = within(dialog).getByRole("textbox", { name: "取り込み期間（日）" });
    expect(days).toHaveValue("30");
    type(days, "14");
    click(within(dialog).getByRole("checkbox", { name: /発送済みの注文も取り込む/ }));
    click(within(dialog).getByRole("radio", { name: "送らない" }));
    click(within(dialog).getByRole("button", { name: "保存する" }));

    expect(await screen.findByText("ストアの設定を保存しました。")).toBeInTheDocument();
    expect(sent("PUT /api/shops/ecforce")).toEqual([
      {
        shop_id: "shop_02",
        name: "送る商店 ecforce店",
        import_days: 14,
        include_fulfilled: true,
        tracking_upload: "none",
      },
    ]);
  });

  it("disconnects after saying the orders stay", async () => {
    let shops = [shopBody()];
    const { sent } = renderStores("/settings/stores", {
      "GET /api/shops": () => shopList(...shops),
      "DELETE /api/shops/shopify": () => {
        const shop = { ...shopBody(), status: "inactive" as const };
        shops = [shop];
        return { body: { shop } };
      },
    });
    click(await screen.findByRole("button", { name: "送る商店の接続を解除" }));
    const dialog = await screen.findByRole("dialog", { name: "ストアの接続を解除" });
    expect(within(dialog).getByText(/取り込み済みの注文はそのまま残ります/)).toBeInTheDocument();
    click(within(dialog).getByRole("button", { name: "接続を解除する" }));

    expect(await screen.findByText("ストアの接続を解除しました。")).toBeInTheDocument();
    expect(await screen.findByText("無効")).toBeInTheDocument();
    expect(sent("DELETE /api/shops/shopify")).toEqual(["?shop_id=shop_01"]);
  });

  it("shows a member the list without any button or connect form", async () => {
    renderStores("/settings/stores", {
      "GET /api/users/me": () => ({ body: userBody({ id: "usr_02", name: "佐藤 花子", role: "member" }) }),
      "GET /api/shops": () => shopList(runningShop, failingEcforce),
    });
    await screen.findByRole("table", { name: "接続中のストア" });
    expect(screen.getByText("設定の変更は管理者のみが行えます。")).toBeInTheDocument();
    expect(screen.getByText("送る商店 ecforce店")).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: /今すぐ同期|設定$|接続を解除|と接続/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "ストアのURL" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "ショップのURL" })).not.toBeInTheDocument();
  });
});

describe("the Shopify authorisation return", () => {
  it("after setup, sends the whole query once and says the shop is connected", async () => {
    const { sent, router } = renderStores(`/settings/stores/shopify/completed?${returnQuery}`, {
      "POST /api/shops/shopify/verify_request": () => ({ body: shopBody() }),
    });
    expect(
      await screen.findByText("送る商店 と接続しました。注文の取り込みを始めました。"),
    ).toBeInTheDocument();
    expect(sent("POST /api/shops/shopify/verify_request")).toEqual([returnParams]);
    expect(router.state.location.pathname).toBe("/settings/stores/shopify/completed");
    // The query stays as Shopify sent it (a re-serialised timestamp would come back quoted).
    expect(router.state.location.searchStr).toBe(`?${returnQuery}`);
    expect(screen.getByRole("tab", { name: "ストア管理" })).toHaveAttribute("aria-selected", "true");

    click(screen.getByRole("link", { name: "ストア管理に戻る" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/stores"));
  });

  it("shows a spinner while the connection is made", async () => {
    const fetchMock = stubApi({
      ...settingsRoutes(),
      "POST /api/shops/shopify/verify_request": () => undefined,
    });
    // A verification that never answers keeps the spinner up.
    const pending = new Promise<Response>(() => {});
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((path, init) =>
      path.includes("verify_request") ? pending : answer(path, init),
    );
    renderRoute(`/settings/stores/shopify/completed?${returnQuery}`, { auth: createFakeAuth(verifiedUser) });
    expect(await screen.findByText("Shopifyストアと接続しています…")).toBeInTheDocument();
  });

  it("shows the API's refusal with a way back to try again", async () => {
    const { router } = renderStores(`/settings/stores/shopify/completed?${returnQuery}`, {
      "POST /api/shops/shopify/verify_request": () =>
        refusal(400, "shopify.state_reused", "この接続リクエストは使用済みです。もう一度接続してください。"),
    });
    expect(
      await screen.findByText("この接続リクエストは使用済みです。もう一度接続してください。"),
    ).toBeInTheDocument();
    click(screen.getByRole("link", { name: "ストア管理からやり直す" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings/stores"));
  });

  it("during setup, connects in the wizard and lets the merchant go on", async () => {
    const { sent } = renderStores(`/setup/stores/shopify/completed?${returnQuery}`, {
      "GET /api/companies": () => ({ body: companyBody("stores") }),
      "POST /api/shops/shopify/verify_request": () => ({ body: shopBody() }),
    });
    expect(
      await screen.findByText("送る商店 と接続しました。注文の取り込みを始めました。"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("初期設定の手順")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ストア連携に戻る" })).toHaveAttribute("href", "/setup/stores");
    expect(screen.getByRole("button", { name: "次へ" })).toBeEnabled();
    expect(sent("POST /api/shops/shopify/verify_request")).toEqual([returnParams]);
  });
});

describe("setup wizard: ストア連携", () => {
  function wizard(shops: Wire["Shop"][]) {
    let status: SetupStatus = "stores";
    return renderStores("/setup/stores", {
      "GET /api/companies": () => ({ body: companyBody(status) }),
      "GET /api/shops": () => shopList(...shops),
      "PUT /api/companies/setup_status": (body) => {
        status = body.setup_status;
        return { body: companyBody(status) };
      },
    });
  }

  it("keeps 次へ disabled, with a hint, until a shop is connected", async () => {
    wizard([disconnected]);
    expect(await screen.findByRole("button", { name: "Shopifyと接続" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "次へ" })).toBeDisabled();
    expect(screen.getByText("ストアを1つ以上接続すると、次へ進めます。")).toBeInTheDocument();
  });

  it("starts the Shopify connection from setup", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { sent } = renderStores("/setup/stores", {
      "GET /api/companies": () => ({ body: companyBody("stores") }),
      "POST /api/shops/shopify": () => ({ body: { authorization_url: "https://example.test/authorize" } }),
    });
    type(await screen.findByRole("textbox", { name: "ストアのURL" }), "okuru-demo");
    click(screen.getByRole("button", { name: "Shopifyと接続" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://example.test/authorize"));
    expect(sent("POST /api/shops/shopify")).toEqual([{ shop: "okuru-demo", from: "setup" }]);
  });

  it("enables 次へ with one active shop and moves on to 配送情報", async () => {
    const { router } = wizard([shopBody()]);
    const next = await screen.findByRole("button", { name: "次へ" });
    expect(next).toBeEnabled();
    expect(screen.getByText("送る商店")).toBeInTheDocument();
    click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/carriers"));
  });
});
