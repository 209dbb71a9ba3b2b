import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { Company } from "@okuru/core/entities/company";
import { Shop } from "@okuru/core/entities/shop";
import { ShopConnection } from "@okuru/core/workflows/shop-connection";
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
 * Puts `count` new orders into the company's simulated ecforce shop through the
 * simulator's own admin API, as the shop's checkout would: the shop's admin signs in
 * (the simulator's default admin) and each order is POSTed to orders.json; the shop's
 * rate limit (429) is waited out. Returns the new orders' numbers and the shop's
 * connection (base URL and API token) as the product stores it.
 */
export async function addEcforceOrders(
  account: Parameters<typeof asUser>[0],
  count: number,
): Promise<{ numbers: string[]; connection: { baseUrl: string; apiToken: string } }> {
  const shop = (await asUser(account, () => Shop.list())).items.find((item) => item.platform === "ecforce");
  if (!shop) throw new Error("The company has no ecforce shop");
  // The stored domain is the base URL's host and path; the simulator serves the shop at that path.
  const base = `http://${shop.domain}`;
  const name = shop.domain.split("/").pop()!;
  const send = async (path: string, body: unknown, token?: string) => {
    for (;;) {
      const response = await fetch(`${base}/api/v2${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Token token="${token}"` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (response.status === 429) {
        await new Promise((done) => setTimeout(done, 1000));
        continue;
      }
      if (!response.ok) throw new Error(`ecforce ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    }
  };
  const { authentication_token: token } = await send("/admins/sign_in.json", {
    admin: { email: `admin@${name}.example`, password: "password" },
  });
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const address = {
      name01: "佐藤",
      name02: `花子${i + 1}`,
      kana01: "サトウ",
      kana02: "ハナコ",
      zip01: "604",
      zip02: "8005",
      prefecture_name: "京都府",
      addr01: "京都市中京区",
      addr02: "恵比須町534-40",
      addr03: "",
      tel01: "075",
      tel02: "123",
      tel03: "4567",
    };
    const created = await send(
      "/admin/orders.json",
      {
        order: {
          email: `sync${i + 1}@example.jp`,
          shipping_address: address,
          order_items: [{ name: "宇治抹茶 100g", sku: "TEA-01", quantity: 1, price: 1800 }],
          payment_method_name: "クレジットカード決済",
        },
      },
      token,
    );
    numbers.push(String(created.data.attributes.number));
  }
  return { numbers, connection: { baseUrl: base, apiToken: token } };
}
