import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { poll, usePrivateLabelQueues } from "../support/e2e";
import { jobFinished, selfPrintingAccount, useOrderListApp } from "../support/e2e-orders";
import { personFixture, shopOrderFixture } from "../support/orders";
import { drainQueue } from "../support/simulators";

/** More than one page of the list (50), so 「すべてを選択」 reaches past it. */
const ORDERS = 60;

/**
 * 「すべてを選択」 as a merchant uses it: the whole page selected, the banner's offer of
 * every order of 未発送, labels for all of them, and the history's tab counts after.
 */
describe("selecting every order of a tab", () => {
  const app = useOrderListApp({ before: () => usePrivateLabelQueues("select-all") });
  const { shot, bulkBar } = app;

  it("selects every order of 未発送 beyond the page and issues labels for all of them", async () => {
    const account = await selfPrintingAccount("株式会社全件選択商店", 56_600_000_000);
    const person = personFixture({ name: "高橋 一郎" });
    // The list shows the first page: 50 of them.
    await app.openNotShipped(
      account,
      Array.from({ length: ORDERS }, (_, i) =>
        shopOrderFixture(i + 1, {
          shopId: "shop_01JE2ESELALL0000000000000",
          customer: person,
          purchaser: person,
        }),
      ),
    );

    await app.page.getByRole("checkbox", { name: "このページの注文をすべて選択" }).check();
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
    const modal = app.page.getByRole("dialog", { name: "送り状発行" });
    await modal.getByText(`0 / ${ORDERS}件`).waitFor();
    expect((await drainQueue("labelJob", labelJobHandler)).failed).toBe(0);
    await jobFinished(
      modal,
      "発行が完了しました",
      `${ORDERS} / ${ORDERS}件`,
      `${ORDERS}件の注文に送り状を発行しました（${ORDERS}枚）`,
    );
    await shot("select-all-3-issued");

    // 出荷履歴's tabs count them.
    await app.goto("/shipments?status=issued");
    const issuedTab = app.page.getByRole("tab", { name: /^発行済み/ });
    await poll(() => issuedTab.textContent()).toBe(`発行済み${ORDERS}`);
    expect(await app.page.getByRole("tab", { name: /^取消済み/ }).textContent()).toBe("取消済み0");
    expect(await app.page.getByRole("tab", { name: /^すべて/ }).textContent()).toBe(`すべて${ORDERS}`);
    await shot("select-all-4-history-tabs", { fromTop: true });
  });
});
