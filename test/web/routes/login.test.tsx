import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { companyBody, stubApi } from "../fake-api";

function named(name: string, error = new Error(name)) {
  error.name = name;
  return error;
}

async function submit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/メールアドレス/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/パスワード/, { selector: "input" }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole("button", { name: "ログイン" }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/login", () => {
  it("shows the centred card with the logo, the fields and the links, in Japanese", async () => {
    renderRoute("/login");

    expect(await screen.findByRole("heading", { name: "ログイン" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Okuru 送る" })).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/パスワード/, { selector: "input" })).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "ログイン" })).toHaveAttribute("type", "submit");
    expect(screen.getByRole("link", { name: "新規登録" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "パスワードをお忘れの方" })).toHaveAttribute(
      "href",
      "/password_reset",
    );
  });

  it("checks the fields before asking Cognito", async () => {
    const auth = createFakeAuth();
    renderRoute("/login", { auth });
    await submit("not-an-address", "");

    expect(await screen.findByText("メールアドレスの形式が正しくありません。")).toBeInTheDocument();
    expect(screen.getByText("パスワードを入力してください。")).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it.each([
    [
      "NotAuthorizedException",
      "Incorrect username or password.",
      "メールアドレスまたはパスワードが正しくありません。",
    ],
    [
      "NotAuthorizedException",
      "Password attempts exceeded",
      "試行回数が上限を超えました。しばらくしてから再度お試しください。",
    ],
    [
      "UserNotFoundException",
      "User does not exist.",
      "このメールアドレスで登録されたアカウントが見つかりません。",
    ],
    [
      "LimitExceededException",
      "Attempt limit exceeded",
      "試行回数が上限を超えました。しばらくしてから再度お試しください。",
    ],
    [
      "TooManyRequestsException",
      "Too many requests",
      "試行回数が上限を超えました。しばらくしてから再度お試しください。",
    ],
    [
      "NetworkError",
      "A network error has occurred.",
      "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。",
    ],
  ])("explains %s (%s) in Japanese", async (name, message, expected) => {
    const auth = createFakeAuth();
    auth.signIn.mockRejectedValue(named(name, new Error(message)));
    renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    expect(await screen.findByRole("alert")).toHaveTextContent(expected);
    expect(auth.signIn).toHaveBeenCalledWith("tanaka@example.jp", "Passw0rd!");
  });

  it("sends an unconfirmed user to /email_verification", async () => {
    const auth = createFakeAuth();
    auth.signIn.mockRejectedValue(named("UserNotConfirmedException"));
    const { router } = renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
    expect(router.state.location.search).toEqual({ email: "tanaka@example.jp" });
    expect(await screen.findByRole("heading", { name: "メールアドレスの確認" })).toBeInTheDocument();
  });

  it("on first login creates the account, then sends an unfinished company to its setup step", async () => {
    const auth = createFakeAuth();
    auth.signIn.mockImplementation(async () => {
      auth.setUser(verifiedUser);
      return "signedIn";
    });
    const api = stubApi({
      "GET /api/signup": () => ({ body: { exist: false } }),
      "POST /api/signup": () => ({ status: 201, body: { company: companyBody("basic_information") } }),
      "GET /api/companies": () => ({ body: companyBody("basic_information") }),
    });
    const { router } = renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/basic_information"));
    expect(await screen.findByText("アカウントを作成しました。")).toBeInTheDocument();
    expect(await screen.findByText("初期設定を完了させてください")).toBeInTheDocument();
    expect(api.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "GET /api/signup",
      "POST /api/signup",
      "GET /api/companies",
    ]);
  });

  it("tells the user when the signup fails", async () => {
    const auth = createFakeAuth();
    auth.signIn.mockImplementation(async () => {
      auth.setUser(verifiedUser);
      return "signedIn";
    });
    stubApi({
      "GET /api/signup": () => ({ body: { exist: false } }),
      "POST /api/signup": () => ({
        status: 500,
        body: { code: "internal", message: "サーバーでエラーが発生しました。" },
      }),
    });
    renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    expect(await screen.findByText("ユーザー作成に失敗しました")).toBeInTheDocument();
  });

  it("sends a user whose setup is done to the order list", async () => {
    stubApi({ "GET /api/companies": () => ({ body: companyBody("done") }) });
    const { router } = renderRoute("/login", { auth: createFakeAuth(verifiedUser) });

    // The spec's /orders/?tab_key=notShipped; the router drops the trailing slash.
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toEqual({ tab_key: "notShipped" });
    expect(await screen.findByRole("heading", { name: "注文リスト" })).toBeInTheDocument();
  });

  it("passes the shop-authorisation return on with its query once signed in", async () => {
    stubApi({ "GET /api/companies": () => ({ body: companyBody("stores") }) });
    const query = "code=c0de&hmac=abc123&host=aG9zdA&shop=okuru-demo.myshopify.com&timestamp=1735689600";
    const { router } = renderRoute(`/login?${query}`, { auth: createFakeAuth(verifiedUser) });

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/stores/shopify/completed"));
    expect(router.state.location.search).toMatchObject({
      code: "c0de",
      hmac: "abc123",
      shop: "okuru-demo.myshopify.com",
    });
  });
});
