import { readFileSync } from "node:fs";
import { Order } from "@okuru/core/entities/order";
import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { callApi } from "../support/api";
import { usePrivateLabelQueues } from "../support/e2e";
import {
  addOsakaSender,
  closeDialog,
  failuresIn,
  jobFinished,
  selfPrintingAccount,
  useOrderListApp,
} from "../support/e2e-orders";
import { personFixture, shopOrderFixture } from "../support/orders";
import { drainQueue } from "../support/simulators";

/** Recipients in JIS level 1/2 kanji only, so every carrier's file and label can take them. */
const person = (name = "高橋 一郎") => personFixture({ name });
const shopOrder = (n: number, overrides: Partial<Order.ShopOrderWrite> = {}) =>
  shopOrderFixture(n, {
    shopId: "shop_01JE2ELABELS0000000000000",
    customer: person(),
    purchaser: person(),
    ...overrides,
  });
const orderIdOf = (write: Order.ShopOrderWrite) =>
  Order.idOf(write.shopId, write.platformOrderId, new Date(write.purchasedAt).toISOString());

/**
 * The order list's bulk actions as a merchant uses them: 送り状発行 with its progress,
 * PDFs and failures, the label in the order's drawer, a carrier software file with the
 * orders left out, and the carrier set for many orders at once.
 */
describe("order list bulk actions", () => {
  const app = useOrderListApp({ before: () => usePrivateLabelQueues("labels") });
  const { shot, table, select, bulkBar, bulkMenu } = app;

  /** A company printing its own Yamato labels, with `orders` in 未発送 on the screen. */
  async function printingCompany(name: string, orders: Order.ShopOrderWrite[]) {
    const account = await selfPrintingAccount(name, 55_500_000_000);
    await app.openNotShipped(account, orders);
    return account;
  }

  it("issues labels for the selection: progress, the PDF, the order that failed with its reason, and the label in the drawer", async () => {
    const plain = shopOrder(41);
    const second = shopOrder(42, { customer: person("佐藤 花子"), purchaser: person("佐藤 花子") });
    const broken = shopOrder(43, {
      issues: [{ field: "customer.phone", message: "お届け先の電話番号の桁数が正しくありません。" }],
    });
    const account = await printingCompany("株式会社送り状商店", [plain, second, broken]);

    const keys: string[] = [];
    app.page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/shipments/labels")
        keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await select("#1041", "#1042", "#1043");
    await bulkBar().getByText("3件を選択中").waitFor();
    await bulkBar().getByRole("button", { name: "送り状発行" }).click();

    // Accepted, not yet rendered: the e2e server has no consumer, so the batch waits for the drain below.
    const modal = app.page.getByRole("dialog", { name: "送り状発行" });
    await modal.getByText("送り状を作成しています…").waitFor();
    await modal.getByText("0 / 3件").waitFor();
    expect(
      await modal.getByRole("progressbar", { name: "送り状の作成状況" }).getAttribute("aria-valuenow"),
    ).toBe("0");
    await shot("labels-1-progress");
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The list let go of the orders sent.
    expect(await bulkBar().count()).toBe(0);

    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    await jobFinished(modal, "発行が完了しました", "3 / 3件", "2件の注文に送り状を発行しました（2枚）");
    expect(await failuresIn(modal, "発行できなかった注文（1件）")).toEqual([
      "#1043お届け先の電話番号の桁数が正しくありません。",
    ]);

    // The part's PDF opens in a new tab (the link is the presigned file itself).
    const pdfLink = modal.getByRole("link", { name: "PDFを開く" });
    expect(await pdfLink.count()).toBe(1);
    expect(await pdfLink.getAttribute("target")).toBe("_blank");
    await modal.getByText("ヤマト運輸 2枚").waitFor();
    const pdf = Buffer.from(await (await fetch((await pdfLink.getAttribute("href"))!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await shot("labels-2-result");

    // The API has the shipments the modal summed up.
    const issued = await callApi(`/api/shipments?order_id=${orderIdOf(plain)}`, { token: account.idToken });
    expect(issued.json.items).toHaveLength(1);
    const number: string = issued.json.items[0].tracking_number;
    expect(number.startsWith("5550000000")).toBe(true);

    // The order's drawer shows its label: the number 4-4-4, the carrier and 発行済み.
    await closeDialog(modal);
    await table().getByText("#1041", { exact: true }).click();
    const drawer = app.page.getByRole("dialog", { name: "注文 #1041" });
    const labels = drawer.getByRole("region", { name: "送り状" });
    await labels.getByText(formatTrackingNumber(number)).waitFor();
    await labels.getByText("発行済み").waitFor();
    expect(await labels.textContent()).toMatch(/ヤマト運輸・\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 発行/);
    await shot("labels-3-drawer");
    await app.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // An order without a label says so.
    await table().getByText("#1043", { exact: true }).click();
    await app.page
      .getByRole("dialog", { name: "注文 #1043" })
      .getByRole("tab", { name: /^注文内容/ })
      .click();
    await app.page.getByRole("dialog", { name: "注文 #1043" }).getByText("まだ発行していません。").waitFor();
    await app.page.keyboard.press("Escape");
  });

  it("exports a B2クラウド file: the download starts, and the order Yamato cannot take is listed with its reason", async () => {
    const fits = shopOrder(51);
    const noonSlot = shopOrder(52, { requestedDeliveryDate: "2026-11-20", requestedTimeSlot: "1200" });
    await printingCompany("株式会社出力商店", [fits, noonSlot]);

    await select("#1051", "#1052");
    const [download] = await Promise.all([
      app.page.waitForEvent("download"),
      bulkMenu("CSV出力", "B2クラウド"),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    // B2クラウド reads Shift_JIS: the order that fits is in it, the other is not.
    const csv = iconv.decode(readFileSync((await download.path())!), "Shift_JIS");
    const rows = csv.trim().split(/\r?\n/);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain("注文番号,1051,");

    const modal = app.page.getByRole("dialog", { name: "CSV出力（B2クラウド）" });
    await modal.getByText("1件を出力しました").waitFor();
    expect(await failuresIn(modal, "出力できなかった注文（1件）")).toEqual([
      "#1052ヤマト運輸では12時〜14時の時間帯指定はできません",
    ]);
    await shot("labels-4-export-result");
    await closeDialog(modal);
  });

  it("sets the carrier of the selection at once, from the bulk bar at phone width; an order the carrier cannot take keeps its delivery", async () => {
    const plain = shopOrder(61);
    // Cash on delivery beyond what any carrier collects.
    const tooMuch = shopOrder(62, { codAmount: 350_000, totalAmount: 350_000 });
    const account = await printingCompany("株式会社一括商店", [plain, tooMuch]);
    const orderOf = async (write: Order.ShopOrderWrite) =>
      (await callApi(`/api/orders/${orderIdOf(write)}`, { token: account.idToken })).json;

    await app.page.setViewportSize({ width: 375, height: 812 });
    try {
      await select("#1061", "#1062");
      await bulkBar().getByText("2件を選択中").waitFor();
      // The bar's actions wrap within the phone's width instead of running off it.
      expect(await bulkBar().evaluate((bar) => bar.scrollWidth - bar.clientWidth)).toBe(0);
      const box = (await bulkBar().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      // The tabs scroll sideways rather than squeezing their counts away.
      const count = app.page.getByRole("tab", { name: /^未発送/ }).locator(".mantine-Badge-label");
      expect(await count.textContent()).toBe("2");
      expect(await count.evaluate((label) => label.scrollWidth - label.clientWidth)).toBe(0);
      await app.page.evaluate(() => window.scrollTo(0, 0));
      await shot("labels-5-bulk-bar-phone");

      await bulkMenu("配送設定", "配送会社を変更");
      const modal = app.page.getByRole("dialog", { name: "配送会社を変更" });
      await modal.getByText("選択した2件の注文の配送会社を変更します。").waitFor();
      await modal.getByRole("radio", { name: "佐川急便" }).check();
      await modal.getByRole("button", { name: "変更する" }).click();
      await modal.getByText("1件の配送会社を変更しました。").waitFor();
      expect(await failuresIn(modal, "変更できなかった注文（1件）")).toEqual([
        "#1062代引金額は300,000円以下で入力してください",
      ]);
      await shot("labels-6-bulk-carrier-result");
      await closeDialog(modal);
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 800 });
    }

    // The API has Sagawa's delivery, taken from the order, on the one it could take; the other is as it was.
    expect((await orderOf(plain)).delivery).toMatchObject({
      carrier: "sagawa",
      parcels: 1,
      cod_amount: null,
    });
    const kept = await orderOf(tooMuch);
    expect(kept.delivery).toBeNull();

    // 発送元 for both: every order takes it, so a toast says so and the dialog closes.
    const osaka = await addOsakaSender(account);
    await select("#1061", "#1062");
    await bulkMenu("配送設定", "発送元を変更");
    const senderModal = app.page.getByRole("dialog", { name: "発送元を変更" });
    const senderSelect = senderModal.getByRole("combobox", { name: "発送元" });
    await expect.poll(() => senderSelect.inputValue()).toBe("ブランドの既定の発送元");
    await senderSelect.click();
    await app.page.getByRole("option", { name: "大阪倉庫" }).click();
    await senderModal.getByRole("button", { name: "変更する" }).click();
    await app.page.getByText("2件の発送元を変更しました。").waitFor();
    await senderModal.waitFor({ state: "hidden" });
    expect((await orderOf(plain)).sender_id).toBe(osaka.senderId);
    expect((await orderOf(tooMuch)).sender_id).toBe(osaka.senderId);
    expect(await bulkBar().count()).toBe(0);
  });
});
