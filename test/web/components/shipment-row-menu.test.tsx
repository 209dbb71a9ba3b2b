import { QueryClient } from "@tanstack/react-query";
import { act, configure, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { components } from "../../../web/src/lib/api-types.gen";
import { AppProviders } from "../../../web/src/providers";
import { stubApi } from "../fake-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

/** One issued shipment, as GET /api/shipments answers it. */
const issued: components["schemas"]["ShipmentListItem"] = {
  id: "shp_1",
  order_id: "ord_1",
  order_number: "#1001",
  status: "issued",
  carrier: "yamato",
  carrier_account_id: "ca_1",
  carrier_name: null,
  tracking_number: "333000000004",
  label_id: "label_1",
  parcel: 1,
  parcels: 1,
  source: "label",
  printed_at: "2026-03-31T15:05:00.000Z",
  created_at: "2026-03-31T15:05:00.000Z",
  is_error: false,
  errors: [],
  history: [],
  customer: { name: "山田 太郎", prefecture: "東京都", city: "渋谷区" },
};

// A row's menu comes after the history is drawn; its 操作 button stands in for it until then.
describe("出荷履歴's row menu before its code has come", () => {
  it("opens on the click its stand-in was given, with the row's actions", async () => {
    stubApi({
      "GET /api/shipments": () => ({ body: { items: [issued], next_cursor: null } }),
      "GET /api/shipments/counts": () => ({ body: { counts: { issued: { count: 1, capped: false } } } }),
    });
    // A first screen: the menu's code not fetched yet.
    vi.resetModules();
    const { ShipmentHistory } = await import("../../../web/src/components/ShipmentHistory/ShipmentHistory");
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient}>
        <ShipmentHistory
          filters={{ status: "issued" }}
          onFiltersChange={() => {}}
          pages={[]}
          onPageChange={() => {}}
          onOpen={() => {}}
        />
      </AppProviders>,
    );
    const standIn = await screen.findByRole("button", { name: "#1001 3330-0000-0004 の操作" });
    await act(async () => {
      fireEvent.focus(standIn);
      fireEvent.click(standIn);
      await import("../../../web/src/components/ShipmentHistory/ShipmentRowMenu");
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const button = screen.getByRole("button", { name: "#1001 3330-0000-0004 の操作" });
    expect(button).not.toBe(standIn);
    // Open, as the click asked: the focus is in its list, as a click on the menu's own button puts it.
    expect(button).toHaveAttribute("aria-expanded", "true");
    const items = screen.getAllByRole("menuitem", { hidden: true }).map((item) => item.textContent);
    expect(items).toEqual(["追跡番号をアップロード", "再発行", "取り消し"]);
  });
});
