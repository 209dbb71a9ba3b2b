import { Button, MantineProvider, Menu } from "@mantine/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { theme } from "../../../web/src/theme";

/** The app's theme outside the test environment, where Mantine animates what opens. */
function RowMenu() {
  return (
    <MantineProvider theme={theme}>
      <Menu>
        <Menu.Target>
          <Button>操作</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>再発行</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </MantineProvider>
  );
}

/** happy-dom's emulated device, which answers the prefers-reduced-motion media query. */
const device = () =>
  (window as unknown as { happyDOM: { settings: { device: { prefersReducedMotion: string } } } }).happyDOM
    .settings.device;

afterEach(() => {
  device().prefersReducedMotion = "reduce";
});

describe("someone whose system asks for less motion", () => {
  it("gets menus and dialogs without animation", async () => {
    device().prefersReducedMotion = "reduce";
    render(<RowMenu />);
    fireEvent.click(screen.getByRole("button", { name: "操作" }));
    expect(await screen.findByRole("menu")).not.toHaveStyle({ transitionProperty: "opacity" });
  });

  it("is the only one: without the preference the menu fades in", async () => {
    device().prefersReducedMotion = "no-preference";
    render(<RowMenu />);
    fireEvent.click(screen.getByRole("button", { name: "操作" }));
    expect((await screen.findByRole("menu")).getAttribute("style")).toContain("transition");
    // The fade's timer must not outlive the file's window.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  });
});
