import { expect } from "vitest";

/**
 * The lines of B2クラウド's issued-data file for an exported B2 file (`csv`, decoded): its
 * header and rows as they were, 伝票番号 (column 4) filled with `numbers` in row order.
 */
export function issuedLines(csv: string, numbers: string[]): string[] {
  const [header, ...rows] = csv.split("\r\n").filter(Boolean);
  return [
    header!,
    ...rows.map((row, i) => {
      const cells = row.split(",");
      cells[3] = numbers[i]!;
      return cells.join(",");
    }),
  ];
}

/** An import's matched rows (POST /api/imports) as `[order_id, tracking_number]` pairs, in file order. */
export const matchedPairs = (result: { matched: { order_id: string; tracking_number: string }[] }) =>
  result.matched.map((m) => [m.order_id, m.tracking_number]);

/** What GET /api/shipments?order_id= answers for an order whose number came in by a file: that one issued shipment. */
export const importedShipments = (carrier: string, trackingNumber: string) => [
  expect.objectContaining({ source: "import", status: "issued", carrier, tracking_number: trackingNumber }),
];
