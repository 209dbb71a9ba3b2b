import { render } from "@testing-library/react";
import { usePhone } from "../../../web/src/hooks/use-screen-width";

const setWidth = (width: number) =>
  (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM.setViewport({
    width,
  });

/** What a component drawn with usePhone saw on each of its draws. */
function drawsOf() {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(usePhone());
    return null;
  }
  render(<Probe />);
  return seen;
}

describe("usePhone", () => {
  const wide = window.innerWidth;
  afterEach(() => setWidth(wide));

  // Mantine's hook answers false on the first draw and the truth after the paint: a phone
  // drew the desktop's table for a frame, then its cards.
  it("is true from the first draw on a phone's 390 px", () => {
    setWidth(390);
    const seen = drawsOf();
    expect(seen[0]).toBe(true);
    expect(new Set(seen)).toEqual(new Set([true]));
  });

  it("is false on a laptop's 1280 px", () => {
    setWidth(1280);
    expect(new Set(drawsOf())).toEqual(new Set([false]));
  });

  it("follows the window as it is resized", async () => {
    setWidth(1280);
    const seen: boolean[] = [];
    function Probe() {
      seen.push(usePhone());
      return null;
    }
    render(<Probe />);
    setWidth(390);
    await vi.waitFor(() => expect(seen.at(-1)).toBe(true));
  });
});
