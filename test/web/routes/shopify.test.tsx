import { screen, waitFor } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, stubApi } from "../fake-api";
import { shopBody } from "../settings-api";

const query = "code=c0de&hmac=abc123&host=aG9zdA&shop=okuru-demo.myshopify.com&timestamp=1735689600";

resetScreensAfterEach();

describe("/settings/stores/shopify", () => {
  it("is a plain padded page without the app chrome, and never asks who is signed in", async () => {
    const auth = createFakeAuth();
    const { router } = renderRoute("/settings/stores/shopify", { auth });

    expect(await screen.findByRole("heading", { name: "Shopifyストアとの連携" })).toBeInTheDocument();
    expect(screen.getByText(/ストアとの接続は、Okuruにログインしてから行います/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/settings/stores/shopify");
    expect(screen.queryByRole("navigation", { name: "メインメニュー" })).not.toBeInTheDocument();
    expect(auth.getUser).not.toHaveBeenCalled();
  });
});

describe("/settings/stores/shopify from the Shopify admin", () => {
  it("links to the login, keeping the query Shopify sent", async () => {
    const install = "hmac=abc123&host=aG9zdA&shop=okuru-demo.myshopify.com&timestamp=1735689600";
    renderRoute(`/settings/stores/shopify?${install}`);
    const login = await screen.findByRole("link", { name: "ログインして接続する" });
    expect(login).toHaveAttribute("href", `/login?${install}`);
    expect(screen.getByRole("link", { name: "新規登録" })).toHaveAttribute("href", "/signup");
  });
});

describe("the shop-authorisation return", () => {
  it.each(["/settings/stores/shopify/completed", "/setup/stores/shopify/completed"])(
    "signed out, %s with all five parameters goes to /login carrying the query",
    async (path) => {
      const { router } = renderRoute(`${path}?${query}`);
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
      expect(router.state.location.searchStr).toBe(`?${query}`);
    },
  );

  it("signed out, the completed path without the query goes to plain /login", async () => {
    const { router } = renderRoute("/settings/stores/shopify/completed?shop=okuru-demo.myshopify.com");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.searchStr).toBe("");
  });

  it("signed in with setup not done, it lands on the setup's completed page in the wizard", async () => {
    stubApi({
      "GET /api/companies": () => ({ body: companyBody("stores") }),
      "POST /api/shops/shopify/verify_request": () => ({ body: shopBody() }),
    });
    const { router } = renderRoute(`/settings/stores/shopify/completed?${query}`, {
      auth: createFakeAuth(verifiedUser),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/stores/shopify/completed"));
    expect(router.state.location.searchStr).toBe(`?${query}`);
    expect(await screen.findByRole("heading", { name: "Shopifyストアの接続" })).toBeInTheDocument();
    expect(
      await screen.findByText("送る商店 と接続しました。注文の取り込みを始めました。"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("初期設定の手順")).toBeInTheDocument();
  });
});

describe("paths no page claims", () => {
  it("send a signed-out visitor to /login", async () => {
    const { router } = renderRoute("/no/such/page");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });
});
