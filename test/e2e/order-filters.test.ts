import type { Order } from "@okuru/core/entities/order";
import { describe, expect, it } from "vitest";
import { asUser } from "../support/account";
import { callApi } from "../support/api";
import { poll, useBrowserApp } from "../support/e2e";
import { shopOrderFixture } from "../support/orders";
import { writeAsSync } from "../support/printing";
import { usePrivateOrderSyncQueue } from "../support/simulators";

/** An order of the e2e shop bought on a November 2026 day at 10:00 Japan time. */
const boughtOn = (n: number, day: number): Order.ShopOrderWrite =>
  shopOrderFixture(n, {
    shopId: "shop_01JE2EFILTERS000000000000",
    purchasedAt: `2026-11-${String(day).padStart(2, "0")}T01:00:00.000Z`,
    platformUpdatedAt: `2026-11-${String(day).padStart(2, "0")}T01:00:00.000Z`,
  });

/** 未発送 as a merchant picks the next batch: the purchase dates clicked in the calendar, and 送り状未発行. */
describe("order list filters", () => {
  const app = useBrowserApp({ before: usePrivateOrderSyncQueue });
  const table = () => app.page.getByRole("table", { name: "注文" });
  const rows = () => table().getByRole("row").count();
  const param = (name: string) => new URL(app.page.url()).searchParams.get(name);

  it("sets the 購入日 range by two clicks and keeps it in the URL; 送り状未発行 leaves the labelled orders out", async () => {
    const account = await app.signedInAdmin("株式会社絞り込み商店");
    const written = await asUser(account, () =>
      writeAsSync([boughtOn(1, 18), boughtOn(2, 20), boughtOn(3, 21), boughtOn(4, 22), boughtOn(5, 24)]),
    );
    // A number typed for another carrier makes #1003 labelled (its shipment is live).
    const typed = await callApi(`/api/orders/${written[2]!.orderId}/delivery/sss`, {
      method: "PUT",
      token: account.idToken,
      body: { carrier_name: "西濃運輸", tracking_number: "1234-5678-9012" },
    });
    expect(typed.status, typed.text).toBe(200);

    await app.goto("/orders?tab_key=notShipped");
    await poll(rows).toBe(6);
    await app.page.getByLabel("購入日").click();
    await app.page.getByText("2026年11月", { exact: true }).waitFor();
    await app.page.getByRole("button", { name: "20 11月 2026", exact: true }).click();
    await app.page.getByRole("button", { name: "22 11月 2026", exact: true }).click();
    await app.page.waitForURL((url) => url.searchParams.get("purchased_to") === "2026-11-22");
    expect(param("purchased_from")).toBe("2026-11-20");
    await app.page.keyboard.press("Escape");
    await poll(rows).toBe(4);
    expect(await app.page.getByLabel("購入日").textContent()).toContain("2026/11/20 – 2026/11/22");
    await poll(() => table().textContent()).toContain("1234-5678-9012");
    expect(await table().textContent()).toContain("2026/11/21 10:00");

    await app.page.getByRole("combobox", { name: "送り状" }).click();
    await app.page.getByRole("option", { name: "送り状未発行" }).click();
    await app.page.waitForURL((url) => url.searchParams.get("label_status") === "unissued");
    await poll(rows).toBe(3);
    expect(await table().textContent()).not.toContain("#1003");
    await app.page.reload();
    await poll(rows).toBe(3);
    expect(param("purchased_from")).toBe("2026-11-20");
  });

  it("shows cards on a phone, the filters behind 「絞り込み」, and the selection's actions at the foot of the screen", async () => {
    const account = await app.signedInAdmin("株式会社スマホ商店");
    const written = await asUser(account, () =>
      writeAsSync([boughtOn(11, 18), boughtOn(12, 20), boughtOn(13, 22)]),
    );
    const typed = await callApi(`/api/orders/${written[1]!.orderId}/delivery/sss`, {
      method: "PUT",
      token: account.idToken,
      body: { carrier_name: "西濃運輸", tracking_number: "2234-5678-9012" },
    });
    expect(typed.status, typed.text).toBe(200);

    await app.page.setViewportSize({ width: 390, height: 844 });
    try {
      await app.goto("/orders?tab_key=notShipped");
      const cards = app.page.getByRole("list", { name: "注文" }).getByRole("listitem");
      // The page's select-all line, then one card per order.
      await poll(() => cards.count()).toBe(4);
      expect(await table().count()).toBe(0);
      await cards.filter({ hasText: "#1012" }).getByText("2234-5678-9012").waitFor();
      expect(await app.page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
      // Only the search is on the first screen; the other filters wait in the drawer.
      const search = app.page.getByRole("textbox", { name: "検索" });
      expect((await search.boundingBox())!.width).toBeGreaterThan(150);
      expect(await app.page.getByRole("combobox", { name: "送り状" }).count()).toBe(0);
      await app.shot("order-filters-phone-1-cards", { fromTop: true });

      await app.page.getByRole("button", { name: "絞り込み" }).click();
      const drawer = app.page.getByRole("dialog", { name: "絞り込み" });
      await drawer.getByRole("combobox", { name: "送り状" }).click();
      await app.page.getByRole("option", { name: "送り状未発行" }).click();
      await app.page.waitForURL((url) => url.searchParams.get("label_status") === "unissued");
      await app.shot("order-filters-phone-2-drawer");
      await drawer.getByRole("button", { name: "注文を表示" }).click();
      await drawer.waitFor({ state: "hidden" });
      await poll(() => cards.count()).toBe(3);
      expect(await app.page.getByRole("list", { name: "注文" }).textContent()).not.toContain("#1012");
      await app.page.getByRole("button", { name: "絞り込み（1件の条件）" }).waitFor();

      // A selection's actions stay in reach wherever the list is scrolled to.
      await app.page.getByRole("checkbox", { name: "#1013 を選択" }).check();
      const bar = app.page.getByRole("region", { name: "選択した注文の操作" });
      await bar.getByRole("button", { name: "送り状発行" }).waitFor();
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(844);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await app.shot("order-filters-phone-3-selected");

      // From the table's narrowest width up, every header stays on one line (「注文番号」, not 「注文番/号」).
      for (const width of [768, 1440]) {
        await app.page.setViewportSize({ width, height: 900 });
        await table().waitFor();
        const linesPerHeader = await table().evaluate((t) =>
          [...t.querySelectorAll("th")]
            .filter((th) => th.textContent?.trim())
            .map((th) => {
              const range = document.createRange();
              range.selectNodeContents(th);
              return new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              ).size;
            }),
        );
        expect(
          linesPerHeader.every((lines) => lines === 1),
          String(linesPerHeader),
        ).toBe(true);
        await app.shot(`order-filters-desktop-${width}`, { fromTop: true });
      }
    } finally {
      await app.page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
