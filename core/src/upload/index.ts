export * as TrackingUpload from "./index";

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type Actor, ActorContext, useTenantID } from "../actor";
import { Brand } from "../brand";
import { isConditionalFailure } from "../db/attributes";
import { jobExpiresAt } from "../db/job";
import { Ecforce } from "../ecforce";
import { ConflictError, NotFoundError, RuleError, VisibleError } from "../error";
import { Order } from "../order";
import type { OrderItem } from "../order/entity";
import { Queue } from "../queue";
import { ShopSettings } from "../shared/shop";
import { Shipment } from "../shipment";
import type { ShipmentItem } from "../shipment/entity";
import { mappingOf } from "../shop/carriers";
import { EcforceCredentials, openCredentials, shopifyToken } from "../shop/connect";
import { ShopEntity } from "../shop/entity";
import { ShopifyError } from "../shopify/client";
import { createID, idFor, isID } from "../util/id";
import * as EcforceUpload from "./ecforce";
import { UploadDatabase, UploadJobEntity, UploadResultEntity } from "./entity";
import * as ShopifyUpload from "./shopify";
import { type PlatformResult, Refusal, type UploadWork } from "./work";

export { STANDARD_BUCKET, stateOf as budgetOf } from "./budget";
export { checkPartMessage, type UploadPartVerdict } from "./part-check";
export { trackingCompanies } from "./shopify";

/**
 * Tracking numbers back to the shop (issue 11), one shipment at a time or in bulk.
 *
 * The attempt protocol (core/src/db/README.md §6 "tracking upload"): an attempt first
 * claims its shipments (`upload.state = pending` with its own attempt id, allowed when
 * there was no upload, the last one failed, or a pending one is older than ten
 * minutes: its attempt died), then calls the platform, which is always read first for
 * our number (found = the upload already happened: recorded, never sent again), and
 * finally records the outcome only if its claim still stands. A retry, a duplicate
 * queue delivery or a crash between the platform call and our write therefore never
 * makes a second fulfilment.
 *
 * Several parcels of one order go together (one fulfilment with every number) unless
 * the merchant named the lines a parcel carries (a partial shipment): then that parcel
 * goes alone, for those lines, and a later parcel without lines takes what remains.
 */

export const PART_SIZE = 25;
export const MAX_SHIPMENTS = 1000;
/** A pending attempt older than this has died (a Lambda runs 15 minutes at most, the queue's visibility is shorter). */
export const STALE_AFTER_MS = 10 * 60_000;
const KEEP_DAYS = 30;
const expiresAt = () => jobExpiresAt(KEEP_DAYS);
/** Shipments of one part uploaded at once (the shop's budget paces them). */
const PART_CONCURRENCY = 4;

export const Result = z
  .object({
    shipment_id: z.string(),
    order_id: z.string().nullable(),
    order_number: z.string().nullable(),
    status: z.enum(["uploaded", "failed"]),
    /** Every shipment this upload reported (the parcels of one order go together). */
    shipment_ids: z.array(z.string()),
    tracking_numbers: z.array(z.string()),
    fulfillment_id: z.string().nullable(),
    order_shipment_status: z.enum(Order.shipmentStatuses).nullable(),
    /** Found already done in the shop (an earlier attempt, or fulfilled there): nothing was sent again. */
    already_uploaded: z.boolean(),
    error: z.string().nullable(),
  })
  .meta({ id: "TrackingUploadResult" });
export type Result = z.infer<typeof Result>;

export const SingleRequest = z
  .object({
    /** The order lines this parcel carries (a partial shipment), by their place in the order's `line_items`. */
    line_items: z
      .array(
        z.object({
          line_index: z.number().int().min(0).max(999),
          quantity: z.number().int().min(1, { error: "数量は1以上で指定してください" }).max(100_000),
        }),
      )
      .min(1)
      .max(250)
      .optional(),
  })
  .meta({ id: "TrackingUploadRequest" });

export type UploadOptions = {
  /** The order lines the parcel carries, resolved from `line_items`. */
  lines?: z.output<typeof SingleRequest>["line_items"];
  now?: () => Date;
  /** Who asked (the history entry); the actor's user when absent. */
  userId?: string | null;
  /**
   * Runs after the platform accepted the upload and before we record it. Exposed so a
   * test can make that step fail once and show what a crash there leaves behind.
   */
  beforeRecord?: () => void | Promise<void>;
  /** How long to wait for another attempt of the same shipment to finish (default 15 s). */
  waitMs?: number;
};

type HistoryEntry = { action: string; userId: string | null; at: string };
type UploadState = NonNullable<ShipmentItem["upload"]>;
type Lines = NonNullable<UploadWork["lines"]>;

const userIdOf = (actor: Actor | undefined) => (actor?.type === "user" ? actor.properties.userId : null);

function claimable(s: ShipmentItem, now: Date): boolean {
  if (s.status !== "issued") return false;
  const upload = s.upload as UploadState | undefined;
  if (!upload || upload.state === "failed") return true;
  return upload.state === "pending" && Date.parse(upload.startedAt) < now.getTime() - STALE_AFTER_MS;
}

const isDone = (s: ShipmentItem) => s.status === "isShipped" || s.upload?.state === "done";

function resultOf(
  shipment: ShipmentItem,
  fields: Partial<Result> & Pick<Result, "status">,
  order?: OrderItem,
): Result {
  return {
    shipment_id: shipment.shipmentId,
    order_id: shipment.orderId,
    order_number: shipment.orderNumber,
    shipment_ids: [shipment.shipmentId],
    tracking_numbers: [shipment.trackingNumber],
    fulfillment_id: shipment.upload?.fulfillmentId ?? null,
    order_shipment_status: order?.shipmentStatus ?? null,
    already_uploaded: false,
    error: null,
    ...fields,
  };
}

/**
 * Uploads one shipment's tracking number (with its sibling parcels) and answers the
 * result: uploaded, or failed with the platform's reason in Japanese, which the
 * shipment and its order then carry (エラー tab) until a retry succeeds.
 */
export async function uploadOne(shipmentId: string, options: UploadOptions = {}): Promise<Result> {
  const now = options.now ?? (() => new Date());
  for (let round = 0; round < 3; round += 1) {
    const shipment = await Shipment.get(shipmentId);
    if (isDone(shipment)) {
      // Done before: make sure the order shows it (a crash may have come between the two writes).
      const status = shipment.upload?.orderStatus;
      const order = await Order.recordUpload(shipment.orderId, {
        status: status === "shipped" || status === "partiallyShipped" ? status : "shipped",
      });
      return resultOf(shipment, { status: "uploaded", already_uploaded: true }, order);
    }
    if (shipment.status === "cancelled")
      return resultOf(shipment, {
        status: "failed",
        error: "取り消された出荷のため、アップロードできません。",
      });
    if (!claimable(shipment, now())) return waitFor(shipmentId, options.waitMs ?? 15_000);
    const order = await Order.find(shipment.orderId);
    if (!order) return resultOf(shipment, { status: "failed", error: "注文が見つかりません。" });

    const lines = options.lines ? linesOf(order, options.lines) : storedLines(shipment);
    const ofOrder = await Shipment.ofOrder(order.orderId);
    // Parcels go together only with the same carrier (one tracking company per fulfilment).
    const siblings = lines
      ? []
      : ofOrder.filter(
          (s) =>
            s.shipmentId !== shipmentId &&
            s.carrier === shipment.carrier &&
            s.carrierName === shipment.carrierName &&
            !storedLines(s) &&
            claimable(s, now()),
        );
    const group = [shipment, ...siblings].sort((a, b) => a.parcel - b.parcel);
    const attemptId = randomUUID();
    const startedAt = now().toISOString();
    const claimed = await claim(group, attemptId, startedAt, now(), lines);
    if (!claimed) continue; // another attempt claimed one of them first: see where it stands
    const work: UploadWork = {
      platformOrderId: order.platformOrderId,
      carrier: shipment.carrier,
      ...(shipment.carrierName ? { carrierName: shipment.carrierName } : {}),
      numbers: group.map((s) => s.trackingNumber),
      ...(lines ? { lines } : {}),
      siblingFulfillmentIds: ofOrder
        .map((s) => (s.upload?.state === "done" ? s.upload.fulfillmentId : undefined))
        .filter((id): id is string => !!id),
      shippedAt: startedAt,
    };
    return attempt(group, order, work, { attemptId, startedAt }, options, now, shipmentId);
  }
  throw new ConflictError(
    "tracking_upload.concurrent",
    "他の操作と競合しました。しばらくしてから再度お試しください。",
  );
}

/** The merchant's line indexes as the platform's line ids; an index the order does not have is an input error. */
function linesOf(order: OrderItem, wanted: NonNullable<UploadOptions["lines"]>): Lines {
  const stored = order.lineItems as { platformLineItemId: string; quantity: number }[];
  const byLine = new Map<string, number>();
  for (const { line_index, quantity } of wanted) {
    const line = stored[line_index];
    if (!line)
      throw new RuleError("tracking_upload.unknown_line", `注文に${line_index + 1}行目の商品がありません。`);
    byLine.set(line.platformLineItemId, (byLine.get(line.platformLineItemId) ?? 0) + quantity);
  }
  return [...byLine].map(([platformLineItemId, quantity]) => ({ platformLineItemId, quantity }));
}

function storedLines(shipment: ShipmentItem): Lines | undefined {
  const lines = shipment.lineItems as Lines | undefined;
  return lines?.length ? lines : undefined;
}

/** One patch per shipment of the attempt's group, written all or none (a transaction). */
function patchEachShipment(
  group: ShipmentItem[],
  patch: (builder: ShipmentPatch, shipment: ShipmentItem) => ShipmentWrite,
) {
  return UploadDatabase.transaction
    .write(({ shipment }) =>
      group.map((s) => patch(shipment.patch({ tenantId: s.tenantId, shipmentId: s.shipmentId }), s)),
    )
    .go();
}
type TransactionWrite = Parameters<typeof UploadDatabase.transaction.write>[0];
type ShipmentPatch = ReturnType<Parameters<TransactionWrite>[0]["shipment"]["patch"]>;
type ShipmentWrite = ReturnType<TransactionWrite>[number];

/** Step (1): every shipment of the attempt pending under its id, all or none. */
async function claim(
  group: ShipmentItem[],
  attemptId: string,
  startedAt: string,
  now: Date,
  lines: Lines | undefined,
): Promise<boolean> {
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const result = await patchEachShipment(group, (patch, s) =>
    patch
      .set({
        upload: { state: "pending", attemptId, startedAt },
        ...(lines && s === group[0] ? { lineItems: lines } : {}),
      })
      .where(
        (attr, op) =>
          `${op.eq(attr.status, "issued")} AND (${op.notExists(attr.upload)} OR ${op.eq(
            attr.upload.state,
            "failed",
          )} OR (${op.eq(attr.upload.state, "pending")} AND ${op.lt(attr.upload.startedAt, stale)}))`,
      )
      .commit(),
  );
  return !result.canceled;
}

/** Another attempt holds the shipment: its outcome, once it has one. */
async function waitFor(shipmentId: string, waitMs: number): Promise<Result> {
  const until = Date.now() + waitMs;
  for (;;) {
    const shipment = await Shipment.get(shipmentId);
    const upload = shipment.upload as UploadState | undefined;
    if (isDone(shipment)) {
      return resultOf(
        shipment,
        { status: "uploaded", already_uploaded: true },
        await Order.find(shipment.orderId),
      );
    }
    if (upload?.state === "failed")
      return resultOf(shipment, { status: "failed", error: upload.error ?? "アップロードに失敗しました。" });
    if (upload?.state !== "pending") return uploadOne(shipmentId);
    if (Date.now() >= until)
      throw new ConflictError(
        "tracking_upload.in_progress",
        "この出荷は別の処理でアップロード中です。しばらくしてから結果をご確認ください。",
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Steps (2)–(4): the platform, then our record of what it did. */
async function attempt(
  group: ShipmentItem[],
  order: OrderItem,
  work: UploadWork,
  claim: { attemptId: string; startedAt: string },
  options: UploadOptions,
  now: () => Date,
  askedId: string,
): Promise<Result> {
  // The result is the asked shipment's, though its siblings went with it: a job's worker for
  // parcel 2 that claimed parcel 1 too must not record its result under parcel 1.
  const first = group.find((s) => s.shipmentId === askedId) ?? group[0]!;
  const base = {
    shipment_ids: group.map((s) => s.shipmentId),
    tracking_numbers: work.numbers,
  };
  let outcome: PlatformResult;
  try {
    outcome = await toPlatform(order, work);
  } catch (err) {
    const message = reasonOf(err);
    await recordFailure(group, claim, message, now());
    const updated = await Order.recordUpload(order.orderId, {
      issue: `追跡番号をストアに送れませんでした: ${message}`,
    });
    // A fault of ours (not the platform's answer) is recorded, then surfaces for the logs and the queue's retry.
    if (message === UNEXPECTED) throw err;
    return {
      ...resultOf(first, { status: "failed", error: message, fulfillment_id: null }, updated),
      ...base,
    };
  }
  await options.beforeRecord?.();
  const userId = options.userId !== undefined ? options.userId : userIdOf(ActorContext.use());
  await recordSuccess(group, claim, outcome, userId, now());
  const updated = await Order.recordUpload(order.orderId, { status: outcome.orderStatus, issue: null });
  return {
    ...resultOf(
      first,
      {
        status: "uploaded",
        fulfillment_id: outcome.fulfillmentId,
        already_uploaded: outcome.reconciled ?? false,
      },
      updated,
    ),
    ...base,
  };
}

const UNEXPECTED = "アップロード中に予期しないエラーが発生しました。時間をおいて再度お試しください。";

function reasonOf(err: unknown): string {
  if (err instanceof Refusal) return err.message;
  if (err instanceof ShopifyError) return err.message;
  if (err instanceof Ecforce.EcforceError) return err.message;
  if (err instanceof VisibleError) return err.message;
  return UNEXPECTED;
}

async function toPlatform(order: OrderItem, work: UploadWork): Promise<PlatformResult> {
  const { data: shop } = await ShopEntity.get({ tenantId: order.tenantId, shopId: order.shopId }).go();
  if (shop?.status !== "active" || !shop.credentials)
    throw new Refusal(
      "ストアとの接続が解除されています。「ストア管理」でストアを接続し直してから、再度アップロードしてください。",
    );
  if (ShopSettings.parse(shop.settings ?? {}).tracking_upload === "none")
    throw new Refusal(
      "このストアは追跡番号をアップロードしない設定です。「ストア管理」の設定を変更してから再度お試しください。",
    );
  const key = { tenantId: shop.tenantId, shopId: shop.shopId };
  if (shop.platform === "shopify") {
    // Shopify's own shipping confirmation goes to the customer unless the brand's settings turn it off.
    const notifyCustomer = Brand.uploadSettingsOf(await Brand.get()).notify_customer;
    return ShopifyUpload.upload(
      { ...key, domain: shop.domain, accessToken: await shopifyToken(shop), notifyCustomer },
      work,
    );
  }
  return EcforceUpload.upload(
    {
      ...key,
      connection: await openCredentials(shop, EcforceCredentials),
      carrierMapping: mappingOf(shop.carrierMapping),
    },
    work,
  );
}

/** Step (4): shipped, with the platform's fulfilment, only under our own claim. */
async function recordSuccess(
  group: ShipmentItem[],
  claim: { attemptId: string; startedAt: string },
  outcome: PlatformResult,
  userId: string | null,
  now: Date,
) {
  const at = now.toISOString();
  const result = await patchEachShipment(group, (patch, s) =>
    patch
      .set({
        status: "isShipped",
        upload: {
          state: "done",
          ...claim,
          finishedAt: at,
          orderStatus: outcome.orderStatus,
          ...(outcome.fulfillmentId ? { fulfillmentId: outcome.fulfillmentId } : {}),
        },
        isError: false,
        errors: [],
        history: [...((s.history as HistoryEntry[] | undefined) ?? []), { action: "upload", userId, at }],
      })
      .composite({ printedAt: s.printedAt, orderId: s.orderId })
      .where((attr, op) => op.eq(attr.upload.attemptId, claim.attemptId))
      .commit(),
  );
  if (!result.canceled) return;
  // Our claim went stale and another attempt took over: it reads the platform first and
  // finds our fulfilment, so it records it; nothing more to do here unless it has not.
  const now2 = await Promise.all(group.map((s) => Shipment.get(s.shipmentId)));
  if (!now2.every(isDone)) throw new Error(`tracking upload ${claim.attemptId}: the claim was lost`);
}

/** The failure, with the reason on each shipment of the attempt, only under our own claim. */
async function recordFailure(
  group: ShipmentItem[],
  claim: { attemptId: string; startedAt: string },
  message: string,
  now: Date,
) {
  await patchEachShipment(group, (patch) =>
    patch
      .set({
        upload: { state: "failed", ...claim, finishedAt: now.toISOString(), error: message },
        isError: true,
        errors: [{ field: "upload", message }],
      })
      .where((attr, op) => op.eq(attr.upload.attemptId, claim.attemptId))
      .commit(),
  );
}

// ---------------------------------------------------------------------------
// Bulk

const idList = (noun: string) =>
  z
    .array(z.string().max(64))
    .min(1, { error: `${noun}を選択してください` })
    .max(MAX_SHIPMENTS, { error: `一度にアップロードできるのは${MAX_SHIPMENTS}件までです` });

/**
 * The shipments to upload, or the orders whose shipments to upload (exactly one of the
 * two): an order's are its live labels not yet reported to the shop.
 */
export const BulkRequest = z
  .object({
    shipment_ids: idList("出荷").optional(),
    order_ids: idList("注文").optional(),
  })
  .refine((v) => (v.shipment_ids === undefined) !== (v.order_ids === undefined), {
    error: "shipment_ids か order_ids のどちらか一方を指定してください",
  })
  .meta({ id: "TrackingUploadBulkRequest" });

/** Why an order of an `order_ids` request has nothing to upload. */
export const NOTHING_TO_UPLOAD = "アップロードできる送り状がありません。先に送り状を発行してください。";

/** A shipment an upload can still take: a live label the shop has not been told of. */
const uploadable = (s: ShipmentItem) => s.status === "issued" && s.upload?.state !== "done";

/** Creates the job and queues its parts; the answer is the job id to follow. */
export async function requestUpload(input: z.input<typeof BulkRequest>): Promise<{ job_id: string }> {
  const request = BulkRequest.parse(input);
  const createdBy = userIdOf(ActorContext.use());
  if (request.shipment_ids) return createJob([...new Set(request.shipment_ids)], [], createdBy);
  const { shipmentIds, failures } = await shipmentsOfOrders([...new Set(request.order_ids)]);
  return createJob(shipmentIds, failures, createdBy);
}

type OrderFailure = { orderId: string; orderNumber: string | null; error: string };

/** Each order's uploadable shipments (oldest parcel first); an order with none is a failure of its own. */
async function shipmentsOfOrders(orderIds: string[]) {
  const orders = await Order.findMany(orderIds);
  const shipmentIds: string[] = [];
  const failures: OrderFailure[] = [];
  let next = 0;
  const found = new Map<string, ShipmentItem[]>();
  await Promise.all(
    Array.from({ length: Math.min(8, orderIds.length) }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++]!;
        if (orders.has(orderId)) found.set(orderId, await Shipment.ofOrder(orderId));
      }
    }),
  );
  for (const orderId of orderIds) {
    const order = orders.get(orderId);
    if (!order) {
      failures.push({ orderId, orderNumber: null, error: "注文が見つかりません。" });
      continue;
    }
    const live = (found.get(orderId) ?? []).filter(uploadable).sort((a, b) => a.parcel - b.parcel);
    if (live.length === 0)
      failures.push({ orderId, orderNumber: order.orderNumber, error: NOTHING_TO_UPLOAD });
    else shipmentIds.push(...live.map((s) => s.shipmentId));
  }
  return { shipmentIds, failures };
}

/**
 * The job, its parts on the queue, and at once the results of the orders that had
 * nothing to upload (each keyed by its order id, where a shipment would be).
 */
async function createJob(
  ids: string[],
  failures: OrderFailure[],
  createdBy: string | null,
  /** A job named by its cause (an automatic upload); without it, a new job of this request. */
  causeJobId?: string,
): Promise<{ job_id: string }> {
  const jobId = causeJobId ?? createID("labelJob");
  const parts: string[][] = [];
  for (let i = 0; i < ids.length; i += PART_SIZE) parts.push(ids.slice(i, i + PART_SIZE));
  const created = await UploadJobEntity.create({
    tenantId: useTenantID(),
    jobId,
    total: ids.length + failures.length,
    parts: parts.length,
    partDigests: parts.map(Queue.partDigest),
    // A part whose message was lost is sent again from these (core/src/redrive).
    partItems: parts,
    createdBy: createdBy ?? undefined,
    expiresAt: expiresAt(),
  })
    .go()
    .then(
      () => true,
      (err: unknown) => {
        if (!isConditionalFailure(err)) throw err;
        return false;
      },
    );
  // A job named by its cause that exists already (a redelivered label part): its parts
  // are sent again, and the consumer skips every shipment that already has its result.
  if (!created) failures = [];
  for (const failure of failures) {
    await writeResult(jobId, {
      shipment_id: failure.orderId,
      order_id: failure.orderId,
      order_number: failure.orderNumber,
      status: "failed",
      error: failure.error,
    });
  }
  if (!parts.length) return { job_id: jobId };
  const sent = await Queue.send(
    "trackingUpload",
    parts.map((shipmentIds, part) => ({
      kind: "tracking_upload" as const,
      dedupeKey: `upload:${jobId}:${part}`,
      jobId,
      part,
      shipmentIds,
    })),
  );
  if (sent.failed.length) {
    // A job named by its cause is sent again when its cause runs again; a request's own job
    // would wait forever, so its unsent shipments get the reason and the job finishes.
    if (!causeJobId) {
      const error = "アップロードを開始できませんでした。時間をおいて再度お試しください。";
      for (const shipmentId of sent.failed.flatMap(({ index }) => parts[index]!))
        await writeResult(jobId, { shipment_id: shipmentId, status: "failed", error });
    }
    throw new Queue.Unavailable(
      "追跡番号のアップロードを開始できませんでした。時間をおいて再度お試しください。",
    );
  }
  return { job_id: jobId };
}

/**
 * After a part of a label batch is rendered (the label-job consumer): when the brand
 * uploads automatically, the part's new shipments go to the shop as a tracking-upload
 * job of their own. Answers that job's id, or null when nothing was queued (the
 * setting is off, a reissue, or no order of the part got a label).
 */
export async function afterLabelsIssued(
  labelId: string,
  part: number,
  /** What the part's run answered (Shipment.runPart); without it, the brand and the part are read. */
  known?: Shipment.IssuedPart,
): Promise<{ job_id: string } | null> {
  const auto = known
    ? known.autoUploadTracking
    : Brand.uploadSettingsOf(await Brand.get()).auto_upload_tracking;
  if (!auto) return null;
  const issued = known ?? (await Shipment.partShipments(labelId, part));
  if (!issued?.shipmentIds.length) return null;
  // One job per label part, named by it: a redelivered label part finds its job and sends nothing again.
  const jobId = idFor("labelJob", Date.parse(issued.createdAt), `auto-upload:${labelId}:${part}`);
  return createJob(issued.shipmentIds, [], issued.createdBy, jobId);
}

/**
 * One part of a job, in the consumer: each shipment alone (one that fails gets its
 * reason and never holds the others up), each result written and counted once, so a
 * redelivered part skips what it finished and retries the rest.
 */
export async function runPart(
  jobId: string,
  shipmentIds: string[],
  options: UploadOptions = {},
): Promise<void> {
  const tenantId = useTenantID();
  const { data: job } = await UploadJobEntity.get({ tenantId, jobId }).go();
  if (!job) return; // another tenant's job, or expired: nothing to do
  const have = await resultIds(jobId);
  const todo = shipmentIds.filter((id) => !have.has(id));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PART_CONCURRENCY, todo.length) }, async () => {
      while (next < todo.length) {
        const shipmentId = todo[next++]!;
        let result: Result | { shipment_id: string; status: "failed"; error: string };
        try {
          result = await uploadOne(shipmentId, { ...options, userId: job.createdBy ?? null });
        } catch (err) {
          if (!(err instanceof VisibleError)) throw err;
          result = { shipment_id: shipmentId, status: "failed", error: err.message };
        }
        await writeResult(jobId, result);
      }
    }),
  );
}

async function resultIds(jobId: string): Promise<Set<string>> {
  const { data } = await UploadResultEntity.query
    .byJob({ tenantId: useTenantID(), jobId })
    .go({ pages: "all", attributes: ["shipmentId"] });
  return new Set(data.map((r) => r.shipmentId));
}

async function writeResult(jobId: string, result: Partial<Result> & { shipment_id: string; status: string }) {
  const tenantId = useTenantID();
  const ok = result.status === "uploaded";
  const outcome = await UploadDatabase.transaction
    .write(({ uploadResult, uploadJob }) => [
      uploadResult
        .create({
          tenantId,
          jobId,
          shipmentId: result.shipment_id,
          ok,
          ...(result.order_id ? { orderId: result.order_id } : {}),
          ...(result.order_number ? { orderNumber: result.order_number } : {}),
          ...(result.tracking_numbers?.length
            ? {
                trackingNumber:
                  result.tracking_numbers[result.shipment_ids?.indexOf(result.shipment_id) ?? 0] ??
                  result.tracking_numbers[0],
              }
            : {}),
          ...(result.error ? { error: result.error } : {}),
          at: new Date().toISOString(),
          expiresAt: expiresAt(),
        })
        .commit(),
      uploadJob
        .update({ tenantId, jobId })
        .add({ done: 1, failed: ok ? 0 : 1 })
        .commit(),
    ])
    .go();
  // A result already there was counted by the delivery that wrote it.
  if (outcome.canceled && outcome.data[0]?.code !== "ConditionalCheckFailed")
    throw new Error(`tracking upload result ${jobId}/${result.shipment_id} could not be recorded`);
}

/**
 * A part that failed for the last time (its message goes to the DLQ): its shipments
 * without a result get the reason, so the job finishes and the merchant sees what
 * happened instead of a bar that never moves.
 */
export async function failPart(jobId: string, shipmentIds: string[], reason: string): Promise<void> {
  const have = await resultIds(jobId);
  const error = `アップロードを完了できませんでした（${reason.slice(0, 200)}）。再度お試しください。`;
  for (const shipmentId of shipmentIds.filter((id) => !have.has(id))) {
    await writeResult(jobId, { shipment_id: shipmentId, status: "failed", error });
  }
}

export const JobStatus = z
  .object({
    job_id: z.string(),
    status: z.enum(["running", "done"]),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        /** null for an order of an `order_ids` request that had nothing to upload. */
        shipment_id: z.string().nullable(),
        order_id: z.string().nullable(),
        order_number: z.string().nullable(),
        tracking_number: z.string().nullable(),
        status: z.enum(["uploaded", "failed"]),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "TrackingUploadJob" });
export type JobStatus = z.infer<typeof JobStatus>;

const jobNotFound = () =>
  new NotFoundError("tracking_upload.not_found", "追跡番号アップロードの処理が見つかりません。");

/** Where a job stands: how many of its shipments have a result, and each result. */
export async function jobStatus(jobId: string): Promise<JobStatus> {
  const tenantId = useTenantID();
  if (!isID("labelJob", jobId)) throw jobNotFound();
  const { data: job } = await UploadJobEntity.get({ tenantId, jobId }).go();
  if (!job) throw jobNotFound();
  const { data: results } = await UploadResultEntity.query.byJob({ tenantId, jobId }).go({ pages: "all" });
  const done = Math.min(job.done, job.total);
  return {
    job_id: jobId,
    status: done >= job.total ? "done" : "running",
    progress: { done, total: job.total },
    succeeded: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    results: results
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .map((r) => ({
        shipment_id: isID("order", r.shipmentId) ? null : r.shipmentId,
        order_id: r.orderId ?? null,
        order_number: r.orderNumber ?? null,
        tracking_number: r.trackingNumber ?? null,
        status: r.ok ? ("uploaded" as const) : ("failed" as const),
        error: r.error ?? null,
      })),
  };
}
