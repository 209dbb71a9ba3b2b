import type { LabelPrintSettings } from "./types";

export const paperSizes = {
  a4: { width: 210, height: 297 },
  a5: { width: 148, height: 210 },
  label_100x150: { width: 100, height: 150 },
} as const;

const slotsPerPage = { "1up": 1, "2up": 2, "4up": 4 } as const;

/** Where a label goes on the page: the PDF matrix from label millimetres (y up) to page points. */
export type Slot = { matrix: [number, number, number, number, number, number] };

export type Sheet = {
  /** Page size in points. */
  width: number;
  height: number;
  slots: Slot[];
  /** Cut lines between slots on plain paper, in points. */
  cuts: { x1: number; y1: number; x2: number; y2: number }[];
};

const pointsPerMm = 72 / 25.4;

/**
 * The page and its label slots. 2-up splits the page across its long side, 4-up into
 * quarters. The label keeps its size where it fits and shrinks where it does not (4-up
 * A4 is 99 %); it turns a quarter where that keeps it larger (2-up slots are landscape).
 * Offsets move everything on the page as printer feed corrections do: +x right, +y down.
 */
export function sheetOf(print: LabelPrintSettings, label: { width: number; height: number }): Sheet {
  const paper = paperSizes[print.paper];
  const count = slotsPerPage[print.layout];
  const columns = count === 4 ? 2 : 1;
  const rows = count / columns;
  const slotWidth = paper.width / columns;
  const slotHeight = paper.height / rows;
  const upright = Math.min(1, slotWidth / label.width, slotHeight / label.height);
  const turned = Math.min(1, slotWidth / label.height, slotHeight / label.width);
  const turn = turned > upright;
  const scale = turn ? turned : upright;
  const placedWidth = (turn ? label.height : label.width) * scale;
  const placedHeight = (turn ? label.width : label.height) * scale;

  const slots: Slot[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const left = column * slotWidth + (slotWidth - placedWidth) / 2 + print.offset_x_mm;
      const top = row * slotHeight + (slotHeight - placedHeight) / 2 + print.offset_y_mm;
      const bottom = paper.height - top - placedHeight;
      const k = scale * pointsPerMm;
      // Turned labels read bottom to top: the label's top edge lies along the slot's left.
      slots.push({
        matrix: turn
          ? [0, k, -k, 0, (left + placedWidth) * pointsPerMm, bottom * pointsPerMm]
          : [k, 0, 0, k, left * pointsPerMm, bottom * pointsPerMm],
      });
    }
  }

  const cuts: Sheet["cuts"] = [];
  const width = paper.width * pointsPerMm;
  const height = paper.height * pointsPerMm;
  for (let row = 1; row < rows; row++) {
    const y = height - row * slotHeight * pointsPerMm;
    cuts.push({ x1: 0, y1: y, x2: width, y2: y });
  }
  for (let column = 1; column < columns; column++) {
    const x = column * slotWidth * pointsPerMm;
    cuts.push({ x1: x, y1: 0, x2: x, y2: height });
  }
  return { width, height, slots, cuts };
}
