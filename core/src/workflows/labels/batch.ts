import { doneBy, useTenantID } from "../../actor";
import { Brand } from "../../entities/brand";
import { CarrierAccount } from "../../entities/carrier-account";
import { Company } from "../../entities/company";
import { Order } from "../../entities/order";
import { Database } from "../../entities/service";
import { LabelBatchEntity, LabelResultEntity, ShipmentEntity } from "../../entities/shipment/entity";
import { expiresAt, type PartResult, putResults } from "../../entities/shipment/label-results";
import { Queue } from "../../queue";
import { type Carrier, carriers } from "../../shared/brand";
import { BULK_LIMITS } from "../../shared/bulk-limits";
import { createID, isID } from "../../util/id";
import { announceIfComplete } from "./announce";
import { requestCombinedWhenSettled } from "./combined";
import { settleUnqueuedParts } from "./unqueued-parts";

/**
 * Shipments and their labels (issue, status, cancel). A label batch answers at once
 * with its id; its parts are rendered by the label-job consumers, each order alone:
 * one with a reason it cannot ship gets that reason in the results and never holds
 * the others up. Numbers come from the account's ranges (CarrierAccount.allocateNumbers)
 * and belong to one shipment for good (TrackingClaim); one live label per order parcel
 * (LiveParcel) whatever runs at the same time.
 */

export const PART_SIZE = 50;
/** The first part is small, so the merchant can start printing within a second while the rest render. */
export const FIRST_PART_SIZE = 10;

/** Ids in parts: a small first one, then PART_SIZE each. */
function partsOf(ids: string[]): string[][] {
  const parts = [ids.slice(0, FIRST_PART_SIZE)];
  for (let i = FIRST_PART_SIZE; i < ids.length; i += PART_SIZE) parts.push(ids.slice(i, i + PART_SIZE));
  return parts;
}
export const MAX_ORDERS = BULK_LIMITS.labels;

/**
 * A new batch (`label`: of order ids, `reissue`: of shipment ids): the job, keeping a
 * digest of each part's ids for the consumer's check, then one label-job message per
 * part; the answer is the label id to follow. Parts SQS does not take are settled at
 * once with their reason, so the batch still finishes, and the request answers 503 to
 * be sent again.
 */
export async function startBatch(
  kind: "label" | "reissue",
  ids: string[],
  startPosition?: number,
): Promise<{ label_id: string }> {
  const labelId = createID("label");
  const parts = partsOf(ids);
  await LabelBatchEntity.create({
    tenantId: useTenantID(),
    jobId: labelId,
    kind,
    total: ids.length,
    startPosition,
    parts: parts.length,
    createdBy: doneBy() ?? undefined,
    expiresAt: expiresAt(),
    partDigests: parts.map(Queue.partDigest),
    // A part whose message was lost is sent again from these (core/src/redrive).
    partItems: parts,
  }).go();
  const sent = await Queue.send(
    "labelJob",
    parts.map((part, index) => ({
      kind: "label_job" as const,
      dedupeKey: `label:${labelId}:${index}`,
      jobId: labelId,
      part: index,
      ...(kind === "label" ? { orderIds: part } : { shipmentIds: part }),
    })),
  );
  if (sent.failed.length) {
    const unsent = sent.failed.map(({ index }) => ({ part: index, ids: parts[index]! }));
    await settleUnqueuedParts(labelId, kind, unsent, expiresAt());
    throw new Queue.Unavailable("送り状の発行を開始できませんでした。時間をおいて再度お試しください。");
  }
  return { label_id: labelId };
}

/**
 * The part and its count on the batch, in one transaction that applies once: the part
 * is created only if it is not there, so a part run again (or failed after it ran)
 * neither counts twice nor replaces its files.
 */
export async function recordPart(
  labelId: string,
  part: number,
  count: number,
  files: { carrier: Carrier; key: string; labels: number }[],
) {
  const tenantId = useTenantID();
  const result = await Database.transaction
    .write((entities) => [
      entities.labelPart
        .create({ tenantId, jobId: labelId, part, orders: count, files, expiresAt: expiresAt() })
        .commit(),
      entities.labelBatch.update({ tenantId, jobId: labelId }).add({ done: count }).commit(),
    ])
    .go();
  if (result.canceled && result.data[0]?.code !== "ConditionalCheckFailed")
    throw new Error(`label part ${labelId}/${part} could not be recorded`);
  await announceIfComplete(labelId);
}

/**
 * A part that failed for the last time (its message goes to the DLQ): every order of
 * it without a reason of its own gets this one, in the batch's results and on the
 * order itself (its エラー tab, until a later issue of it succeeds), and the part
 * counts as done so the batch finishes and the merchant sees what happened instead
 * of a bar that never moves. `ids` are the part's orders, or for a reissue its shipments.
 */
export async function failPart(labelId: string, part: number, ids: string[], reason: string) {
  const tenantId = useTenantID();
  const { data: batch } = await LabelBatchEntity.get({ tenantId, jobId: labelId }).go();
  if (!batch) return;
  const orderIds =
    batch.kind === "label"
      ? ids
      : [
          ...new Set(
            (
              await ShipmentEntity.get(
                ids.filter((id) => isID("shipment", id)).map((shipmentId) => ({ tenantId, shipmentId })),
              ).go()
            ).data.map((s) => s.orderId),
          ),
        ];
  const { data: existing } = await LabelResultEntity.get({ tenantId, jobId: labelId, part }).go();
  // An order refused for its own reason keeps it; one whose labels were made but never stored as a PDF gets this one.
  const ownReason = new Map(
    ((existing?.results ?? []) as PartResult[]).filter((r) => r.error).map((r) => [r.orderId, r]),
  );
  const message = `送り状を作成できませんでした（${reason.slice(0, 200)}）。再度発行してください。`;
  const failed = orderIds.filter((id) => !ownReason.has(id));
  await putResults(
    labelId,
    part,
    orderIds.map(
      (orderId) =>
        ownReason.get(orderId) ?? { orderId, shipmentIds: [], trackingNumbers: [], error: message },
    ),
  );
  for (const orderId of failed) await Order.recordLabelIssue(orderId, message);
  await recordPart(labelId, part, ids.length, []);
  await requestCombinedWhenSettled(labelId, []);
}

/** What a part needs once: accounts, brand items, senders. */
export async function partContext() {
  // Read at once, not one after another: a part's set-up is on the way to the first printable part.
  const [brand, company, accountList] = await Promise.all([
    Brand.get(),
    Company.get(),
    Promise.all(carriers.map((carrier) => CarrierAccount.defaultFor(carrier))),
  ]);
  const accounts = new Map(carriers.map((carrier, i) => [carrier, accountList[i]]));
  const [items, senderOf] = await Promise.all([
    Order.itemDefaultsOf(brand?.defaultItemCategoryId),
    Order.senderResolver(brand, company),
  ]);
  return {
    items,
    accounts,
    defaultCarrier: brand?.defaultCarrier,
    accountCarriers: carriers.filter((c) => accounts.get(c)),
    printSettings: Brand.serialize(brand).print_settings,
    senderOf,
    autoUploadTracking: Brand.uploadSettingsOf(brand).auto_upload_tracking,
    /** The batch's 印刷開始位置, once the batch is read with it (issue-part.ts `batchSetup`). */
    startPosition: undefined as number | undefined,
  };
}
export type PartContext = Awaited<ReturnType<typeof partContext>>;
