import { Button } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { testQueryClient } from "../../support/render";

/**
 * LaterTooltip and the providers from a fresh module registry: the tooltip's code is fetched
 * once per page, and each case starts before it has come.
 */
async function renderTooltip() {
  vi.resetModules();
  const [{ LaterTooltip }, { AppProviders }] = await Promise.all([
    import("../../../web/src/components/LaterTooltip/LaterTooltip"),
    import("../../../web/src/providers"),
  ]);
  const onClick = vi.fn();
  render(
    <AppProviders queryClient={testQueryClient()} env="test">
      <LaterTooltip label="自分自身は削除できません" withArrow>
        <Button onClick={onClick}>削除</Button>
      </LaterTooltip>
    </AppProviders>,
  );
  return { onClick, button: () => screen.getByRole("button", { name: "削除" }) };
}

/** The Tooltip draws its child anew: a different element stands where the first one was. */
async function replaced(first: HTMLElement) {
  await waitFor(() => expect(screen.getByRole("button", { name: "削除" })).not.toBe(first), {
    timeout: 3000,
  });
  return screen.getByRole("button", { name: "削除" });
}

describe("a button drawn before its tooltip's code has come (LaterTooltip)", () => {
  it("keeps the focus a merchant tabbed to as the Tooltip wraps the button", async () => {
    const { button } = await renderTooltip();
    const first = button();
    act(() => first.focus());
    expect(first).toHaveFocus();
    const wrapped = await replaced(first);
    expect(wrapped).toHaveFocus();
  });

  it("leaves the focus where it is when the button did not have it", async () => {
    const { button } = await renderTooltip();
    const wrapped = await replaced(button());
    expect(wrapped).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it("is not replaced while pressed: the press ends in its click, once, and the swap comes after", async () => {
    const { button, onClick } = await renderTooltip();
    const first = button();
    fireEvent.pointerDown(first);
    // The code has come (the press fetched it at once) and the browser has been idle, when
    // it is fetched anyway (at the latest after a second): the pressed button stays.
    await act(() => import("../../../web/src/components/LaterTooltip/tooltip-part"));
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(button()).toBe(first);
    fireEvent.pointerUp(first);
    fireEvent.click(first);
    expect(onClick).toHaveBeenCalledTimes(1);
    await replaced(first);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
