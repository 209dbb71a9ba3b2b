import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { Company } from "@okuru/core/entities/company";
import { Shop } from "@okuru/core/entities/shop";
import { ShopConnection } from "@okuru/core/workflows/shop-connection";
import type { Page } from "playwright-core";
import type { SeedOrder } from "../../dev/src/simulators/seed-order";
import { asUser, testAccount } from "./account";
import { ecforceShopFor, ecforceShopOpened } from "./simulators";

/**
 * Signs in through the real login page, as a merchant would. Amplify keeps its
 * session in localStorage, which every page of the test browser shares, so an
 * earlier session is dropped first, and the login page loaded again without it (a
 * fresh profile has none, and is spared that second load).
 */
export async function signIn(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  const hadStorage = await page.evaluate(() => {
    const stored = localStorage.length + sessionStorage.length > 0;
    localStorage.clear();
    sessionStorage.clear();
    return stored;
  });
  if (hadStorage) await page.goto(`${baseUrl}/login`);
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
    await ShopConnection.connectEcforce(await ecforceShopFor(`shop-${account.tenantId.toLowerCase()}`));
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

/**
 * Puts `count` new orders into the company's simulated ecforce shop, as its checkout
 * would: 佐藤 花子1…N in 京都市中京区, paid by card, one second apart from now on (after
 * the shop's last sync, so the next one takes them, the newest last). They go in
 * through the simulator's own handle rather than its admin API, whose rate limit
 * (Ecforce.RATE_LIMIT, one request a second) made 105 orders take 100 s; that API's
 * order creation has tests of its own (test/functions/dev/ecforce-simulator.test.ts).
 * Returns the new orders' numbers and the shop's connection (base URL and API token)
 * as the product stores it.
 */
export async function addEcforceOrders(
  account: Parameters<typeof asUser>[0],
  count: number,
): Promise<{ numbers: string[]; connection: { baseUrl: string; apiToken: string } }> {
  const shop = (await asUser(account, () => Shop.list())).items.find((item) => item.platform === "ecforce");
  if (!shop) throw new Error("The company has no ecforce shop");
  // The stored domain is the base URL's host and path; the simulator serves the shop at that path.
  const simulated = await ecforceShopOpened(shop.domain.split("/").pop()!);
  const firstNumber = 1001 + simulated.orders.length;
  const start = Math.ceil(Date.now() / 1000) * 1000;
  const added = simulated.addOrders(
    Array.from({ length: count }, (_, i): SeedOrder => {
      const customer = {
        familyName: "佐藤",
        givenName: `花子${i + 1}`,
        familyNameKana: "サトウ",
        givenNameKana: "ハナコ",
        company: "",
        postalCode: "604-8005",
        prefecture: "京都府",
        city: "京都市中京区",
        address1: "恵比須町534-40",
        address2: "",
        phone: "075-123-4567",
      };
      return {
        number: firstNumber + i,
        createdAt: new Date(start + i * 1000).toISOString(),
        email: `sync${i + 1}@example.jp`,
        purchaser: customer,
        recipient: customer,
        lineItems: [{ sku: "TEA-01", name: "宇治抹茶 100g", quantity: 1, unitPrice: 1800 }],
        shippingFee: 0,
        payment: "credit_card",
        deliveryDate: null,
        deliveryTime: null,
        note: "",
        state: "open",
      };
    }),
  );
  return {
    numbers: added.map((order) => order.number),
    connection: { baseUrl: `http://${shop.domain}`, apiToken: simulated.apiToken },
  };
}
