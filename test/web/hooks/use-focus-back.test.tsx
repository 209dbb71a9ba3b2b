import { Button, Drawer, MantineProvider, TextInput } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { useFocusBack } from "../../../web/src/hooks/use-focus-back";

/** Mantine's own return of the focus, for comparison. */
const mantineReturn = (_opened: boolean) => ({});

/** A list's row that opens an order's drawer, as the order list has it; `useReturn` gives the focus back. */
function Page({ useReturn }: { useReturn: (opened: boolean) => object }) {
  const [opened, setOpened] = useState(false);
  const focusBack = useReturn(opened);
  return (
    <MantineProvider>
      <Button onClick={() => setOpened(true)}>#1001</Button>
      <TextInput label="検索" />
      <Drawer opened={opened} {...focusBack} onClose={() => setOpened(false)} title="注文 #1001">
        <Button>お届け先を保存</Button>
      </Drawer>
    </MantineProvider>
  );
}

const row = () => screen.getByRole("button", { name: "#1001" });
const inside = () => screen.queryByRole("button", { name: "お届け先を保存" });

/**
 * Opens the drawer from its focused row and runs the page's timers only until the drawer's
 * content is there: Mantine's timer that moves the focus into it has not run yet (a key
 * pressed at once, a busy browser). Then Escape.
 */
function openAndCloseAtOnce(useReturn: (opened: boolean) => object) {
  vi.useFakeTimers();
  render(<Page useReturn={useReturn} />);
  act(() => row().focus());
  act(() => row().click());
  for (let step = 0; step < 50 && !inside(); step += 1) act(() => vi.advanceTimersToNextTimer());
  expect(inside()).not.toBeNull();
  expect(row()).toHaveFocus();
  act(() => {
    fireEvent.keyDown(row(), { key: "Escape" });
  });
}

describe("useFocusBack", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the focus back to the row when the drawer is closed before it took the focus", () => {
    openAndCloseAtOnce(useFocusBack);
    act(() => vi.advanceTimersByTime(1000));
    expect(inside()).toBeNull();
    expect(row()).toHaveFocus();
  });

  it("is needed: with Mantine's own return the focus ends on the page's body", () => {
    openAndCloseAtOnce(mantineReturn);
    act(() => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(document.body);
  });

  it("leaves the focus where the merchant put it after closing", () => {
    openAndCloseAtOnce(useFocusBack);
    act(() => vi.advanceTimersByTime(5));
    const search = screen.getByRole("textbox", { name: "検索" });
    act(() => search.focus());
    act(() => vi.advanceTimersByTime(1000));
    expect(search).toHaveFocus();
  });

  it("gives the focus back after a drawer that had taken it closes", () => {
    vi.useFakeTimers();
    render(<Page useReturn={useFocusBack} />);
    act(() => row().focus());
    act(() => row().click());
    act(() => vi.advanceTimersByTime(1000));
    // Mantine's trap has put the focus on the drawer's first button, its 閉じる.
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(row()).toHaveFocus();
  });
});
