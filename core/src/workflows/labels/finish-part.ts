import { type LabelParcel, renderLabels } from "../../carriers/label";
import { type PartResult, putResults } from "../../entities/shipment/label-results";
import { Files } from "../../files";
import type { Carrier } from "../../shared/brand";
import { type PartContext, recordPart } from "./batch";

/**
 * The end of a part's run in the label-job consumer (a new batch's or a reissue's): its
 * PDFs drawn, one per carrier, and the part recorded once. Only the consumer loads the
 * renderer; the API never draws a PDF.
 */
export async function finishPart(
  labelId: string,
  part: number,
  count: number,
  parcels: Map<Carrier, LabelParcel[]>,
  results: PartResult[],
  context: PartContext,
) {
  const files = [...parcels].map(([carrier, list]) => ({
    carrier,
    key: Files.keyFor("labels", labelId, `${String(part + 1).padStart(3, "0")}-${carrier}.pdf`),
    labels: list.length,
    pdf: renderLabels(list, context.printSettings[carrier]),
  }));
  // The PDFs and the results are written side by side; the part counts only once both are stored.
  await Promise.all([
    ...files.map((f) => Files.put(f.key, f.pdf, "application/pdf")),
    putResults(labelId, part, results),
  ]);
  await recordPart(
    labelId,
    part,
    count,
    files.map(({ carrier, key, labels }) => ({ carrier, key, labels })),
  );
}
