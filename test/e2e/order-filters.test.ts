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
});
