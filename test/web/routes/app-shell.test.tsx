import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { renderSignedIn } from "../../support/web-auth";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, emptyOrderRoutes, stubApi } from "../fake-api";
import { settingsRoutes, userBody } from "../settings-api";

resetScreensAfterEach();

describe("auth redirects through the router", () => {
  it("sends a signed-out visitor to /login", async () => {
    const { router } = renderRoute("/settings/companies");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByRole("heading", { name: "ログイン" })).toBeInTheDocument();
  });

  it("sends a user with an unverified email to /email_verification", async () => {
    const auth = createFakeAuth({ ...verifiedUser, emailVerified: false });
    const { router } = renderRoute("/orders", { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
    expect(await screen.findByRole("button", { name: "確認コードを送信" })).toBeInTheDocument();
  });

  it("sends an unfinished company to its setup step with a warning", async () => {
    const { router } = renderSignedIn("/orders?tab_key=notShipped", "stores");

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/stores"));
    expect(await screen.findByText("初期設定を完了させてください")).toBeInTheDocument();
  });

  it("sends / to the order list when setup is done", async () => {
    const { router } = renderSignedIn("/", "done");
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toEqual({ tab_key: "notShipped" });
  });
});

describe("setup wizard", () => {
  it("marks done steps ✓, the current one ● and shows the four steps and a logout button", async () => {
    stubApi({
      "GET /api/companies": () => ({ body: companyBody("stores") }),
      "GET /api/users/me": () => ({ body: userBody() }),
      "GET /api/shops": () => ({ body: { items: [], next_cursor: null } }),
    });
    renderRoute("/setup/stores", { auth: createFakeAuth(verifiedUser) });

    const steps = await screen.findByLabelText("初期設定の手順");
    for (const label of ["アカウント登録", "基本情報", "ストア連携", "配送情報"]) {
      expect(within(steps).getByText(label)).toBeInTheDocument();
    }
    expect(within(steps).getAllByText("✓")).toHaveLength(2);
    expect(within(steps).getAllByText("●")).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "ストア連携" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ログアウト" })).toBeInTheDocument();
    expect(screen.getByText("EC版のサービスは2025/6/30をもって終了いたします。")).toBeInTheDocument();
  });
});

describe("app chrome", () => {
  async function renderSettings() {
    stubApi(settingsRoutes());
    const auth = createFakeAuth(verifiedUser);
    const rendered = renderRoute("/settings/companies", { auth });
    expect(await screen.findByRole("textbox", { name: "会社名" })).toHaveValue("株式会社送る商店");
    return rendered;
  }

  it("shows the sidebar with the active item by first path segment", async () => {
    await renderSettings();
    const nav = screen.getByRole("navigation", { name: "メインメニュー" });

    expect(within(nav).getByRole("link", { name: "注文リスト" })).toHaveAttribute(
      "href",
      "/orders?tab_key=notShipped",
    );
    expect(within(nav).getByRole("link", { name: "出荷履歴" })).toHaveAttribute(
      "href",
      "/shipments?status=isShipped",
    );
    expect(within(nav).getByRole("link", { name: "設定" })).toHaveAttribute("href", "/settings/companies");
    expect(within(nav).getByRole("link", { name: "設定" })).toHaveAttribute("data-active", "true");
    expect(within(nav).getByRole("link", { name: "注文リスト" })).not.toHaveAttribute("data-active");

    const help = within(nav).getByRole("link", { name: "ヘルプ" });
    expect(help).toHaveAttribute("href", "https://help.example.jp/");
    expect(help).toHaveAttribute("target", "_blank");
    const featureRequest = within(nav).getByRole("link", { name: /機能リクエスト/ });
    expect(featureRequest).toHaveAttribute("href", "https://feedback.example.jp/");
    expect(within(featureRequest).getByText("NEW")).toBeInTheDocument();
    expect(within(nav).getByRole("button", { name: "ログアウト" })).toBeInTheDocument();
  });

  it("shows the service-end banner and the company", async () => {
    await renderSettings();
    expect(screen.getByText("EC版のサービスは2025/6/30をもって終了いたします。")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "設定" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "会社概要" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("region", { name: "会社概要" })).toBeInTheDocument();
  });

  it("shows the order list's empty state", async () => {
    stubApi({ "GET /api/companies": () => ({ body: companyBody("done") }), ...emptyOrderRoutes() });
    renderRoute("/orders?tab_key=notShipped", { auth: createFakeAuth(verifiedUser) });
    expect(await screen.findByRole("heading", { name: "注文リスト" })).toBeInTheDocument();
    expect(await screen.findByText("表示できる注文はありません")).toBeInTheDocument();
    expect(
      within(screen.getByRole("navigation", { name: "メインメニュー" })).getByRole("link", {
        name: "注文リスト",
      }),
    ).toHaveAttribute("data-active", "true");
  });

  it("logs out: signs out, clears the okuru cookie, goes to /login and says so", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants the cookie the app must clear.
    document.cookie = "okuru=session-value; path=/";
    const { router, auth } = await renderSettings();

    fireEvent.click(screen.getByRole("button", { name: "ログアウト" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain("okuru=");
    expect(await screen.findByText("ログアウトしました。")).toBeInTheDocument();
  });

  it("says so when the logout fails and stays", async () => {
    const { router, auth } = await renderSettings();
    auth.signOut.mockRejectedValueOnce(new Error("network"));

    fireEvent.click(screen.getByRole("button", { name: "ログアウト" }));

    expect(await screen.findByText("ログアウトに失敗しました。")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings/companies");
  });
});

describe("error pages", () => {
  it("shows the status code and the API's message when the company cannot be read", async () => {
    stubApi({
      "GET /api/companies": () => ({
        status: 404,
        body: { code: "company.not_found", message: "会社情報が見つかりません。" },
      }),
    });
    renderRoute("/orders", { auth: createFakeAuth(verifiedUser) });

    expect(await screen.findByText("404")).toBeInTheDocument();
    expect(screen.getByText("会社情報が見つかりません。")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "ログアウト" })).toBeInTheDocument();
  });

  it("shows a 404 page for an unknown path", async () => {
    renderSignedIn("/no/such/page", "done");
    expect(await screen.findByText("ページが見つかりません")).toBeInTheDocument();
    expect(screen.getByText("404")).toBeInTheDocument();
  });

  it("never shows an unknown setup step: the guard sends the user to their own step", async () => {
    const { router } = renderSignedIn("/setup/unknown", "carriers");
    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/carriers"));
  });
});

describe("loading", () => {
  it("shows ローティング中... with a progress bar while the auth check runs", async () => {
    const auth = createFakeAuth(verifiedUser);
    auth.getUser.mockReturnValue(new Promise(() => {}));
    renderRoute("/orders", { auth });

    const overlay = await screen.findByRole("status");
    expect(overlay).toHaveTextContent("ローティング中...");
    expect(within(overlay).getByRole("progressbar")).toBeInTheDocument();
  });
});
