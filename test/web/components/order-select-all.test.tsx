import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { companyBody, sentBodies, stubApi, type Wire } from "../fake-api";
import { userBody } from "../settings-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

const person = {
  name: "山田 花子",
  name_kana: "ヤマダ ハナコ",
  company: "",
  postal_code: "6048005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "",
  phone: "075-123-4567",
};

function order(n: number): Wire["OrderListItem"] {
  return {
    id: `ord_${String(n).padStart(4, "0")}`,
    shop_id: "shop_1",
    platform: "shopify",
    order_number: `#${1000 + n}`,
    shopify_order_id: null,
    shopify_shop_url: null,
    shipment_status: "notShipped",
    is_error: false,
    is_gift: false,
    errors: [],
    customer: person,
    purchaser: person,
    email: "hanako@example.jp",
    line_items: [{ name: "宇治抹茶", sku: "TEA-001", quantity: 1, unit_price: 2160 }],
    total_amount: 2160,
    cod_amount: null,
    note: "",
    memo: "",
    requested_delivery_date: null,
    requested_time_slot: null,
    sender_id: null,
    delivery: null,
    exported: null,
    labels: null,
    shop_changes: null,
    purchased_at: "2026-11-01T00:00:00.000Z",
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
    shipping_carrier: "yamato",
    tracking_numbers: [],
  } as Wire["OrderListItem"];
}

const limits = { labels: 1000, export: 1000, upload: 1000, bulk_update: 100 };

/** 未発送 with `total` orders, 50 a page; GET /orders/ids answers the first `ids` of them. */
function stubTab(total: number, ids: number) {
  const counts = { notShipped: total, partiallyShipped: 0, shipped: 0, cancelled: 0, archived: 0, error: 0 };
  return stubApi({
    "GET /api/companies": () => ({ body: companyBody("done") }),
    "GET /api/users/me": () => ({ body: userBody() }),
    "GET /api/shops": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/orders": () => ({
      body: { items: Array.from({ length: 50 }, (_, i) => order(i + 1)), next_cursor: "page2", counts },
    }),
    "GET /api/orders/ids": () => ({
      body: {
        items: Array.from({ length: ids }, (_, i) => ({
          id: order(i + 1).id,
          order_number: order(i + 1).order_number,
        })),
        truncated: ids < total,
        limits,
      },
    }),
    "POST /api/shipments/labels": () => ({ status: 202, body: { label_id: "lbl_1" } }),
  });
}

async function selectPage() {
  renderRoute("/orders?tab_key=notShipped", { auth: createFakeAuth(verifiedUser) });
  await screen.findByRole("checkbox", { name: "#1050 を選択" });
  fireEvent.click(screen.getByRole("checkbox", { name: "このページの注文をすべて選択" }));
  return screen.findByRole("region", { name: "選択した注文の操作" });
}

describe("the order list's 「すべてを選択」", () => {
  it("offers every order of the tab once the page is selected, selects them all, and issues labels for all", async () => {
    const fetchMock = stubTab(120, 120);
    const bar = await selectPage();
    expect(within(bar).getByText("50件を選択中")).toBeInTheDocument();
    expect(within(bar).getByText("このページの50件を選択しました。")).toBeInTheDocument();

    fireEvent.click(within(bar).getByRole("button", { name: "『未発送』の120件すべてを選択" }));
    expect(await within(bar).findByText("120件を選択中")).toBeInTheDocument();
    expect(within(bar).getByText("『未発送』の120件すべてを選択しています。")).toBeInTheDocument();
    // The ids were asked for with the tab's filters.
    expect(sentBodies(fetchMock, "GET /api/orders/ids", { queryWhenBodiless: true })).toEqual([
      "?tab_key=notShipped",
    ]);
    // 120 is more than a bulk update takes (100): those actions say so and wait; the others run.
    expect(within(bar).getByText("一括での変更は一度に100件までです。")).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "アーカイブ" })).toBeDisabled();
    expect(within(bar).getByRole("button", { name: "配送設定" })).toBeDisabled();
    const issue = within(bar).getByRole("button", { name: "送り状発行" });
    expect(issue).toBeEnabled();

    fireEvent.click(issue);
    await waitFor(() => expect(sentBodies(fetchMock, "POST /api/shipments/labels")).toHaveLength(1));
    const [sent] = sentBodies(fetchMock, "POST /api/shipments/labels");
    expect(sent.order_ids).toHaveLength(120);
    expect(new Set(sent.order_ids).size).toBe(120);
  });

  it("counts a selection past the cap by the tab's total and disables the actions with their limit", async () => {
    stubTab(1500, 1000);
    const bar = await selectPage();
    fireEvent.click(within(bar).getByRole("button", { name: "『未発送』の1,500件すべてを選択" }));
    expect(await within(bar).findByText("1,500件を選択中")).toBeInTheDocument();
    expect(within(bar).getByRole("button", { name: "送り状発行" })).toBeDisabled();
    expect(within(bar).getByRole("button", { name: "追跡番号をアップロード" })).toBeDisabled();
    expect(within(bar).getByRole("button", { name: "CSV出力" })).toBeDisabled();
    expect(within(bar).getByText(/送り状発行は一度に1000件までです。/)).toBeInTheDocument();

    // The banner's own 「選択を解除」 (the bar has one too).
    fireEvent.click(within(within(bar).getByRole("status")).getByRole("button", { name: "選択を解除" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "選択した注文の操作" })).toBeNull());
  });

  it("after one row is unticked, counts the rows left and no longer claims every order", async () => {
    stubTab(120, 120);
    const bar = await selectPage();
    fireEvent.click(within(bar).getByRole("button", { name: "『未発送』の120件すべてを選択" }));
    await within(bar).findByText("120件を選択中");
    fireEvent.click(screen.getByRole("checkbox", { name: "#1001 を選択" }));
    expect(await within(bar).findByText("119件を選択中")).toBeInTheDocument();
    expect(within(bar).queryByRole("status")).toBeNull();
    // Ticking the page's box again, then unticking it, lets every order go.
    fireEvent.click(screen.getByRole("checkbox", { name: "このページの注文をすべて選択" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "このページの注文をすべて選択" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "選択した注文の操作" })).toBeNull());
  });
});

describe("the order list's rows, as tools outside the page find them", () => {
  const setWidth = (width: number) =>
    (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({
      width,
    });
  const wide = window.innerWidth;
  afterEach(() => setWidth(wide));

  it("marks every order card on a phone with data-order-row, as the table's rows are", async () => {
    stubTab(50, 50);
    // 390 px: an iPhone's width, where the list is cards (bench/web-vitals.ts waits for them).
    setWidth(390);
    renderRoute("/orders?tab_key=notShipped", { auth: createFakeAuth(verifiedUser) });
    const box = await screen.findByRole("checkbox", { name: "#1050 を選択" });
    expect(box.closest("li")).toHaveAttribute("data-order-row");
    expect(document.querySelectorAll("[data-order-row]")).toHaveLength(50);
  });
});
