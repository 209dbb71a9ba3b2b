import { QueryClient } from "@tanstack/react-query";
import { act, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { PrintedDatesStandIn } from "../../../web/src/components/ShipmentHistory/PrintedDates";
import { PrintedDatesField } from "../../../web/src/components/ShipmentHistory/PrintedDatesField";
import type { ShipmentFilters } from "../../../web/src/components/ShipmentHistory/shipment-history";
import { AppProviders } from "../../../web/src/providers";

configure({ asyncUtilTimeout: 5000 });

function withProviders(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}

/** The markup without the ids each render makes up. */
const markup = (element: Element) => element.innerHTML.replace(/\b(id|for)="[^"]*"/g, '$1=""');

/** 発行日 as a first screen has it: the picker's code not fetched yet. */
async function freshPrintedDates() {
  vi.resetModules();
  return import("../../../web/src/components/ShipmentHistory/PrintedDates");
}

// 出荷履歴 draws 発行日's stand-in first and the picker as its code comes: any difference
// between the two is something the merchant sees change, or move, on the first screen.
describe("出荷履歴's 発行日 before its calendar has come", () => {
  it.each<[string, ShipmentFilters]>([
    ["no dates", {}],
    ["a range", { printed_from: "2026-01-02", printed_to: "2026-01-31", status: "issued" }],
    ["its first day alone", { printed_from: "2026-01-02" }],
  ])("draws the field as Mantine draws the picker closed, with %s", (_, filters) => {
    render(
      withProviders(
        <>
          <div data-testid="stand-in">
            <PrintedDatesStandIn filters={filters} onFiltersChange={() => {}} />
          </div>
          <div data-testid="field">
            <PrintedDatesField filters={filters} onFiltersChange={() => {}} />
          </div>
        </>,
      ),
    );
    expect(markup(screen.getByTestId("stand-in"))).toBe(markup(screen.getByTestId("field")));
  });

  it("hands a click on the field to the picker that replaces it: its calendar opens at once", async () => {
    const { PrintedDates } = await freshPrintedDates();
    render(withProviders(<PrintedDates filters={{}} onFiltersChange={() => {}} />));
    const standIn = screen.getByRole("button", { name: "発行日" });
    await act(async () => {
      fireEvent.focus(standIn);
      fireEvent.click(standIn);
      await import("../../../web/src/components/ShipmentHistory/PrintedDatesField");
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const field = screen.getByRole("button", { name: "発行日" });
    expect(field).not.toBe(standIn);
    expect(field).toHaveFocus();
    await waitFor(() => expect(field).toHaveAttribute("aria-expanded", "true"));
    expect(screen.getByRole("dialog", { hidden: true })).toBeInTheDocument();
  });

  it("clears the dates from the stand-in's clear button, keeping the other filters", () => {
    const changes: ShipmentFilters[] = [];
    const { container } = render(
      withProviders(
        <PrintedDatesStandIn
          filters={{ printed_from: "2026-01-02", printed_to: "2026-01-31", status: "issued" }}
          onFiltersChange={(next) => changes.push(next)}
        />,
      ),
    );
    const clear = container.querySelectorAll<HTMLButtonElement>(".mantine-InputClearButton-root");
    expect(clear).toHaveLength(1);
    fireEvent.click(clear[0]!);
    expect(changes).toEqual([{ status: "issued" }]);
  });
});
