import { CarrierAccount } from "@okuru/core/carrier";
import { Company } from "@okuru/core/company";
import { Shop } from "@okuru/core/shop";
import type { Page } from "playwright-core";
import { asUser, testAccount } from "./account";
import { ecforceShopFor } from "./simulators";

/**
 * Signs in through the real login page, as a merchant would. Amplify keeps its
 * session in localStorage, which every page of the test browser shares, so any
 * earlier session is dropped first.
 */
export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/**
 * A merchant whose setup is done: a complete 会社概要, a connected (simulated Ecforce)
 * shop, a Yamato account handing off to B2クラウド, and setup_status "done".
 */
export async function setupDoneAccount(companyName = "株式会社送る商店") {
  const account = await testAccount(companyName);
  await asUser(account, async () => {
    await Company.update({
      name: companyName,
      postal_code: "1000001",
      prefecture: "東京都",
      city: "千代田区",
      address1: "千代田1-1",
      phone: "03-1234-5678",
    });
    await Company.updateSetupStatus({ setup_status: "stores" });
    await Shop.connectEcforce(await ecforceShopFor(`shop-${account.tenantId.toLowerCase()}`));
    await Company.updateSetupStatus({ setup_status: "carriers" });
    await CarrierAccount.create("yamato", {
      name: "ヤマト運輸（B2クラウド）",
      mode: "handoff",
      customer_code: "075123456701",
    });
    await Company.updateSetupStatus({ setup_status: "done" });
  });
  return account;
}

/** Waits for running CSS transitions (a dialog fading in, a toast sliding) to finish, for a clean screenshot. */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
