import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";

/**
 * `npm run feature` (dev/src/feature.ts), run as an operator runs it, in its own
 * process against the test run's stand-ins: it turns a company's API連携 on and off,
 * naming the company by its id or by its administrator's e-mail.
 */

const root = resolve(import.meta.dirname, "../../..");

const feature = (...args: string[]) =>
  promisify(execFile)("npx", ["tsx", "dev/src/feature.ts", ...args], { cwd: root, env: process.env });

const apiIntegration = async (token: string) =>
  (await callApi("/api/companies", { token })).json.features.api_integration;

describe("npm run feature", () => {
  it("switches API連携 by administrator e-mail and by company id", async () => {
    const account = await testAccount("機能切替商店");
    expect(await apiIntegration(account.idToken)).toBe(false);
    expect((await callApi("/api/credentials", { token: account.idToken })).status).toBe(403);

    const on = await feature("api", "on", account.email);
    expect(on.stdout).toContain("API連携を有効にしました");
    expect(await apiIntegration(account.idToken)).toBe(true);
    expect((await callApi("/api/credentials", { token: account.idToken })).status).toBe(200);

    await feature("api", "off", account.tenantId);
    expect(await apiIntegration(account.idToken)).toBe(false);
  }, 120_000);

  it("refuses anything but `api on|off <who>`", async () => {
    await expect(feature("api", "maybe", "x")).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
