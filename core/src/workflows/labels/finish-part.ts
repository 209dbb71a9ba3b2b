import { type LabelParcel, renderLabels } from "../../carriers/label";
import { type PartResult, putResults } from "../../entities/shipment/label-results";
import { Files } from "../../files";
import type { Carrier } from "../../shared/brand";
import { startSlotFor } from "../../shared/start-position";
import { type PartContext, recordPart } from "./batch";
import { requestCombinedWhenSettled } from "./combined";

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
    // The first part is what the merchant prints first: it starts where the sheet is still free.
    pdf: renderLabels(list, context.printSettings[carrier], {
      startSlot: part === 0 ? startSlotFor(context.printSettings[carrier], context.startPosition) : 1,
    }),
  }));
  // The PDFs and the results are written side by side; the part counts only once both are stored.
  await Promise.all([
    ...files.map((f) => Files.put(f.key, f.pdf, "application/pdf")),
    putResults(labelId, part, results),
  ]);
  const recorded = files.map(({ carrier, key, labels }) => ({ carrier, key, labels }));
  await recordPart(labelId, part, count, recorded);
  await requestCombinedWhenSettled(labelId, recorded);
}
