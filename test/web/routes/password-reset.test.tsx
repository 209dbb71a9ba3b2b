import { fireEvent, screen, waitFor } from "@testing-library/react";
import { createFakeAuth, type FakeAuth, renderRoute } from "../../support/render";
import { authRefusing, change } from "../../support/web-auth";
import { resetScreensAfterEach } from "../../support/web-reset";

async function requestCode(email: string) {
  change(/メールアドレス/, email);
  fireEvent.click(screen.getByRole("button", { name: "確認コードを送信" }));
}

async function confirm(code: string, password: string, confirmation = password) {
  await screen.findByLabelText(/確認コード/, { selector: "input" });
  change(/確認コード/, code);
  change(/^新しいパスワード(?!（)/, password);
  change(/新しいパスワード（確認）/, confirmation);
  fireEvent.click(screen.getByRole("button", { name: "パスワードを再設定" }));
}

async function atConfirmStep(auth: FakeAuth) {
  const rendered = renderRoute("/password_reset?email=tanaka%40example.jp", { auth });
  await screen.findByRole("heading", { name: "パスワードの再設定" });
  fireEvent.click(screen.getByRole("button", { name: "確認コードを送信" }));
  await screen.findByLabelText(/確認コード/, { selector: "input" });
  return rendered;
}

resetScreensAfterEach();

describe("/password_reset", () => {
  it("sends a code, then sets the new password and returns to /login with the address", async () => {
    const auth = createFakeAuth();
    const { router } = renderRoute("/password_reset", { auth });
    await screen.findByRole("heading", { name: "パスワードの再設定" });
    await requestCode("tanaka@example.jp");

    expect(await screen.findByText("確認コードを送信しました。")).toBeInTheDocument();
    expect(auth.resetPassword).toHaveBeenCalledWith("tanaka@example.jp");
    expect(screen.getByText("tanaka@example.jp")).toBeInTheDocument();
    await confirm("123456", "New-passw0rd");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(auth.confirmResetPassword).toHaveBeenCalledWith("tanaka@example.jp", "123456", "New-passw0rd");
    expect(router.state.location.search).toEqual({ email: "tanaka@example.jp" });
    expect(
      await screen.findByText("パスワードを再設定しました。新しいパスワードでログインしてください。"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveValue("tanaka@example.jp");
  });

  it("checks the code and the password policy before asking Cognito", async () => {
    const auth = createFakeAuth();
    await atConfirmStep(auth);
    await confirm("12", "password", "passw0rd");

    expect(await screen.findByText("6桁の確認コードを入力してください。")).toBeInTheDocument();
    expect(
      screen.getByText("パスワードには英大文字・英小文字・数字をそれぞれ1文字以上含めてください。"),
    ).toBeInTheDocument();
    expect(screen.getByText("パスワードが一致しません。")).toBeInTheDocument();
    expect(auth.confirmResetPassword).not.toHaveBeenCalled();
  });

  it.each([
    [
      "UserNotFoundException",
      "Username/client id combination not found.",
      "このメールアドレスで登録されたアカウントが見つかりません。",
    ],
    [
      "LimitExceededException",
      "Attempt limit exceeded, please try after some time.",
      "試行回数が上限を超えました。",
    ],
    [
      "NotAuthorizedException",
      "User password cannot be reset in the current state.",
      "招待メールに記載の仮パスワード",
    ],
    ["NetworkError", "A network error has occurred.", "サーバーに接続できませんでした。"],
  ])("explains %s when asking for a code", async (name, message, expected) => {
    const auth = authRefusing("resetPassword", name, message);
    renderRoute("/password_reset", { auth });
    await screen.findByRole("heading", { name: "パスワードの再設定" });
    await requestCode("tanaka@example.jp");

    expect(await screen.findByText(new RegExp(expected))).toBeInTheDocument();
    expect(screen.queryByLabelText(/確認コード/, { selector: "input" })).not.toBeInTheDocument();
  });

  it.each([
    [
      "CodeMismatchException",
      "Invalid verification code provided, please try again.",
      "確認コードが正しくありません。",
    ],
    [
      "ExpiredCodeException",
      "Invalid code provided, please request a code again.",
      "「確認コードを再送信」から新しいコードを取得してください。",
    ],
    [
      "LimitExceededException",
      "Attempt limit exceeded, please try after some time.",
      "試行回数が上限を超えました。",
    ],
  ])("explains %s when setting the password", async (name, message, expected) => {
    const auth = authRefusing("confirmResetPassword", name, message);
    const { router } = await atConfirmStep(auth);
    await confirm("123456", "New-passw0rd");

    expect(await screen.findByText(new RegExp(expected))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/password_reset");
  });

  it("sends a new code, and lets the user change the address", async () => {
    const auth = createFakeAuth();
    await atConfirmStep(auth);
    fireEvent.click(screen.getByRole("button", { name: "確認コードを再送信" }));
    expect(await screen.findByText("確認コードを再送信しました。")).toBeInTheDocument();
    expect(auth.resetPassword).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole("button", { name: "メールアドレスを変更" }));
    expect(await screen.findByRole("button", { name: "確認コードを送信" })).toBeInTheDocument();
  });
});
