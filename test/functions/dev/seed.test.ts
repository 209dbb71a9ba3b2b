import { coreConfig } from "@okuru/core/config";
import { Brand } from "@okuru/core/entities/brand";
import { Company } from "@okuru/core/entities/company";
import { Identity } from "@okuru/core/entities/identity";
import { ItemCategory } from "@okuru/core/entities/item-category";
import { Sender } from "@okuru/core/entities/sender";
import { Shop } from "@okuru/core/entities/shop";
import { User } from "@okuru/core/entities/user";
import { CompanyUpdate } from "@okuru/core/shared/company";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDemoShops, demoShops, openDemoShops } from "../../../dev/src/demo-shops";
import { demoAccount, seedDemo } from "../../../dev/src/seed";
import { handler as orderSyncHandler } from "../../../functions/src/queue/order-sync";
import { asUser } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs } from "../../support/cognito";
import { expectOneJudgement } from "../../support/one-judgement";
import { usePrivateQueue } from "../../support/queues";
import { drainQueue, usePrivateOrderSyncQueue, withShops } from "../../support/simulators";

let simulators: Awaited<ReturnType<typeof withShops>>;
beforeAll(async () => {
  simulators = await withShops();
  await usePrivateOrderSyncQueue();
  await usePrivateQueue("labelJob");
  // Enough of the demo's generated orders to meet its customers' mistakes (4 % of them) and every slot.
  openDemoShops(simulators, { shopifyOrders: 60, ecforceOrders: 40 });
});
afterAll(() => simulators?.stop());

describe("the demo seed of npm start", () => {
  it("makes a complete, realistic company once, and changes nothing on a second start", async () => {
    const { endpoints, cognito } = coreConfig();
    const connect = () => connectDemoShops(simulators);
    expect(await seedDemo(endpoints.cognito!, cognito.userPoolId, connect)).toBe("created");
    expect(await seedDemo(endpoints.cognito!, cognito.userPoolId, connect)).toBe("exists");

    const token = await signInAs(demoAccount.email);
    const subject = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;
    const link = (await Identity.resolve(subject))!;
    const account = { tenantId: link.tenantId, userId: link.userId, subject, email: demoAccount.email };
    await asUser(account, async () => {
      const company = Company.serialize(await Company.get());
      expect(CompanyUpdate.safeParse(company).success).toBe(true);
      expect(company).toMatchObject({ setup_status: "done", prefecture: "京都府", postal_code: "6048005" });
      expect((await User.get(link.userId)).name).toBe("髙橋 一郎");
      const senders = (await Sender.list()).items;
      const categories = (await ItemCategory.list()).items;
      expect(senders.map((s) => s.prefecture)).toEqual(["京都府", "大阪府"]);
      expect(categories).toHaveLength(2);
      const brand = await Brand.get();
      expect(brand).toMatchObject({
        name: "京都おくる茶舗",
        defaultSenderId: senders[0]!.senderId,
        defaultItemCategoryId: categories[0]!.itemCategoryId,
      });
      // Both demo shops connected once each, the second start only renewing their credentials.
      const shops = (await Shop.list()).items.map((shop) => [shop.platform, shop.name, shop.status]);
      expect(shops.sort()).toEqual([
        ["ecforce", demoShops.ecforce.name, "active"],
        ["shopify", demoShops.shopify.name, "active"],
      ]);
    });
    // One self-printed account per carrier with 10,000 demo numbers, each its carrier's default.
    for (const carrier of ["yamato", "sagawa", "japan_post"]) {
      const accounts = (await callApi(`/api/${carrier}`, { token })).json.items;
      expect(accounts, carrier).toEqual([
        expect.objectContaining({ mode: "self_printed", is_default: true, remaining_numbers: 10_000 }),
      ]);
    }
    // The demo user lands on the order list: setup is done, the profile complete.
    const me = await callApi("/api/companies", { token });
    expect(me.json.setup_status).toBe("done");
    // API連携 is an operator's switch; the demo has it on, so the tab and the public API can be tried.
    expect(me.json.features).toEqual({ api_integration: true });
  });

  it("agrees with itself: an order of the demo without errors gets a label and a line in its carrier's file, one with errors neither, with the same reasons", async () => {
    const token = await signInAs(demoAccount.email);
    const call = (path: string, method = "GET", body?: unknown) =>
      callApi(`/api${path}`, { method, token, body });
    // The first syncs the connections asked for, and the re-judgement the carrier accounts asked for.
    await drainQueue("orderSync", orderSyncHandler);
    const ids = ((await call("/orders/ids?tab_key=notShipped")).json.items as { id: string }[]).map(
      (o) => o.id,
    );
    expect(ids.length).toBeGreaterThan(60);

    // A third each by Sagawa and Japan Post; the rest by the brand's default carrier (Yamato).
    const { withErrors, clean, reasons } = await expectOneJudgement(call, {
      sagawa: ids.filter((_, i) => i % 3 === 1),
      japan_post: ids.filter((_, i) => i % 3 === 2),
      yamato: ids.filter((_, i) => i % 3 === 0),
    });
    // The demo meets both kinds: its customers' mistakes and orders that print.
    expect(withErrors.length).toBeGreaterThan(0);
    expect(clean.length, reasons.join("\n")).toBeGreaterThan(withErrors.length * 4);
  }, 180_000);
});
