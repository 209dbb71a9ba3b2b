import { Order } from "@okuru/core/entities/order";
import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import { describe, expect, it } from "vitest";
import { handler as labelJobHandler } from "../../functions/src/queue/label-job";
import { asUser } from "../support/account";
import { callApi } from "../support/api";
import { poll, useBrowserApp, usePrivateLabelQueues } from "../support/e2e";
import { closeDialog, selfPrintingAccount } from "../support/e2e-orders";
import { personFixture, shopOrderFixture } from "../support/orders";
import { drainQueue } from "../support/simulators";

/** Recipients in JIS level 1/2 kanji only, so Yamato's label takes them. */
const person = personFixture({ name: "高橋 一郎" });
const shopOrder = (n: number) =>
  shopOrderFixture(n, { shopId: "shop_01JE2ESHIPMENTS00000000000", customer: person, purchaser: person });

type ShipmentJson = {
  id: string;
  order_id: string;
  order_number: string;
  tracking_number: string;
  label_id: string;
  status: string;
};

/** Today in Japan, YYYY-MM-DD: the day the test's labels were printed. */
const jstToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());

/**
 * 出荷履歴 as a merchant uses it: the issued labels under 発行済み with their numbers,
 * cancelling one (and two at once) after a warning that the numbers are retired,
 * printing a torn label again with the same number, and the tab and dates kept in
 * the URL across reload, back and forward.
 */
describe("shipment history", () => {
  const app = useBrowserApp({ before: () => usePrivateLabelQueues("shipments") });
  const { shot } = app;
  const table = () => app.page.getByRole("table", { name: "出荷" });
  // A tab's name is its label and its count (発行済み 3).
  const tab = (label: string) => app.page.getByRole("tab", { name: new RegExp(`^${label}`) });
  const titleOf = (s: ShipmentJson) => `${s.order_number} ${formatTrackingNumber(s.tracking_number)}`;

  /**
   * A company printing its own Yamato labels, with labels issued for #1001, #1002 and
   * #1003 (two parcels) through the API and the label-job consumer.
   */
  async function printingMerchant(name: string) {
    // A cancel in an earlier test leaves its part's rendering on the queue: drawn first, so the counts below are this merchant's.
    expect((await drainQueue("labelJob", labelJobHandler)).failed).toBe(0);
    const account = await selfPrintingAccount(name, 66_600_000_000);
    const call = (path: string, method = "GET", body?: unknown) =>
      callApi(`/api${path}`, { method, token: account.idToken, body });
    const orders = await asUser(account, () => Order.upsertPage([1, 2, 3].map(shopOrder)));
    const twoParcels = await call(`/orders/${orders[2]!.orderId}/delivery/yamato`, "PUT", {
      service_type: "6",
      item_name: "宇治抹茶 詰め合わせ",
      parcels: 2,
    });
    expect(twoParcels.status, twoParcels.text).toBe(200);
    const accepted = await call("/shipments/labels", "POST", { order_ids: orders.map((o) => o.orderId) });
    expect(accepted.status).toBe(202);
    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    const batch = (await call(`/shipments/labels?label_id=${accepted.json.label_id}`)).json;
    expect(batch.results.map((r: { error: string | null }) => r.error)).toEqual([null, null, null]);
    const issued: ShipmentJson[] = (await call("/shipments?status=issued")).json.items;
    expect(issued).toHaveLength(4);
    const byNumber = (n: string) => issued.filter((s) => s.order_number === n);
    await app.signIn(account);
    return { account, call, issued, byNumber };
  }

  it("lists issued shipments with their numbers, cancels one and then two after the warning, and keeps tab and dates in the URL", async () => {
    const { call, issued, byNumber } = await printingMerchant("株式会社出荷履歴堂");

    // The sidebar's link: 発送済み, where nothing has been reported to the shop yet.
    await app.goto(`/orders?tab_key=notShipped`);
    await app.page.getByRole("link", { name: "出荷履歴" }).click();
    await app.page.waitForURL(/\/shipments\?status=isShipped$/);
    await app.page.getByText("発送済みの出荷はありません").waitFor();
    expect(await tab("発送済み").getAttribute("aria-selected")).toBe("true");
    await shot("shipments-0-shipped-empty");

    await tab("発行済み").click();
    await app.page.waitForURL(/status=issued/);
    await poll(() => table().getByRole("row").count()).toBe(issued.length + 1);
    for (const s of issued) {
      const row = table()
        .getByRole("row")
        .filter({ hasText: formatTrackingNumber(s.tracking_number) });
      expect(await row.textContent()).toContain(s.order_number);
      expect(await row.textContent()).toContain("ヤマト運輸");
      expect(await row.textContent()).toContain("発行済み");
    }
    expect(await table().getByText("1/2個口").count()).toBe(1);
    expect(await table().getByText("2/2個口").count()).toBe(1);
    await shot("shipments-1-list");

    // One row's 取り消し: the dialog says the number is retired for good.
    const [first] = byNumber("#1001");
    await app.page.getByRole("button", { name: `${titleOf(first!)} の操作` }).click();
    await app.page.getByRole("menuitem", { name: "取り消し" }).click();
    const confirm = app.page.getByRole("dialog", { name: "出荷を取り消す" });
    await confirm.getByText("取り消した追跡番号は再利用されません").waitFor();
    await confirm.getByText(titleOf(first!)).waitFor();
    await shot("shipments-2-cancel-confirm");
    await confirm.getByRole("button", { name: "取り消す" }).click();
    await app.page.getByText("1件の出荷を取り消しました。").waitFor();
    await confirm.waitFor({ state: "hidden" });
    await poll(() => table().getByRole("row").count()).toBe(issued.length);
    expect((await call(`/shipments/${first!.id}`)).json.status).toBe("cancelled");

    // The selection's 取り消し: both parcels of #1003 at once.
    const parcels = byNumber("#1003");
    for (const s of parcels) await app.page.getByRole("checkbox", { name: `${titleOf(s)} を選択` }).check();
    const bulkBar = app.page.getByRole("region", { name: "選択した出荷の操作" });
    await bulkBar.getByText("2件を選択中").waitFor();
    await bulkBar.getByRole("button", { name: "取り消し" }).click();
    await confirm.getByText("選択した2件の出荷の送り状を取り消します。").waitFor();
    await confirm.getByRole("button", { name: "取り消す" }).click();
    await app.page.getByText("2件の出荷を取り消しました。").waitFor();
    await poll(() => table().getByRole("row").count()).toBe(2);
    expect(await bulkBar.count()).toBe(0);
    const cancelled: ShipmentJson[] = (await call("/shipments?status=cancelled")).json.items;
    expect(cancelled.map((s) => s.id).sort()).toEqual([first!.id, ...parcels.map((s) => s.id)].sort());

    // 取消済み lists them, with no actions left on their rows.
    await tab("取消済み").click();
    await app.page.waitForURL(/status=cancelled/);
    await poll(() => table().getByRole("row").count()).toBe(4);
    await table().getByText(formatTrackingNumber(first!.tracking_number)).waitFor();
    expect(
      await table()
        .getByRole("button", { name: /の操作$/ })
        .count(),
    ).toBe(0);

    // The printed dates, picked in the calendar (today, both ends): kept in the URL across a reload.
    await tab("発行済み").click();
    await app.page.waitForURL(/status=issued/);
    const today = jstToday();
    const [y, m, d] = today.split("-").map(Number);
    await app.page.getByLabel("発行日").click();
    const day = app.page.getByRole("button", { name: `${d} ${m}月 ${y}`, exact: true });
    await day.click();
    await day.click();
    await app.page.waitForURL((url) => url.searchParams.get("printed_to") === today);
    expect(new URL(app.page.url()).searchParams.get("printed_from")).toBe(today);
    await poll(() => table().getByRole("row").count()).toBe(2);
    await app.page.reload();
    await poll(() => table().getByRole("row").count()).toBe(2);
    expect(await tab("発行済み").getAttribute("aria-selected")).toBe("true");
    expect(await app.page.getByLabel("発行日").textContent()).toContain(today.replaceAll("-", "/"));
    expect(new URL(app.page.url()).searchParams.get("status")).toBe("issued");

    // A period without labels says so; back returns to today's, forward to the empty one.
    const yesterday = new Date(Date.parse(`${today}T00:00:00+09:00`) - 86_400_000 + 9 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    await app.goto(`/shipments?status=issued&printed_from=2020-01-01&printed_to=${yesterday}`);
    await app.page.getByText("この期間の出荷はありません").waitFor();
    await app.page.goBack();
    await poll(() => table().getByRole("row").count()).toBe(2);
    expect(await tab("発行済み").getAttribute("aria-selected")).toBe("true");
    await app.page.goForward();
    await app.page.getByText("この期間の出荷はありません").waitFor();

    // すべて is the list without a status; back returns to 発行済み.
    await app.goto(`/shipments?status=issued`);
    await poll(() => table().getByRole("row").count()).toBe(2);
    await tab("すべて").click();
    await app.page.waitForURL((url) => url.pathname === "/shipments" && !url.searchParams.has("status"));
    await poll(() => table().getByRole("row").count()).toBe(issued.length + 1);
    await app.page.goBack();
    await app.page.waitForURL(/status=issued/);
    expect(await tab("発行済み").getAttribute("aria-selected")).toBe("true");
  });

  it("reissues a torn label with the same number and a new label id: progress, the PDF, and a cancelled one named with its reason; usable at phone width", async () => {
    const { call, byNumber } = await printingMerchant("株式会社再発行商店");
    const [torn] = byNumber("#1001");
    const [gone] = byNumber("#1002");
    expect((await call(`/shipments/${gone!.id}/cancel`, "PUT")).status).toBe(200);
    // The cancel asked the label-job consumer to draw its batch part again without it.
    expect((await drainQueue("labelJob", labelJobHandler)).failed).toBe(0);

    const keys: string[] = [];
    app.page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/shipments/reissue")
        keys.push(request.headers()["idempotency-key"] ?? "");
    });
    await app.goto(`/shipments`);
    await poll(() => table().getByRole("row").count()).toBe(5);
    for (const s of [torn!, gone!])
      await app.page.getByRole("checkbox", { name: `${titleOf(s)} を選択` }).check();
    const bulkBar = app.page.getByRole("region", { name: "選択した出荷の操作" });
    await bulkBar.getByRole("button", { name: "再発行" }).click();

    // Accepted, not yet rendered: the batch waits for the drain below.
    const modal = app.page.getByRole("dialog", { name: "送り状の再発行" });
    await modal.getByText("送り状を作成しています…").waitFor();
    await modal.getByText("0 / 2件").waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await bulkBar.count()).toBe(0);

    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    await modal.getByText("再発行が完了しました").waitFor({ timeout: 15_000 });
    await modal.getByText("1件の送り状を再発行しました").waitFor();
    const failed = modal.getByRole("list", { name: "再発行できなかった出荷" });
    await failed.getByText(titleOf(gone!)).waitFor();
    await failed.getByText("取り消した出荷は再発行できません。新しく発行してください。").waitFor();
    await shot("shipments-3-reissue-result");

    // The PDF opens in a new tab, and it is a PDF.
    const link = modal.getByRole("link", { name: "PDFを開く" });
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute("target")).toBe("_blank");
    const pdf = Buffer.from(await (await fetch((await link.getAttribute("href"))!)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // Same number, new label id, and the history says so.
    const reprinted = (await call(`/shipments/${torn!.id}`)).json;
    expect(reprinted.tracking_number).toBe(torn!.tracking_number);
    expect(reprinted.label_id).not.toBe(torn!.label_id);
    expect(reprinted.history.map((h: { action: string }) => h.action)).toEqual(["issue", "reissue"]);
    expect((await call(`/shipments/${gone!.id}`)).json.label_id).toBe(gone!.label_id);
    await closeDialog(modal);

    // At phone width (375 px): cards instead of a table, nothing runs off the side, and
    // a row's actions and the selection's bar still work.
    await app.page.setViewportSize({ width: 375, height: 812 });
    try {
      await app.goto(`/shipments?status=issued`);
      const cards = app.page.getByRole("list", { name: "出荷" });
      await poll(() => cards.getByRole("listitem").count()).toBe(4); // the select-all row and three shipments
      await cards.getByText(formatTrackingNumber(torn!.tracking_number)).waitFor();
      const overflow = await app.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      // The tabs scroll sideways rather than squeezing their counts away.
      const count = app.page.getByRole("tab", { name: /^発行済み/ }).locator(".mantine-Badge-label");
      expect(await count.textContent()).toMatch(/^\d+$/);
      expect(await count.evaluate((label) => label.scrollWidth - label.clientWidth)).toBe(0);
      await app.page.getByRole("checkbox", { name: `${titleOf(torn!)} を選択` }).check();
      await bulkBar.getByText("1件を選択中").waitFor();
      await shot("shipments-4-phone");
      await app.page.getByRole("button", { name: `${titleOf(torn!)} の操作` }).click();
      await app.page.getByRole("menuitem", { name: "取り消し" }).click();
      await app.page
        .getByRole("dialog", { name: "出荷を取り消す" })
        .getByText("取り消した追跡番号は再利用されません")
        .waitFor();
      await shot("shipments-5-phone-cancel-confirm");
      await app.page
        .getByRole("dialog", { name: "出荷を取り消す" })
        .getByRole("button", { name: "戻る" })
        .click();
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("opens a shipment at its own URL over the history, by keyboard or by link; an order's labels are reissued and cancelled from the order; a typed number says 追跡番号登録済み", async () => {
    const { account, call, byNumber } = await printingMerchant("株式会社出荷一件堂");
    const [one] = byNumber("#1001");
    const [two] = byNumber("#1002");
    // #1004 ships by another carrier, its number typed: nothing printed for it.
    const [typedOrder] = await asUser(account, () => Order.upsertPage([shopOrder(4)]));
    const typed = await call(`/orders/${typedOrder!.orderId}/delivery/sss`, "PUT", {
      carrier_name: "西濃運輸",
      tracking_number: "5555-0101",
    });
    expect(typed.status, typed.text).toBe(200);

    await app.goto(`/shipments?status=issued`);
    await poll(() => table().getByRole("row").count()).toBe(6);
    const typedRow = table().getByRole("row").filter({ hasText: "5555-0101" });
    expect(await typedRow.textContent()).toContain("追跡番号登録済み");

    // By keyboard: the row takes focus and Enter opens the shipment at /shipments/{id}.
    const row = table()
      .getByRole("row")
      .filter({ hasText: formatTrackingNumber(one!.tracking_number) });
    await row.focus();
    await app.page.keyboard.press("Enter");
    const drawer = app.page.getByRole("dialog", { name: `出荷 ${titleOf(one!)}` });
    await drawer.waitFor();
    await app.page.waitForURL((url) => url.pathname === `/shipments/${one!.id}`);
    expect(new URL(app.page.url()).searchParams.get("status")).toBe("issued");
    await drawer.getByText("ヤマト運輸").waitFor();
    await shot("shipments-6-shipment-url");
    // Escape closes it, back on the list with its tab.
    await app.page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await app.page.waitForURL((url) => url.pathname === "/shipments" && url.search === "?status=issued");
    await poll(() => row.evaluate((r) => r === document.activeElement)).toBe(true);

    // By link: the list behind and the shipment over it.
    await app.goto(`/shipments/${two!.id}?status=issued`);
    const second = app.page.getByRole("dialog", { name: `出荷 ${titleOf(two!)}` });
    await second.waitFor();
    await poll(() => table().getByRole("row").count()).toBe(6);
    // Its order is a link to the order's own URL.
    await second.getByRole("link", { name: "#1002" }).click();
    await app.page.waitForURL((url) => url.pathname === `/orders/${two!.order_id}`);
    const order = app.page.getByRole("dialog", { name: "注文 #1002" });
    await order.waitFor();

    // From the order: its label printed again, then cancelled, without going to 出荷履歴.
    await order.getByRole("tab", { name: /^注文内容/ }).click();
    const labels = order.getByRole("region", { name: "送り状" });
    await labels.getByRole("button", { name: `${titleOf(two!)} を再発行` }).click();
    const reissue = app.page.getByRole("dialog", { name: "送り状の再発行" });
    await reissue.getByText("送り状を作成しています…").waitFor();
    expect(await drainQueue("labelJob", labelJobHandler)).toEqual({ handled: 1, failed: 0 });
    await reissue.getByText("1件の送り状を再発行しました").waitFor({ timeout: 20_000 });
    await closeDialog(reissue);
    await poll(async () => (await call(`/shipments/${two!.id}`)).json.label_id).not.toBe(two!.label_id);

    await labels.getByRole("button", { name: `${titleOf(two!)} を取り消し` }).click();
    const confirm = app.page.getByRole("dialog", { name: "出荷を取り消す" });
    await confirm.getByRole("button", { name: "取り消す" }).click();
    await app.page.getByText("1件の出荷を取り消しました。").waitFor();
    await poll(async () => (await call(`/shipments/${two!.id}`)).json.status).toBe("cancelled");
    await labels.getByText("取消済み").waitFor();
    await shot("shipments-7-order-cancelled");
  }, 300_000);
});
