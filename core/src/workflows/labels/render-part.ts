import { useTenantID } from "../../actor";
import { type LabelParcel, renderLabels } from "../../carriers/label";
import { isConditionalFailure } from "../../db/attributes";
import { LabelPartEntity, LabelResultEntity } from "../../entities/shipment/entity";
import type { PartResult } from "../../entities/shipment/label-results";
import { Files } from "../../files";
import type { Carrier } from "../../shared/brand";
import { startSlotFor } from "../../shared/start-position";
import { requestCombinedWhenSettled } from "./combined";
import { batchSetup } from "./issue-part";
import { printedAgain } from "./printed-again";

/**
 * Draws a recorded part again with the labels still live, for the rendering a cancel
 * asked for. The files are new objects (`-rN`), written with `rendered` under the
 * condition that no later cancel asked for another rendering meanwhile; if one did, these
 * files are deleted and that cancel's own message draws the part. A message for a
 * rendering already made, or overtaken, does nothing.
 * Answers false when the message names no part of a batch of this tenant.
 */
export async function renderPart(labelId: string, part: number, renders: number): Promise<boolean> {
  const tenantId = useTenantID();
  const key = { tenantId, jobId: labelId, part };
  const [{ data: recorded }, { data: stored }, batch] = await Promise.all([
    LabelPartEntity.get(key).go({ consistent: true }),
    LabelResultEntity.get(key).go({ consistent: true }),
    batchSetup(labelId),
  ]);
  if (!recorded || !stored || !batch) return false;
  if (recorded.renders !== renders || recorded.rendered === renders) return true;
  const results = stored.results as PartResult[];
  const parcels = new Map<Carrier, LabelParcel[]>();
  // In the part's order, as first printed.
  for (const parcel of await printedAgain(
    results.flatMap((r) => r.shipmentIds),
    batch,
  )) {
    parcels.set(parcel.carrier, [...(parcels.get(parcel.carrier) ?? []), parcel]);
  }
  const files = [...parcels].map(([carrier, list]) => ({
    carrier,
    key: Files.keyFor("labels", labelId, `${String(part + 1).padStart(3, "0")}-${carrier}-r${renders}.pdf`),
    labels: list.length,
    pdf: renderLabels(list, batch.context.printSettings[carrier], {
      startSlot:
        part === 0 ? startSlotFor(batch.context.printSettings[carrier], batch.context.startPosition) : 1,
    }),
  }));
  await Promise.all(files.map((f) => Files.put(f.key, f.pdf, "application/pdf")));
  try {
    await LabelPartEntity.patch(key)
      .set({ files: files.map(({ carrier, key, labels }) => ({ carrier, key, labels })), rendered: renders })
      .where((attr, op) => op.eq(attr.renders, renders))
      .go({ response: "none" });
  } catch (err) {
    await Promise.all(files.map((f) => Files.remove(f.key)));
    if (!isConditionalFailure(err)) throw err;
    return true;
  }
  await requestCombinedWhenSettled(labelId);
  return true;
}
