import { fireEvent, screen, waitFor } from "@testing-library/react";
import { rememberPendingSignIn } from "../../../web/src/lib/pending-sign-in";
import { createFakeAuth, type FakeAuth, renderRoute } from "../../support/render";
import { authRefusing, change, firstSignIn, resetAuthScreensAfterEach } from "../../support/web-auth";
import type { stubApi } from "../fake-api";

/** What the browser asked the API, as "METHOD /api/path". */
function apiCalls(api: ReturnType<typeof stubApi>) {
  return api.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
}

/** Opens the code step for yamada@example.jp and confirms `code`. */
async function confirmCode(auth: FakeAuth, code: string) {
  const rendered = renderRoute("/email_verification?email=yamada%40example.jp", { auth });
  await screen.findByRole("heading", { name: "メールアドレスの確認" });
  change(/確認コード/, code);
  fireEvent.click(await screen.findByRole("button", { name: "確認する" }));
  return rendered;
}

resetAuthScreensAfterEach();

describe("/signup", () => {
  async function fill(email: string, password: string, confirmation = password) {
    await screen.findByRole("heading", { name: "新規登録" });
    change(/メールアドレス/, email);
    change(/^パスワード(?!（)/, password);
    change(/パスワード（確認）/, confirmation);
    fireEvent.click(screen.getByRole("button", { name: "登録する" }));
  }

  it("shows the policy hint and checks the fields before asking Cognito", async () => {
    const auth = createFakeAuth();
    renderRoute("/signup", { auth });
    expect(
      await screen.findByText("8文字以上で、英大文字・英小文字・数字を含めてください。"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();

    await fill("not-an-address", "abc", "abd");
    expect(await screen.findByText("メールアドレスの形式が正しくありません")).toBeInTheDocument();
    expect(screen.getByText("パスワードは8文字以上で入力してください。")).toBeInTheDocument();
    expect(screen.getByText("パスワードが一致しません。")).toBeInTheDocument();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it("signs up, then one code signs the user in, creates the company and opens the setup", async () => {
    const { auth, api } = firstSignIn();
    const { router } = renderRoute("/signup", { auth });
    await fill("yamada@example.jp", "Okuru-pass-1");

    await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
    expect(auth.signUp).toHaveBeenCalledWith("yamada@example.jp", "Okuru-pass-1");
    expect(await screen.findByText("確認コードをメールで送信しました。")).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/, { selector: "input" })).toHaveValue("yamada@example.jp");

    change(/確認コード/, "123456");
    fireEvent.click(screen.getByRole("button", { name: "確認する" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/setup/basic_information"));
    expect(auth.confirmSignUp).toHaveBeenCalledWith("yamada@example.jp", "123456");
    expect(auth.signIn).toHaveBeenCalledWith("yamada@example.jp", "Okuru-pass-1");
    // One code: the signed-in user is verified, no second verification is asked for.
    expect(auth.sendEmailVerificationCode).not.toHaveBeenCalled();
    expect(await screen.findByText("アカウントを作成しました。")).toBeInTheDocument();
    expect(await screen.findByText("初期設定を完了させてください")).toBeInTheDocument();
    expect(apiCalls(api)).toEqual(["GET /api/signup", "POST /api/signup", "GET /api/companies"]);
  });

  it("says ユーザー作成に失敗しました when the signup after the code fails", async () => {
    const { auth } = firstSignIn("エラー");
    rememberPendingSignIn("yamada@example.jp", "Okuru-pass-1");
    await confirmCode(auth, "123456");

    expect(await screen.findByText("ユーザー作成に失敗しました")).toBeInTheDocument();
  });

  it("offers the login for an address that is already registered", async () => {
    const auth = authRefusing("signUp", "UsernameExistsException", "User already exists");
    const { router } = renderRoute("/signup", { auth });
    await fill("yamada@example.jp", "Okuru-pass-1");

    expect(await screen.findByText("このメールアドレスは既に登録されています。")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "ログインはこちら" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ email: "yamada@example.jp" });
  });
});

describe("/email_verification", () => {
  it("without the sign-up's password (e.g. after a reload) confirms and sends the user to /login", async () => {
    const auth = createFakeAuth();
    const { router } = await confirmCode(auth, "654321");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ email: "yamada@example.jp" });
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(
      await screen.findByText("メールアドレスを確認しました。ログインしてください。"),
    ).toBeInTheDocument();
  });

  it.each([
    ["CodeMismatchException", "Incorrect confirmation code", "確認コードが正しくありません。"],
    ["ExpiredCodeException", "Code expired", "確認コードの有効期限が切れています。"],
    ["LimitExceededException", "Attempt limit exceeded", "試行回数が上限を超えました。"],
  ])("explains %s in the card", async (name, message, expected) => {
    const auth = authRefusing("confirmSignUp", name, message);
    await confirmCode(auth, "000000");

    expect(await screen.findByText(new RegExp(expected))).toBeInTheDocument();
  });

  it("checks the code's length before asking Cognito", async () => {
    const auth = createFakeAuth();
    await confirmCode(auth, "123");
    expect(await screen.findByText("6桁の確認コードを入力してください。")).toBeInTheDocument();
    expect(auth.confirmSignUp).not.toHaveBeenCalled();
  });

  it("resends the code", async () => {
    const auth = createFakeAuth();
    renderRoute("/email_verification?email=yamada%40example.jp", { auth });
    fireEvent.click(await screen.findByRole("button", { name: "確認コードを再送信" }));
    expect(await screen.findByText("確認コードを再送信しました。")).toBeInTheDocument();
    expect(auth.resendSignUpCode).toHaveBeenCalledWith("yamada@example.jp");
  });

  it("explains in the card when the code cannot be resent (cognito-local)", async () => {
    const auth = authRefusing(
      "resendSignUpCode",
      "Unsupported",
      'Cognito Local unsupported feature: Unsupported x-amz-target header "ResendConfirmationCode"',
    );
    renderRoute("/email_verification?email=yamada%40example.jp", { auth });
    fireEvent.click(await screen.findByRole("button", { name: "確認コードを再送信" }));
    expect(
      await screen.findByText(
        "確認コードを再送信できませんでした。お手数ですが、すでにお送りしたメールの確認コードをご利用ください。",
      ),
    ).toBeInTheDocument();
  });
});
