import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { testQueryClient } from "../../support/render";

const prefectures = [
  { value: "26", label: "京都府" },
  { value: "27", label: "大阪府" },
  { value: "01", label: "北海道" },
];

/**
 * LaterSelect and the providers from a fresh module registry: the dropdown's code is fetched
 * once per page, and each case starts before it has come.
 */
async function renderSelect(props: {
  value: string | null;
  clearable?: boolean;
  description?: string;
  leftSection?: ReactNode;
}) {
  vi.resetModules();
  const [{ LaterSelect }, { AppProviders }] = await Promise.all([
    import("../../../web/src/components/forms/LaterSelect"),
    import("../../../web/src/providers"),
  ]);
  const onChange = vi.fn();
  render(
    <AppProviders queryClient={testQueryClient()} env="test">
      <LaterSelect label="都道府県" data={prefectures} searchable onChange={onChange} {...props} />
    </AppProviders>,
  );
  return { onChange, field: () => screen.getByRole("combobox", { name: "都道府県" }) };
}

/** Select keeps its value in a hidden input; the stand-in draws only the closed field. */
const selectHasCome = () => document.querySelector('input[type="hidden"]') !== null;

describe("a select drawn before its dropdown's code has come (LaterSelect)", () => {
  it("shows the chosen option's label in the closed field, then the same in the Select that replaces it", async () => {
    const { field } = await renderSelect({
      value: "26",
      description: "住所の都道府県",
      leftSection: <span>県</span>,
    });
    expect(selectHasCome()).toBe(false);
    expect(field()).toHaveValue("京都府");
    // What the field takes besides its value passes to the stand-in as Select passes it on.
    expect(field()).toHaveAccessibleDescription("住所の都道府県");
    expect(screen.getByText("県")).toBeInTheDocument();
    expect(field()).toHaveAttribute("aria-haspopup", "listbox");

    await waitFor(() => expect(selectHasCome()).toBe(true), { timeout: 3000 });
    expect(field()).toHaveValue("京都府");
    expect(field()).toHaveAccessibleDescription("住所の都道府県");
  });

  it("opens on the click the stand-in got, and the option chosen there is the value", async () => {
    const { field, onChange } = await renderSelect({ value: null });
    const standIn = field();
    fireEvent.pointerDown(standIn);
    fireEvent.focus(standIn);
    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    fireEvent.click(await screen.findByRole("option", { name: "大阪府" }));
    expect(onChange).toHaveBeenCalledWith("27", expect.objectContaining({ label: "大阪府" }));
    expect(field()).toHaveFocus();
  });

  it("clears a clearable value from the stand-in, as the Select's clear button does", async () => {
    const { onChange } = await renderSelect({ value: "01", clearable: true });
    expect(selectHasCome()).toBe(false);
    fireEvent.click(screen.getByRole("button"));
    expect(onChange).toHaveBeenCalledWith(null, null);
  });
});
