import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevAppServer } from "../support/app-server";
import { launchBrowser, screenshot } from "../support/browser";

/**
 * The product as a merchant first meets it: the stack serves the app, the app
 * shows the Japanese login page, and /api answers through the same origin. Through
 * the Vite dev server, as `npm start` serves it (the other browser tests load the
 * run's production build).
 */
describe("smoke", () => {
  let server: Awaited<ReturnType<typeof startDevAppServer>>;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    server = await startDevAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("serves /api/health through the web origin", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("sends a signed-out visitor to the Japanese login page", async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await page.getByRole("heading", { name: "ログイン" }).waitFor();
    await page.getByRole("button", { name: "ログイン" }).waitFor();
    expect(await page.getByLabel("メールアドレス").count()).toBe(1);
    expect(await page.getByRole("textbox", { name: "パスワード", exact: true }).count()).toBe(1);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    await screenshot(page, "smoke-login");
  });
});
