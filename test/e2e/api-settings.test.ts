import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { coreConfig } from "@okuru/core/config";
import { Company } from "@okuru/core/entities/company";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../support/api";
import { useBrowserApp } from "../support/e2e";
import { setupDoneAccount } from "../support/merchant";

/**
 * 設定 → API連携 as an administrator: a credential created shows its secret once, with a
 * copy button; an endpoint added for webhooks shows its signing secret once and its log.
 */
let receiver: Server;
let origin: string;

beforeAll(async () => {
  receiver = createServer((_, response) => response.end());
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  coreConfig().allowedPrivateOrigins.push(origin);
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe("API連携", () => {
  const app = useBrowserApp({ freshProfile: true });

  it("creates a credential and a webhook endpoint, each secret shown once", async () => {
    const account = await setupDoneAccount("株式会社京都抹茶本舗");
    await Company.setFeature(account.tenantId, "api", true);
    await app.signIn(account);
    const page = app.page;
    await page.waitForURL(/\/orders/);
    await app.goto("/settings/credentials");
    await page.getByText("認証情報はまだありません", { exact: false }).waitFor();
    await app.shot("api-1-empty", { fromTop: true });

    await page.getByRole("button", { name: "認証情報を作成" }).click();
    const form = page.getByRole("dialog", { name: "認証情報を追加" });
    await form.getByRole("textbox", { name: "名前" }).fill("倉庫管理システム");
    await form.getByRole("checkbox", { name: /送り状の発行・取消/ }).check();
    await form.getByRole("button", { name: "追加する" }).click();
    const shown = page.getByRole("dialog", { name: "作成した認証情報" });
    await shown.getByText("シークレットは今だけ表示されます").waitFor();
    const secret = (await shown.locator("pre, code").nth(1).textContent())?.trim() ?? "";
    expect(secret).toMatch(/^okrs_/);
    await app.shot("api-2-secret", { fromTop: true });
    await shown.getByRole("button", { name: "保管しました" }).click();

    // The credential works: the secret shown is the one the token endpoint takes.
    const { json: list } = await callApi("/api/credentials", { token: account.idToken });
    expect(list.items).toHaveLength(1);
    const token = await callApi("/api/oauth_token", {
      method: "POST",
      body: { grant_type: "client_credentials", client_id: list.items[0].client_id, client_secret: secret },
    });
    expect(token.status, token.text).toBe(200);

    const group = page.getByRole("group", { name: "倉庫管理システム" });
    await group.getByRole("button", { name: "送信先を追加" }).click();
    const endpointForm = page.getByRole("dialog", { name: "Webhook の送信先を追加" });
    await endpointForm.getByRole("textbox", { name: "送信先URL" }).fill("https://10.0.0.5/hook");
    await endpointForm.getByRole("button", { name: "追加する" }).click();
    await endpointForm.getByText("社内・ローカルのアドレスは使えません", { exact: false }).first().waitFor();
    await endpointForm.getByRole("textbox", { name: "送信先URL" }).fill(`${origin}/okuru`);
    await endpointForm.getByRole("button", { name: "追加する" }).click();
    const signing = page.getByRole("dialog", { name: "Webhook の署名用シークレット" });
    await signing.getByText(/whsec_/).waitFor();
    await signing.getByRole("button", { name: "保管しました" }).click();
    await group.getByText(`${origin}/okuru`).waitFor();
    await group.getByText("送信記録はまだありません。").waitFor();
    await app.shot("api-3-webhook", { fromTop: true });
  });
});
