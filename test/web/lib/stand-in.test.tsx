import { Button, Menu } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactElement, Suspense } from "react";
import { loadLater, useStandIn } from "../../../web/src/lib/load-later";
import { AppProviders } from "../../../web/src/providers";
import { testQueryClient } from "../../support/render";

/** A menu whose code comes when the test says, as the lists' selection and row menus come. */
function lateMenu() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const part = loadLater<{ target: ReactElement; defaultOpened: boolean }>(async () => {
    await arrived;
    return ({ target, defaultOpened }) => (
      <Menu defaultOpened={defaultOpened}>
        <Menu.Target>{target}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>B2クラウド</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  });
  return { part, arrive: () => act(async () => arrive()) };
}

function MenuButton({ part }: { part: ReturnType<typeof lateMenu>["part"] }) {
  const { ready, handoff, standInProps } = useStandIn(part);
  if (!ready) return <Button {...standInProps}>CSV出力</Button>;
  return (
    <Suspense fallback={<Button>CSV出力</Button>}>
      <part.Component
        target={<Button autoFocus={handoff.focused}>CSV出力</Button>}
        defaultOpened={handoff.clicked}
      />
    </Suspense>
  );
}

function renderMenu() {
  const menu = lateMenu();
  render(
    <AppProviders queryClient={testQueryClient()} env="test">
      <MenuButton part={menu.part} />
    </AppProviders>,
  );
  return { ...menu, standIn: screen.getByRole("button", { name: "CSV出力" }) };
}

describe("a stand-in button whose menu's code comes while it is pressed", () => {
  it("stays until the click, which then opens the menu (swapped under the press, the click was lost)", async () => {
    const { arrive, standIn } = renderMenu();
    fireEvent.pointerDown(standIn);
    fireEvent.focus(standIn);
    await arrive();
    expect(screen.getByRole("button", { name: "CSV出力" })).toBe(standIn);

    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    expect(await screen.findByRole("menuitem", { name: "B2クラウド" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "CSV出力" })).not.toBe(standIn);
  });

  it("gives way once a press is released off it, with the menu closed", async () => {
    const { arrive, standIn } = renderMenu();
    fireEvent.pointerDown(standIn);
    await arrive();
    expect(screen.getByRole("button", { name: "CSV出力" })).toBe(standIn);

    fireEvent.pointerUp(document.body);
    await waitFor(() => expect(screen.getByRole("button", { name: "CSV出力" })).not.toBe(standIn));
    expect(screen.queryByRole("menuitem")).not.toBeInTheDocument();
  });

  it("is replaced as soon as the code comes when nobody is pressing it", async () => {
    const { arrive, standIn } = renderMenu();
    fireEvent.click(standIn);
    await arrive();
    expect(await screen.findByRole("menuitem", { name: "B2クラウド" })).toBeInTheDocument();
  });
});
