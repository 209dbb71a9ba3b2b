import { render, screen } from "@testing-library/react";
import { FIRST_PAINT_ROWS, useRowsInFirstPaint } from "../../../web/src/lib/first-paint-rows";

function List({ rows, drawn }: { rows: number[]; drawn: number[] }) {
  const shown = useRowsInFirstPaint(rows);
  drawn.push(shown.length);
  return (
    <ul>
      {shown.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

const page = (size: number, from = 0) => Array.from({ length: size }, (_, i) => from + i);

describe("rows in a list's first paint", () => {
  it("draws a full page's first rows, then the whole page", async () => {
    const drawn: number[] = [];
    render(<List rows={page(50)} drawn={drawn} />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(50);
    expect(drawn[0]).toBe(FIRST_PAINT_ROWS);
    expect(drawn.at(-1)).toBe(50);
  });

  it("draws a short page whole at once", () => {
    const drawn: number[] = [];
    render(<List rows={page(FIRST_PAINT_ROWS)} drawn={drawn} />);
    expect(new Set(drawn)).toEqual(new Set([FIRST_PAINT_ROWS]));
  });

  it("draws every later page whole at once: the next page, or one that came after an empty list", async () => {
    const drawn: number[] = [];
    const { rerender } = render(<List rows={page(50)} drawn={drawn} />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(50);
    drawn.length = 0;
    rerender(<List rows={page(50, 50)} drawn={drawn} />);
    expect(new Set(drawn)).toEqual(new Set([50]));

    const late: number[] = [];
    const { rerender: rerenderLate } = render(<List rows={[]} drawn={late} />);
    late.length = 0;
    rerenderLate(<List rows={page(50)} drawn={late} />);
    expect(new Set(late)).toEqual(new Set([50]));
  });
});
