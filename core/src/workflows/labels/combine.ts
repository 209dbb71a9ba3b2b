import { useTenantID } from "../../actor";
import { LabelDocument } from "../../carriers/label";
import { isConditionalFailure } from "../../db/attributes";
import {
  LabelBatchEntity,
  type LabelFile,
  LabelPartEntity,
  LabelResultEntity,
} from "../../entities/shipment/entity";
import type { PartResult } from "../../entities/shipment/label-results";
import { Files } from "../../files";
import type { Carrier } from "../../shared/brand";
import { startSlotFor } from "../../shared/start-position";
import { partsSettled, partsVersion } from "./combined";
import { batchSetup } from "./issue-part";
import { printedAgain } from "./printed-again";

/**
 * The combined files of a settled batch: one PDF per carrier holding all its labels in
 * the merchant's selection order (the parts keep it, and each part's results keep its
 * orders'), each drawn again as printed, without the labels cancelled since. Part by
 * part, each label added to its carrier's document as it is read: what is held is the
 * output, not the batch. Written under `version`: a message for a version the parts have
 * moved past (a cancel since), or one drawn already, does nothing; files that lose to a
 * later version are deleted, and those a later version replaces too.
 * Answers false when the message names no batch of this tenant.
 */
export async function combineBatch(labelId: string, version: number): Promise<boolean> {
  const key = { tenantId: useTenantID(), jobId: labelId };
  const [{ data: stored }, { data: parts }, setup] = await Promise.all([
    LabelBatchEntity.get(key).go({ consistent: true }),
    LabelPartEntity.query.byJob(key).go({ pages: "all", consistent: true }),
    batchSetup(labelId),
  ]);
  if (!stored || !setup) return false;
  if (!partsSettled(stored, parts) || partsVersion(parts) !== version) return true;
  if (stored.combined !== undefined && stored.combined >= version) return true;

  const { data: resultParts } = await LabelResultEntity.query
    .byJob(key)
    .go({ pages: "all", consistent: true });
  const documents = new Map<Carrier, LabelDocument>();
  for (const { results } of resultParts.sort((a, b) => a.part - b.part)) {
    const ids = (results as PartResult[]).filter((r) => !r.error).flatMap((r) => r.shipmentIds);
    for (const parcel of await printedAgain(ids, setup)) {
      let document = documents.get(parcel.carrier);
      if (!document) {
        const print = setup.context.printSettings[parcel.carrier];
        document = new LabelDocument(print, { startSlot: startSlotFor(print, setup.context.startPosition) });
        documents.set(parcel.carrier, document);
      }
      document.add(parcel);
    }
  }
  const files: LabelFile[] = [];
  for (const [carrier, document] of documents) {
    const file = {
      carrier,
      key: Files.keyFor("labels", labelId, `all-${carrier}-v${version}.pdf`),
      labels: document.labels,
    };
    await Files.put(file.key, document.finish(), "application/pdf");
    documents.delete(carrier);
    files.push(file);
  }
  try {
    await LabelBatchEntity.patch(key)
      .set({ combined: version, combinedFiles: files })
      .where((attr, op) => `${op.notExists(attr.combined)} OR ${op.lt(attr.combined, version)}`)
      .go({ response: "none" });
  } catch (err) {
    await Promise.all(files.map((f) => Files.remove(f.key)));
    if (!isConditionalFailure(err)) throw err;
    return true;
  }
  // Files of an earlier version held labels cancelled since: they are no longer offered.
  await Promise.all((stored.combinedFiles ?? []).map((f) => Files.remove(f.key)));
  return true;
}
