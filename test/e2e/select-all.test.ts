import { Order } from "@okuru/core/order";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { asUser } from "../support/account";
import { addSelfPrintedYamato, poll, useBrowserApp, usePrivateLabelQueues } from "../support/e2e";
import { setupDoneAccount } from "../support/merchant";
import { personFixture, shopOrderFixture } from "../support/orders";
import { drainQueue } from "../support/simulators";

/** More than one page of the list (50), so 「すべてを選択」 reaches past it. */
const ORDERS = 60;

/**
 * 「すべてを選択」 as a merchant uses it: the whole page selected, the banner's offer of
 * every order of 未発送, labels for all of them, and the history's tab counts after.
 */
describe("selecting every order of a tab", () => {
  let page: Page;
  const app = useBrowserApp({
    onPage: (opened) => {
      page = opened;
    },
    before: () => usePrivateLabelQueues("select-all"),
  });
  const { shot } = app;
  const bulkBar = () => page.getByRole("region", { name: "選択した注文の操作" });

  it("selects every order of 未発送 beyond the page and issues labels for all of them", async () => {
    const account = await setupDoneAccount("株式会社全件選択商店");
    await addSelfPrintedYamato(account, 56_600_000_000);
    const person = personFixture({ name: "高橋 一郎" });
    await asUser(account, () =>
      Order.upsertPage(
        Array.from({ length: ORDERS }, (_, i) =>
          shopOrderFixture(i + 1, {
            shopId: "shop_01JE2ESELALL0000000000000",
            customer: person,
            purchaser: person,
          }),
        ),
      ),
    );
    await app.signIn(account);
    await app.goto("/orders?tab_key=notShipped");
    const table = page.getByRole("table", { name: "注文" });
    await poll(() => table.getByRole("row").count()).toBe(50 + 1);

    await page.getByRole("checkbox", { name: "このページの注文をすべて選択" }).check();
    await bulkBar().getByText("50件を選択中").waitFor();
    await bulkBar().getByText("このページの50件を選択しました。").waitFor();
    await shot("select-all-1-offer");
    await bulkBar()
      .getByRole("button", { name: `『未発送』の${ORDERS}件すべてを選択` })
      .click();
    await bulkBar().getByText(`${ORDERS}件を選択中`).waitFor();
    await bulkBar().getByText(`『未発送』の${ORDERS}件すべてを選択しています。`).waitFor();
    await shot("select-all-2-selected");

    await bulkBar().getByRole("button", { name: "送り状発行" }).click();
    const modal = page.getByRole("dialog", { name: "送り状発行" });
    await modal.getByText(`0 / ${ORDERS}件`).waitFor();
    expect((await drainQueue("labelJob", labelJobHandler)).failed).toBe(0);
    await modal.getByText("発行が完了しました").waitFor({ timeout: 15_000 });
    await modal.getByText(`${ORDERS} / ${ORDERS}件`).waitFor();
    await modal.getByText(`${ORDERS}件の注文に送り状を発行しました（${ORDERS}枚）`).waitFor();
    await shot("select-all-3-issued");

    // 出荷履歴's tabs count them.
    await app.goto("/shipments?status=issued");
    const issuedTab = page.getByRole("tab", { name: /^発行済み/ });
    await poll(() => issuedTab.textContent()).toBe(`発行済み${ORDERS}`);
    expect(await page.getByRole("tab", { name: /^取消済み/ }).textContent()).toBe("取消済み0");
    expect(await page.getByRole("tab", { name: /^すべて/ }).textContent()).toBe(`すべて${ORDERS}`);
    await shot("select-all-4-history-tabs", { fromTop: true });
  });
});
