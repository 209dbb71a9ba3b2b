import type { Order } from "@okuru/core/entities/order";
import { Sender } from "@okuru/core/entities/sender";
import type { Locator } from "playwright-core";
import { asUser } from "./account";
import { addSelfPrintedYamato, poll, useBrowserApp } from "./e2e";
import { setupDoneAccount } from "./merchant";
import { writeAsSync } from "./printing";

type Account = Awaited<ReturnType<typeof setupDoneAccount>>;

/** A company whose setup is done and that prints its own Yamato labels: a self-printed default account, 100 numbers from serial `first`. */
export async function selfPrintingAccount(companyName: string, first: number) {
  const account = await setupDoneAccount(companyName);
  await addSelfPrintedYamato(account, first);
  return account;
}

/** A second sender of the company, 大阪倉庫 in 大阪市北区, as 発送元管理 adds it. */
export function addOsakaSender(account: Account) {
  return asUser(account, () =>
    Sender.create({
      name: "大阪倉庫",
      postal_code: "5300001",
      prefecture: "大阪府",
      city: "大阪市北区",
      address1: "梅田1-1",
      phone: "06-1234-5678",
    }),
  );
}

/** What a bulk job's dialog lists under the alert `name` (発行できなかった注文（1件）…): each order and its reason. */
export function failuresIn(dialog: Locator, name: string) {
  return dialog.getByRole("alert", { name }).getByRole("listitem").allTextContents();
}

/** Closes a dialog with its 閉じる button (the footer's, after the ✕ of the same name) and waits for it to go. */
export async function closeDialog(dialog: Locator) {
  await dialog.getByRole("button", { name: "閉じる" }).last().click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * Waits for a bulk job's dialog to report its end: `done` (発行が完了しました), the count
 * (3 / 3件) and the summary line; the job has up to 15 s after its queue was drained.
 */
export async function jobFinished(dialog: Locator, done: string, count: string, summary: string) {
  await dialog.getByText(done).waitFor({ timeout: 15_000 });
  await dialog.getByText(count).waitFor();
  await dialog.getByText(summary).waitFor();
}

/**
 * `useBrowserApp` for a file about the order list's bulk actions, with the list's parts
 * (the table, selecting orders, the bulk bar) and `openNotShipped`, which brings a
 * company's orders onto the screen.
 */
export function useOrderListApp(options: Parameters<typeof useBrowserApp>[0]) {
  const app = useBrowserApp(options);
  const table = () => app.page.getByRole("table", { name: "注文" });
  const bulkBar = () => app.page.getByRole("region", { name: "選択した注文の操作" });
  return Object.assign(app, {
    table,
    bulkBar,
    /** Ticks each order's checkbox, in the order given. */
    async select(...orderNumbers: string[]) {
      for (const orderNumber of orderNumbers)
        await app.page.getByRole("checkbox", { name: `${orderNumber} を選択` }).check();
    },
    /** Opens the bulk bar's `button` menu and picks `item` (配送設定 → 配送会社を変更). */
    async bulkMenu(button: string, item: string) {
      await bulkBar().getByRole("button", { name: button }).click();
      await app.page.getByRole("menuitem", { name: item }).click();
    },
    /**
     * Writes `orders` into the account's company as a sync does (pages of 50, judged),
     * signs the account in and opens 未発送 with the first page of them listed.
     */
    async openNotShipped(account: Account, orders: Order.ShopOrderWrite[]) {
      await asUser(account, () => writeAsSync(orders));
      await app.signIn(account);
      await app.goto("/orders?tab_key=notShipped");
      await poll(() => table().getByRole("row").count()).toBe(Math.min(orders.length, 50) + 1);
    },
  });
}
