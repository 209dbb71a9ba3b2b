import { randomUUID } from "node:crypto";
import { z } from "zod";
import { doneBy } from "../../actor";
import { jobExpiresAt } from "../../db/job";
import { Brand } from "../../entities/brand";
import { UploadDatabase } from "../../entities/jobs/upload-job";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { Shipment } from "../../entities/shipment";
import type { ShipmentItem } from "../../entities/shipment/entity";
import { mappingOf } from "../../entities/shop/carrier-mapping";
import { EcforceCredentials, openCredentials, shopifyToken } from "../../entities/shop/credentials";
import { ShopEntity } from "../../entities/shop/entity";
import { ConflictError, RuleError, VisibleError } from "../../error";
import { Ecforce } from "../../platforms/ecforce";
import { ShopifyError } from "../../platforms/shopify/client";
import { BULK_LIMITS } from "../../shared/bulk-limits";
import { ShopSettings } from "../../shared/shop";
import { WebhooksOut } from "../webhooks-out";
import * as EcforceUpload from "./ecforce";
import * as ShopifyUpload from "./shopify";
import { type PlatformResult, Refusal, type UploadWork } from "./work";

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
export const MAX_SHIPMENTS = BULK_LIMITS.upload;
/** A pending attempt older than this has died (a Lambda runs 15 minutes at most, the queue's visibility is shorter). */
export const STALE_AFTER_MS = 10 * 60_000;
const KEEP_DAYS = 30;
export const expiresAt = () => jobExpiresAt(KEEP_DAYS);
/** Shipments of one part uploaded at once (the shop's budget paces them). */
export const PART_CONCURRENCY = 4;

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

type UploadState = NonNullable<ShipmentItem["upload"]>;
type Lines = NonNullable<UploadWork["lines"]>;

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
  const stored = order.lineItems;
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
  const lines = shipment.lineItems;
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
  const userId = options.userId !== undefined ? options.userId : doneBy();
  await recordSuccess(group, claim, outcome, userId, now());
  const updated = await Order.recordUpload(order.orderId, { status: outcome.orderStatus, issue: null });
  await WebhooksOut.emit(
    group.map((shipment) => ({
      type: "tracking.uploaded" as const,
      data: {
        shipment_id: shipment.shipmentId,
        order_id: order.orderId,
        order_number: order.orderNumber,
        carrier: shipment.carrier,
        tracking_number: shipment.trackingNumber,
        platform: order.platform,
        fulfillment_id: outcome.fulfillmentId,
        order_shipment_status: updated?.shipmentStatus ?? order.shipmentStatus,
      },
    })),
  );
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
        history: [...(s.history ?? []), { action: "upload", userId, at }],
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
