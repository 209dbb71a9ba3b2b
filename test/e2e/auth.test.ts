import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { coreConfig } from "@okuru/core/config";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { testAccount } from "../support/account";
import { callApi } from "../support/api";
import { screenshot } from "../support/browser";
import { confirmationCodeFor, temporaryPasswordFor, uniqueEmail } from "../support/cognito";
import { useBrowserApp } from "../support/e2e";
import { withShops } from "../support/simulators";

/**
 * Every authentication flow of docs/requirements.md#redirect-rules and docs/requirements.md#sign-in-flows
 * in Chromium, against the Vite dev server, the API and cognito-local: sign-up with one code, logout and
 * login, sign-in errors, password reset, an invited user's first sign-in, and the shop-authorisation
 * return.
 */

const shopQuery =
  "code=0a1b2c3d&hmac=5f4dcc3b5aa765d61d8327deb882cf99&host=YWRtaW4uc2hvcGlmeS5jb20&shop=okuru-demo.myshopify.com&timestamp=1735689600";

function cognitoClient() {
  const { endpoints, region } = coreConfig();
  return new CognitoIdentityProviderClient({
    region,
    endpoint: endpoints.cognito,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

/** What the page asks Cognito (the X-Amz-Target operation) and the API, in order. */
function recordCalls(page: Page) {
  const cognito: string[] = [];
  const api: string[] = [];
  page.on("request", (request) => {
    const target = request.headers()["x-amz-target"];
    if (target) cognito.push(target.split(".").pop() ?? target);
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) api.push(`${request.method()} ${url.pathname}`);
  });
  return { cognito, api };
}

/** Fills the sign-in form and submits it. */
async function signIn(page: Page, email: string, password: string) {
  await page.getByRole("heading", { name: "ログイン" }).waitFor();
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByRole("textbox", { name: "パスワード", exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン" }).click();
}

/**
 * Toasts close after 1.5 s (docs/requirements.md#loading-toasts-and-error-page), so wait for them right
 * after the action.
 */
async function toast(page: Page, text: string) {
  await page.locator(".mantine-Notification-root", { hasText: text }).first().waitFor();
}

/** Waits for the error in the card that contains `text` and returns its whole text. */
async function alertText(page: Page, text: string) {
  const alert = page.getByRole("alert").filter({ hasText: text }).first();
  await alert.waitFor();
  return (await alert.textContent()) ?? "";
}

describe("authentication in the browser", () => {
  let page: Page;
  let shops: Awaited<ReturnType<typeof withShops>>;

  afterAll(async () => {
    await shops?.stop();
  });
  // A fresh profile per test: no session or cookie leaks from one flow into the next.
  const app = useBrowserApp({
    freshProfile: true,
    // The app as configured for Shopify (the simulator's credentials), so a return is really verified.
    before: async () => {
      shops = await withShops();
    },
    onPage: (opened) => {
      page = opened;
      page.setDefaultTimeout(15_000);
    },
  });

  it("signs a new merchant up with one code, creates the company and starts the setup; logout and login again", async () => {
    const calls = recordCalls(page);
    const email = uniqueEmail("signup");
    const password = "Okuru-signup-1";

    await page.goto(`${app.url}/signup`);
    await page.getByRole("heading", { name: "新規登録" }).waitFor();
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByRole("textbox", { name: "パスワード", exact: true }).fill(password);
    await page.getByLabel("パスワード（確認）").fill(password);
    expect(await page.locator('[role="listitem"][data-met]').count()).toBe(4);
    await screenshot(page, "auth-signup");
    await page.getByRole("button", { name: "登録する" }).click();

    // The code screen, with the address filled in and the local mail page linked.
    await page.waitForURL(/\/email_verification\?email=/);
    await page.getByRole("heading", { name: "メールアドレスの確認" }).waitFor();
    expect(await page.getByLabel("メールアドレス").inputValue()).toBe(email);
    expect(await page.getByRole("link", { name: "受信メール一覧" }).getAttribute("href")).toBe(
      "/_local/mail",
    );

    // cognito-local has no ResendConfirmationCode: the page says so in Japanese.
    await page.getByRole("button", { name: "確認コードを再送信" }).click();
    await alertText(page, "確認コードを再送信できませんでした。");

    const code = confirmationCodeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const mailPage = await (await fetch(`${app.url}/_local/mail`)).text();
    expect(mailPage).toContain(email);
    expect(mailPage).toContain(code);

    await page.getByLabel("確認コード").fill(code!);
    await screenshot(page, "auth-email-verification");
    await page.getByRole("button", { name: "確認する" }).click();

    // Signed in at once, the company created, and on to the first setup step.
    await page.waitForURL(/\/setup\/basic_information$/);
    await toast(page, "アカウントを作成しました。");
    await toast(page, "初期設定を完了させてください");
    await page.getByRole("heading", { name: "初期設定", exact: true }).waitFor();
    await screenshot(page, "auth-signup-landed-setup");
    // One code only: no attribute verification after the sign-up was confirmed. (Amplify
    // retries the resend, which cognito-local answers with a 500, a few times.)
    expect(calls.cognito).toContain("ResendConfirmationCode");
    expect(calls.cognito.filter((operation) => operation !== "ResendConfirmationCode")).toEqual([
      "SignUp",
      "ConfirmSignUp",
      "InitiateAuth",
    ]);
    expect(calls.api.slice(0, 2)).toEqual(["GET /api/signup", "POST /api/signup"]);

    // Logout: signed out, the okuru cookie cleared, /login, and the toast.
    await page.context().addCookies([{ name: "okuru", value: "session", url: app.url }]);
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/login$/);
    await toast(page, "ログアウトしました。");
    await screenshot(page, "auth-logged-out");
    expect((await page.context().cookies()).some((cookie) => cookie.name === "okuru")).toBe(false);

    // Login again: the account exists now, so nothing is posted.
    await signIn(page, email, password);
    await page.waitForURL(/\/setup\/basic_information$/);
    expect(calls.api.filter((call) => call === "POST /api/signup")).toHaveLength(1);
  });

  it("explains sign-in failures in Japanese: wrong password, unknown address, lockout, no network", async () => {
    const account = await testAccount();
    await page.goto(`${app.url}/login`);

    await signIn(page, account.email, "Wrong-password-9");
    const wrong = "メールアドレスまたはパスワードが正しくありません。";
    expect(await alertText(page, wrong)).toBe(wrong);
    await screenshot(page, "auth-login-wrong-password");

    // cognito-local, like Cognito with user-existence errors prevented, does not say which was wrong.
    await signIn(page, uniqueEmail("nobody"), "Some-password-1");
    await page.waitForFunction(
      (text) => document.querySelector('[role="alert"]')?.textContent === text,
      wrong,
    );
    expect(page.url()).toMatch(/\/login$/);

    // Cognito's lockout answer, as Amplify parses it from the wire.
    const cognitoEndpoint = coreConfig().endpoints.cognito;
    await page.route(`${cognitoEndpoint}/**`, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/x-amz-json-1.1",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify({ __type: "NotAuthorizedException", message: "Password attempts exceeded" }),
      }),
    );
    await signIn(page, account.email, "Wrong-password-9");
    const lockout = "試行回数が上限を超えました。しばらくしてから再度お試しください。";
    expect(await alertText(page, lockout)).toBe(lockout);

    // Cognito cannot be reached at all.
    await page.unroute(`${cognitoEndpoint}/**`);
    await page.route(`${cognitoEndpoint}/**`, (route) => route.abort("internetdisconnected"));
    await signIn(page, account.email, account.password);
    const offline = "サーバーに接続できませんでした。ネットワーク環境をご確認のうえ、再度お試しください。";
    expect(await alertText(page, offline)).toBe(offline);
    await screenshot(page, "auth-login-offline");
  });

  it("sends an unconfirmed user to the code screen, then signs them in with the code", async () => {
    const calls = recordCalls(page);
    const email = uniqueEmail("unconfirmed");
    const password = "Okuru-later-1";
    const { cognito } = coreConfig();
    await cognitoClient().send(
      new SignUpCommand({
        ClientId: cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: "email", Value: email }],
      }),
    );

    await page.goto(`${app.url}/login`);
    await signIn(page, email, password);
    await page.waitForURL(/\/email_verification\?email=/);
    expect(await page.getByLabel("メールアドレス").inputValue()).toBe(email);

    await page.getByLabel("確認コード").fill("000000");
    await page.getByRole("button", { name: "確認する" }).click();
    await alertText(page, "確認コードが正しくありません。");

    await page.getByLabel("確認コード").fill(confirmationCodeFor(email)!);
    await page.getByRole("button", { name: "確認する" }).click();
    await page.waitForURL(/\/setup\/basic_information$/);
    expect(calls.api).toContain("POST /api/signup");
  });

  it("resets a forgotten password with a code, then signs in with the new one", async () => {
    const account = await testAccount();
    const newPassword = "Okuru-reset-2";

    await page.goto(`${app.url}/login`);
    await page.getByRole("link", { name: "パスワードをお忘れの方" }).click();
    await page.waitForURL(/\/password_reset$/);
    await page.getByRole("heading", { name: "パスワードの再設定" }).waitFor();

    // An address nobody registered.
    await page.getByLabel("メールアドレス").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "確認コードを送信" }).click();
    expect(await alertText(page, "このメールアドレスで登録されたアカウントが見つかりません。")).toBe(
      "このメールアドレスで登録されたアカウントが見つかりません。",
    );

    await page.getByLabel("メールアドレス").fill(account.email);
    await page.getByRole("button", { name: "確認コードを送信" }).click();
    await page.getByLabel("確認コード").waitFor();
    expect(await page.getByRole("link", { name: "受信メール一覧" }).getAttribute("href")).toBe(
      "/_local/mail",
    );

    // A wrong code first.
    await page.getByLabel("確認コード").fill("000000");
    await page.getByRole("textbox", { name: "新しいパスワード", exact: true }).fill(newPassword);
    await page.getByLabel("新しいパスワード（確認）").fill(newPassword);
    await page.getByRole("button", { name: "パスワードを再設定" }).click();
    await alertText(page, "確認コードが正しくありません。");
    await screenshot(page, "auth-password-reset-wrong-code");

    const code = confirmationCodeFor(account.email);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel("確認コード").fill(code!);
    await page.getByRole("button", { name: "パスワードを再設定" }).click();
    await page.waitForURL(/\/login\?email=/);
    await toast(page, "パスワードを再設定しました。");
    expect(await page.getByLabel("メールアドレス").inputValue()).toBe(account.email);
    await screenshot(page, "auth-password-reset-done");

    await page.getByRole("textbox", { name: "パスワード", exact: true }).fill(account.password);
    await page.getByRole("button", { name: "ログイン" }).click();
    expect(await alertText(page, "メールアドレスまたはパスワードが正しくありません。")).toBe(
      "メールアドレスまたはパスワードが正しくありません。",
    );

    await signIn(page, account.email, newPassword);
    await page.waitForURL(/\/setup\/basic_information$/);
  });

  it("lets an invited member set a new password at first sign-in and enter the app", async () => {
    const calls = recordCalls(page);
    const admin = await testAccount();
    const email = uniqueEmail("member");
    const invited = await callApi("/api/users", {
      method: "POST",
      token: admin.idToken,
      body: { email, name: "佐藤 花子", role: "member" },
    });
    expect(invited.status).toBe(201);
    const temporaryPassword = temporaryPasswordFor(email);
    expect(temporaryPassword).toBeTruthy();

    await page.goto(`${app.url}/login`);
    await signIn(page, email, temporaryPassword!);
    await page.getByRole("heading", { name: "新しいパスワードを設定" }).waitFor();
    expect(page.url()).toMatch(/\/login$/);

    // The policy is checked before Cognito is asked.
    await page.getByRole("textbox", { name: "新しいパスワード", exact: true }).fill("short");
    await page.getByLabel("新しいパスワード（確認）").fill("different");
    await page.getByRole("button", { name: "パスワードを設定してログイン" }).click();
    await page.getByText("パスワードは8文字以上で入力してください。").waitFor();
    await page.getByText("パスワードが一致しません。").waitFor();

    const newPassword = "Okuru-member-3";
    await page.getByRole("textbox", { name: "新しいパスワード", exact: true }).fill(newPassword);
    await page.getByLabel("新しいパスワード（確認）").fill(newPassword);
    await screenshot(page, "auth-invited-new-password");
    await page.getByRole("button", { name: "パスワードを設定してログイン" }).click();

    // The company exists (the admin's, setup not done): no signup is posted.
    await page.waitForURL(/\/setup\/basic_information$/);
    await toast(page, "パスワードを設定しました。");
    // Locally a password sign-in follows, for a refresh token cognito-local keeps (web/src/lib/auth.ts).
    expect(calls.cognito.filter((operation) => operation !== "RevokeToken")).toEqual([
      "InitiateAuth",
      "RespondToAuthChallenge",
      "InitiateAuth",
    ]);
    expect(calls.api).toContain("GET /api/signup");
    expect(calls.api).not.toContain("POST /api/signup");
    expect(temporaryPasswordFor(email)).toBeUndefined();
    // The session in the browser can be refreshed (Amplify keeps it in localStorage).
    const refreshToken = await page.evaluate(
      () => Object.entries(localStorage).find(([key]) => key.endsWith(".refreshToken"))?.[1],
    );
    const refreshed = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: coreConfig().cognito.clientId,
        AuthFlow: "REFRESH_TOKEN_AUTH",
        AuthParameters: { REFRESH_TOKEN: refreshToken ?? "" },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();

    // The new password is the member's from now on.
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, email, newPassword);
    await page.waitForURL(/\/setup\/basic_information$/);
  });

  it("takes the shop-authorisation return through /login and on to the setup's completed page", async () => {
    const account = await testAccount();

    await page.goto(`${app.url}/settings/stores/shopify/completed?${shopQuery}`);
    await page.waitForURL(`${app.url}/login?${shopQuery}`);
    await page.getByText("Shopifyストアとの連携を続けるには、Okuruにログインしてください。").waitFor();
    await screenshot(page, "auth-shopify-return-login");

    await signIn(page, account.email, account.password);
    // Setup is not done, so the setup's completed page, with the same query.
    await page.waitForURL(`${app.url}/setup/stores/shopify/completed?${shopQuery}`);
    // The page verifies the return with the API; this query was never signed by Shopify.
    await page
      .getByText("Shopify からの応答を検証できませんでした。最初から接続をやり直してください。")
      .waitFor();
    await page.getByRole("link", { name: "ストア連携からやり直す" }).waitFor();
    expect(await callApi("/api/shops", { token: account.idToken }).then((r) => r.json.items)).toEqual([]);
    await screenshot(page, "auth-shopify-return-setup");
  });

  it("fits the public pages on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/signup`);
    await page.getByRole("heading", { name: "新規登録" }).waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "auth-signup-phone");
  });

  it("shows /settings/stores/shopify in a plain padded page without an auth redirect", async () => {
    await page.goto(`${app.url}/settings/stores/shopify`);
    await page.getByRole("heading", { name: "Shopifyストアとの連携" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/settings/stores/shopify");
    await screenshot(page, "auth-shopify-install");
  });
});
