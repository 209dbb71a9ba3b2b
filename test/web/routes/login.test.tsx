import { fireEvent, screen, waitFor } from "@testing-library/react";
import { takePendingSignIn } from "../../../web/src/lib/pending-sign-in";
import { createFakeAuth, type FakeAuth, renderRoute, verifiedUser } from "../../support/render";
import {
  authRefusing,
  cognitoError,
  firstSignIn,
  renderSignedIn,
  resetAuthScreensAfterEach,
} from "../../support/web-auth";
import { companyBody, stubApi } from "../fake-api";

async function submit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/メールアドレス/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/パスワード/, { selector: "input" }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole("button", { name: "ログイン" }));
}

resetAuthScreensAfterEach();

/** Fills the new-password step (password, then its confirmation) and submits it. */
async function setNewPassword(password: string, confirmation = password) {
  const [field, confirm] = await screen.findAllByLabelText(/新しいパスワード/, { selector: "input" });
  fireEvent.change(field!, { target: { value: password } });
  fireEvent.change(confirm!, { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "パスワードを設定してログイン" }));
}

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

    expect(await screen.findByText("メールアドレスの形式が正しくありません")).toBeInTheDocument();
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
    const auth = authRefusing("signIn", name, message);
    renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    expect(await screen.findByRole("alert")).toHaveTextContent(expected);
    expect(auth.signIn).toHaveBeenCalledWith("tanaka@example.jp", "Passw0rd!");
  });

  it.each([
    [
      "Cognito's error",
      (auth: FakeAuth) => auth.signIn.mockRejectedValue(cognitoError("UserNotConfirmedException")),
    ],
    ["Amplify's CONFIRM_SIGN_UP step", (auth: FakeAuth) => auth.signIn.mockResolvedValue("confirmSignUp")],
  ])(
    "sends an unconfirmed user to /email_verification (%s), keeping the password for after the code",
    async (_, arrange) => {
      const auth = createFakeAuth();
      arrange(auth);
      const { router } = renderRoute("/login", { auth });
      await submit("tanaka@example.jp", "Passw0rd!");

      await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
      expect(router.state.location.search).toEqual({ email: "tanaka@example.jp" });
      expect(await screen.findByRole("heading", { name: "メールアドレスの確認" })).toBeInTheDocument();
      expect(screen.getByLabelText(/メールアドレス/, { selector: "input" })).toHaveValue("tanaka@example.jp");
      expect(takePendingSignIn("tanaka@example.jp")).toBe("Passw0rd!");
    },
  );

  it("sends a user whose password must be reset to /password_reset and says why", async () => {
    const auth = createFakeAuth();
    auth.signIn.mockResolvedValue("resetPassword");
    const { router } = renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    await waitFor(() => expect(router.state.location.pathname).toBe("/password_reset"));
    expect(await screen.findByText(/パスワードの再設定が必要です/)).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue("tanaka@example.jp");
  });

  it("on first login creates the account, then sends an unfinished company to its setup step", async () => {
    const { auth, api } = firstSignIn();
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
    const { auth } = firstSignIn("サーバーでエラーが発生しました。");
    renderRoute("/login", { auth });
    await submit("tanaka@example.jp", "Passw0rd!");

    expect(await screen.findByText("ユーザー作成に失敗しました")).toBeInTheDocument();
  });

  it("sends a user whose setup is done to the order list", async () => {
    const { router } = renderSignedIn("/login", "done");

    // The spec's /orders/?tab_key=notShipped; the router drops the trailing slash.
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(router.state.location.search).toEqual({ tab_key: "notShipped" });
    expect(await screen.findByRole("heading", { name: "注文リスト" })).toBeInTheDocument();
  });

  it("tells a merchant coming back from Shopify why to sign in", async () => {
    const query = "code=c0de&hmac=abc123&host=aG9zdA&shop=okuru-demo.myshopify.com&timestamp=1735689600";
    renderRoute(`/login?${query}`);
    expect(
      await screen.findByText("Shopifyストアとの連携を続けるには、Okuruにログインしてください。"),
    ).toBeInTheDocument();
  });

  it("passes the shop-authorisation return on with its query once signed in", async () => {
    const query = "code=c0de&hmac=abc123&host=aG9zdA&shop=okuru-demo.myshopify.com&timestamp=1735689600";
    const { router } = renderSignedIn(`/login?${query}`, "stores");

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/stores/shopify/completed"));
    expect(router.state.location.search).toMatchObject({
      code: "c0de",
      hmac: "abc123",
      shop: "okuru-demo.myshopify.com",
    });
  });
});

describe("/login: an invited user's first sign-in (NEW_PASSWORD_REQUIRED)", () => {
  function invitedAuth() {
    const auth = createFakeAuth();
    auth.signIn.mockResolvedValue("newPasswordRequired");
    auth.confirmNewPassword.mockImplementation(async () => {
      auth.setUser(verifiedUser);
      return "signedIn";
    });
    return auth;
  }

  /** Signs in with the temporary password and sets a new one, which Cognito refuses (`name`, `message`). */
  async function newPasswordRefused(name: string, message: string) {
    const auth = invitedAuth();
    auth.confirmNewPassword.mockRejectedValue(cognitoError(name, message));
    renderRoute("/login", { auth });
    await submit("sato@example.jp", "Tmp-pass-1234");
    await setNewPassword("New-passw0rd");
  }

  it("asks for a new password in the card, checks the policy, then enters the app without a signup", async () => {
    const auth = invitedAuth();
    const api = stubApi({
      "GET /api/signup": () => ({ body: { exist: true } }),
      "GET /api/companies": () => ({ body: companyBody("done") }),
    });
    const { router } = renderRoute("/login", { auth });
    await submit("sato@example.jp", "Tmp-pass-1234");

    expect(await screen.findByRole("heading", { name: "新しいパスワードを設定" })).toBeInTheDocument();
    expect(screen.getByText("sato@example.jp")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");

    await setNewPassword("short", "other");
    expect(await screen.findByText("パスワードは8文字以上で入力してください。")).toBeInTheDocument();
    expect(screen.getByText("パスワードが一致しません。")).toBeInTheDocument();
    await setNewPassword("alllowercase1");
    expect(
      await screen.findByText("パスワードには英大文字・英小文字・数字をそれぞれ1文字以上含めてください。"),
    ).toBeInTheDocument();
    expect(auth.confirmNewPassword).not.toHaveBeenCalled();

    await setNewPassword("New-passw0rd");
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(auth.confirmNewPassword).toHaveBeenCalledWith("New-passw0rd");
    expect(await screen.findByText("パスワードを設定しました。")).toBeInTheDocument();
    const calls = api.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
    // Signed in and set up: the app asks who this is, finds the company, and shows the order list.
    expect(calls.slice(0, 2)).toEqual(["GET /api/signup", "GET /api/companies"]);
    expect(calls).not.toContain("POST /api/signup");
  });

  it("shows the password policy as a checklist while typing", async () => {
    renderRoute("/login", { auth: invitedAuth() });
    await submit("sato@example.jp", "Tmp-pass-1234");
    const [field] = await screen.findAllByLabelText(/新しいパスワード/, { selector: "input" });
    const items = () => screen.getAllByRole("listitem").map((item) => item.hasAttribute("data-met"));

    expect(items()).toEqual([false, false, false, false]);
    fireEvent.change(field!, { target: { value: "abcDEF12" } });
    expect(items()).toEqual([true, true, true, true]);
  });

  it("explains a password Cognito refuses", async () => {
    await newPasswordRefused("InvalidPasswordException", "Password does not conform");

    expect(
      await screen.findByText("パスワードは8文字以上で、英大文字・英小文字・数字を含めてください。"),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "新しいパスワードを設定" })).toBeInTheDocument();
  });

  it("goes back to the sign-in form when the challenge has expired", async () => {
    await newPasswordRefused("NotAuthorizedException", "Invalid session for the user, session is expired.");

    expect(await screen.findByRole("heading", { name: "ログイン" })).toBeInTheDocument();
    expect(screen.getByText(/ログインの手続きの有効期限が切れました。/)).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue("sato@example.jp");
  });

  it("can go back to the sign-in form", async () => {
    renderRoute("/login", { auth: invitedAuth() });
    await submit("sato@example.jp", "Tmp-pass-1234");
    fireEvent.click(await screen.findByRole("button", { name: "ログイン画面へ戻る" }));
    expect(await screen.findByRole("heading", { name: "ログイン" })).toBeInTheDocument();
    expect(screen.queryByText(/有効期限/)).not.toBeInTheDocument();
  });
});
