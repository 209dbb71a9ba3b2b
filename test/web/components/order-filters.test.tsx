import { QueryClient } from "@tanstack/react-query";
import { act, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DrawerFilters } from "../../../web/src/components/OrderList/list-filters";
import { FilterFieldsStandIn } from "../../../web/src/components/OrderList/OrderFilters";
import { OrderFilterFields } from "../../../web/src/components/OrderList/OrderFiltersDrawer";
import { AppProviders } from "../../../web/src/providers";
import { stubApi } from "../fake-api";
import { shopBody } from "../settings-api";

configure({ asyncUtilTimeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

const stubShops = () =>
  stubApi({ "GET /api/shops": () => ({ body: { items: [shopBody()], next_cursor: null } }) });

function withProviders(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}

/** The markup without the ids each render makes up. */
const markup = (element: Element) => element.innerHTML.replace(/\b(id|for)="[^"]*"/g, '$1=""');

/** The filter row as a first screen has it: its fields' code not fetched yet. */
async function freshFilterRow() {
  vi.resetModules();
  return import("../../../web/src/components/OrderList/OrderFilters");
}

/** A merchant's click on a stand-in field, and the fields' code arriving (the test's stand-in for the network). */
async function reach(standIn: HTMLElement) {
  await act(async () => {
    fireEvent.pointerDown(standIn);
    fireEvent.focus(standIn);
    fireEvent.click(standIn);
    await import("../../../web/src/components/OrderList/OrderFiltersDrawer");
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

// The order list draws the stand-in first and the fields as their code comes: any difference
// between the two is something the merchant sees change, or move, on the first screen.
describe("the order list's filter row before its pickers have come", () => {
  it.each<[string, DrawerFilters]>([
    ["no filter", {}],
    [
      "every filter",
      {
        purchased_from: "2026-01-02",
        purchased_to: "2026-01-31",
        label_status: "issued",
        carrier: "yamato",
        shop_id: "shop_01",
      },
    ],
    ["a purchase range's first day", { purchased_from: "2026-01-02", label_status: "unissued" }],
  ])("draws the fields as Mantine draws them closed, with %s", async (_, filters) => {
    stubShops();
    render(
      withProviders(
        <>
          <div data-testid="stand-in">
            <FilterFieldsStandIn filters={filters} onFiltersChange={() => {}} onActivate={() => {}} />
          </div>
          <div data-testid="fields">
            <OrderFilterFields filters={filters} onFiltersChange={() => {}} />
          </div>
        </>,
      ),
    );
    // The shop's name, once GET /shops has answered (the others are there at once).
    if (filters.shop_id) await waitFor(() => expect(screen.getAllByDisplayValue("送る商店")).toHaveLength(2));
    expect(markup(screen.getByTestId("stand-in"))).toBe(markup(screen.getByTestId("fields")));
  });

  it("hands a click on a field to the field that replaces it: its options open at once", async () => {
    stubShops();
    const { OrderFilterRow } = await freshFilterRow();
    const changes: DrawerFilters[] = [];
    render(withProviders(<OrderFilterRow filters={{}} onFiltersChange={(next) => changes.push(next)} />));
    const standIn = screen.getByRole("combobox", { name: "配送会社" });
    await reach(standIn);
    const field = screen.getByRole("combobox", { name: "配送会社" });
    expect(field).not.toBe(standIn);
    expect(field).toHaveFocus();
    await waitFor(() => expect(field).toHaveAttribute("aria-expanded", "true"));
    // happy-dom gives every element an empty box, so floating-ui hides the open list as out of
    // view: it is found among the hidden ones.
    const options = screen.getByRole("listbox", { name: "配送会社", hidden: true });
    expect(field).toHaveAttribute("aria-controls", options.id);
    fireEvent.click(within(options).getByRole("option", { name: "佐川急便", hidden: true }));
    expect(changes).toEqual([{ carrier: "sagawa" }]);
  });

  it("hands a click on 購入日 to the picker that replaces it: its calendar opens at once", async () => {
    stubShops();
    const { OrderFilterRow } = await freshFilterRow();
    render(withProviders(<OrderFilterRow filters={{}} onFiltersChange={() => {}} />));
    const standIn = screen.getByRole("button", { name: "購入日" });
    await reach(standIn);
    const field = screen.getByRole("button", { name: "購入日" });
    expect(field).not.toBe(standIn);
    await waitFor(() => expect(field).toHaveAttribute("aria-expanded", "true"));
    expect(screen.getByRole("dialog", { hidden: true })).toBeInTheDocument();
  });

  it("clears a filter from the stand-in's clear button, as the field's own does", () => {
    stubShops();
    const changes: DrawerFilters[] = [];
    const { container } = render(
      withProviders(
        <FilterFieldsStandIn
          filters={{ carrier: "yamato", label_status: "issued" }}
          onFiltersChange={(next) => changes.push(next)}
          onActivate={() => {}}
        />,
      ),
    );
    const clear = container.querySelectorAll<HTMLButtonElement>(".mantine-InputClearButton-root");
    expect(clear).toHaveLength(1);
    fireEvent.click(clear[0]!);
    expect(changes).toEqual([{ carrier: undefined, label_status: "issued" }]);
  });
});
