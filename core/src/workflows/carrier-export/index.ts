export * as CarrierExport from "./index";

import { gunzipSync, gzipSync } from "node:zlib";
import { z } from "zod";
import { ActorContext, doneBy, useTenantID } from "../../actor";
import { type ExportFormat, type ExportOrder, exportFile, exportFormats } from "../../carriers/csv";
import { jobExpiresAt } from "../../db/job";
import { Brand } from "../../entities/brand";
import { CarrierAccount } from "../../entities/carrier-account";
import { Company } from "../../entities/company";
import { ExportJobEntity, ExportRefEntity } from "../../entities/jobs/export-job";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { NotFoundError, RuleError } from "../../error";
import { Files } from "../../files";
import { Queue } from "../../queue";
import { type Carrier, carrierLabels } from "../../shared/brand";
import { BULK_LIMITS } from "../../shared/bulk-limits";
import { jstToday } from "../../shared/dates";
import { exportAgainFields } from "../../shared/export-formats";
import { createID } from "../../util/id";
import { retryRemaining } from "../../util/retry";
import { type ExportChoice, exportEligibility, formatLabels } from "./selection";

// The reason a file taken meanwhile by another export gives (the web tells it apart as 出力済み).
const [, EXPORTED] = exportAgainFields;

/**
 * Carrier software hand-off (POST /api/exports): the selected orders as one carrier's
 * import file, in S3 under the company's prefix, with a short-lived download URL. Each
 * order ships with its own delivery for that carrier, or the carrier's defaults from
 * its own data (exporting never changes the order, it only marks it 出力済み); an order
 * that cannot go into the file is listed with its reasons and left out.
 */

export const formats = exportFormats;
/** Orders per request. */
export const MAX_ORDERS = BULK_LIMITS.export;
/**
 * Up to this many orders the file is made during the request and answered at once; a
 * larger selection runs on the export-job queue and GET /api/exports/{export_id} tells
 * its progress, so no request waits on a thousand order reads.
 */
export const QUEUE_ABOVE = 100;
/** A queued export writes its progress after every this many orders read. */
const PROGRESS_EVERY = 25;
/** Days an export job is kept (its file's URL is signed again on each read). */
const KEEP_DAYS = 90;

export const formatCarrier: Record<ExportFormat, Carrier> = {
  yamato_b2: "yamato",
  sagawa_ehiden3: "sagawa",
  japan_post_yuprir: "japan_post",
  clickpost: "japan_post",
};

export { formatLabels } from "./selection";

export const Request = z
  .object({
    format: z.enum(exportFormats, { error: "出力形式を選択してください" }),
    order_ids: z
      .array(z.string().max(64))
      .min(1, { error: "注文を選択してください" })
      .max(MAX_ORDERS, { error: `一度に出力できるのは${MAX_ORDERS}件までです` }),
    again: z.boolean({ error: "again は true か false で指定してください" }).optional().meta({
      description:
        "true のとき、送り状を発行済み・出力済み・発送済みの注文も出力する（再出力）。既定では理由を付けて除外する",
    }),
  })
  .meta({ id: "ExportRequest" });

const Reason = z.object({ field: z.string(), message: z.string() });
const Excluded = z.array(z.object({ order_id: z.string(), reasons: z.array(Reason) }));
const Warnings = z.array(z.object({ order_id: z.string(), field: z.string(), message: z.string() })).meta({
  description: "出力した注文のうち、配送サービスが扱えない項目を書かずに出力したもの（注文ごと・項目ごと）",
});
export const Result = z
  .object({
    export_id: z.string(),
    format: z.enum(exportFormats),
    filename: z.string(),
    url: z
      .string()
      .nullable()
      .meta({ description: "ファイルのダウンロードURL（15分有効）。1件も出力できないときは null" }),
    included: z.array(z.string()),
    again: z
      .array(z.string())
      .meta({ description: "included のうち、発行済み・出力済み・発送済みのため再出力として出力した注文" }),
    excluded: Excluded,
    warnings: Warnings,
  })
  .meta({ id: "ExportResult" });
export type Result = z.infer<typeof Result>;

/** 202 to a selection above QUEUE_ABOVE: the file is being made on the queue. */
export const Queued = z
  .object({ export_id: z.string(), status: z.literal("running") })
  .meta({ id: "ExportQueued" });
export type Queued = z.infer<typeof Queued>;

export const jobStatuses = ["running", "done", "failed"] as const;

/** GET /api/exports/{export_id}: a queued export's progress and, once done, what POST answers at once. */
export const Status = z
  .object({
    export_id: z.string(),
    format: z.enum(exportFormats),
    status: z.enum(jobStatuses),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    filename: z.string().nullable().meta({ description: "出力したファイル名（完了するまでは null）" }),
    url: z.string().nullable().meta({
      description:
        "ファイルのダウンロードURL（読むたびに15分有効のURLを発行）。完了前や1件も出力できないときは null",
    }),
    included: z.array(z.string()),
    again: z.array(z.string()),
    excluded: Excluded,
    warnings: Warnings,
    error: z.string().nullable().meta({ description: "作成できなかったときの理由" }),
  })
  .meta({ id: "ExportStatus" });
export type Status = z.infer<typeof Status>;

/** The account's data the file needs; clickpost needs none. */
async function accountFor(format: ExportFormat) {
  if (format === "clickpost") return undefined;
  const carrier = formatCarrier[format];
  const account = await CarrierAccount.defaultFor(carrier);
  if (!account)
    throw new RuleError(
      "export.no_account",
      `${carrierLabels[carrier]}の契約情報が登録されていません。「設定」の「配送会社連携」で登録してください。`,
    );
  const { customer_code: customerCode } = await CarrierAccount.codesOf(account.item);
  const settings = account.item.settings ?? {};
  switch (format) {
    case "yamato_b2":
      return {
        customerCode: customerCode ?? "",
        classificationCode: settings.classification_code ?? "",
        freightNumber: settings.freight_code ?? "01",
      };
    case "sagawa_ehiden3":
      return { customerCode };
    case "japan_post_yuprir": {
      // One 送り状種別 per account; ゆうプリR prints 元払い, 着払い and 代引 on the form the merchant chose.
      const form = settings.form_code ?? "1100780";
      return { formCodes: { "0": form, "1": form, "2": form } };
    }
  }
}

type Built = Omit<Result, "url"> & { key: string | null };

/**
 * Reads the orders, writes the file to S3 and marks the included orders 出力済み. The
 * same id, orders and time make the same file and the same marks, so a queued export
 * delivered again changes nothing. `onProgress` hears how many orders have been read.
 */
async function build(
  exportId: string,
  format: ExportFormat,
  ids: readonly string[],
  again: boolean,
  now: Date,
  onProgress?: (done: number) => Promise<void>,
): Promise<Built> {
  const carrier = formatCarrier[format];
  const [account, [brand, company], accountCarriers] = await Promise.all([
    accountFor(format),
    Promise.all([Brand.get(), Company.get()]),
    CarrierAccount.carriersWithAccount(),
  ]);
  const [senderOf, items] = await Promise.all([
    Order.senderResolver(brand, company),
    Order.itemDefaultsOf(brand?.defaultItemCategoryId),
  ]);
  const today = jstToday(now);
  const choice: ExportChoice = {
    carrier,
    formatLabel: formatLabels[format],
    again,
    brand: { defaultCarrier: brand?.defaultCarrier, accountCarriers },
    exportId,
    judgement: { today, items, senderOf },
  };
  const exportedAgain = new Set<string>();

  const excluded: Result["excluded"] = [];
  const rows: ExportOrder<ExportFormat>[] = [];
  const byReference = new Map<string, OrderItem>();
  const unique = [...new Set(ids)];
  for (const [index, id] of unique.entries()) {
    if (onProgress && index > 0 && index % PROGRESS_EVERY === 0) await onProgress(index);
    const order = await Order.find(id);

    if (!order) {
      excluded.push({ order_id: id, reasons: [{ field: "order", message: "注文が見つかりません。" }] });
      continue;
    }
    const eligible = await exportEligibility(order, choice);
    if (eligible.reasons) {
      excluded.push({ order_id: id, reasons: eligible.reasons });
      continue;
    }
    if (eligible.again) exportedAgain.add(order.orderId);
    const delivery = Order.deliveryFor(order, carrier, items);
    if (!delivery.success) {
      excluded.push({
        order_id: id,
        reasons: delivery.error.issues.map((issue) => ({
          field: `delivery.${issue.path.join(".")}`,
          message: issue.message,
        })),
      });
      continue;
    }
    const reference = Order.referenceOf(order.orderId);
    byReference.set(reference, order);
    rows.push({
      reference,
      orderNumber: order.orderNumber,
      recipient: order.customer,
      sender: await senderOf(order),
      lineItems: order.lineItems.map(({ name, quantity }) => ({
        name,
        quantity,
      })),
      delivery: delivery.data,
      account,
    } as ExportOrder<ExportFormat>);
  }

  if (onProgress) await onProgress(unique.length);
  const options = { today, fileSuffix: exportId.slice(-6).toLowerCase() };
  const drafted = exportFile(format, rows, options);
  for (const skipped of drafted.excluded)
    excluded.push({ order_id: byReference.get(skipped.reference)!.orderId, reasons: skipped.reasons });

  // The orders the file would hold are taken for it, each in its own conditional write, before
  // the file exists: one taken meanwhile by another file (or labelled) stays out of this one.
  const mark = { format, at: now.toISOString(), exportId };
  const taken = await Order.claimForExport(
    drafted.included.map((reference) => {
      const order = byReference.get(reference)!;
      return { order, again: exportedAgain.has(order.orderId) };
    }),
    mark,
  );
  const lost = drafted.included.filter((reference) => !taken.has(byReference.get(reference)!.orderId));
  for (const reference of lost)
    excluded.push({
      order_id: byReference.get(reference)!.orderId,
      reasons: [
        {
          field: EXPORTED,
          message: "同時に作成された別の出力ファイルに含まれたか、送り状が発行されたため、出力していません。",
        },
      ],
    });
  const file = lost.length
    ? exportFile(
        format,
        rows.filter((row) => !lost.includes(row.reference)),
        options,
      )
    : drafted;
  const warnings = file.warnings.map(({ reference, field, message }) => ({
    order_id: byReference.get(reference)!.orderId,
    field,
    message,
  }));
  const included = file.included.map((reference) => byReference.get(reference)!);

  let key: string | null = null;
  if (included.length) {
    key = Files.keyFor("exports", exportId, file.filename);
    try {
      await Files.put(key, file.bytes, "text/csv; charset=Shift_JIS");
      const refs = included.map((order) => ({
        tenantId: order.tenantId,
        reference: Order.referenceOf(order.orderId),
        orderId: order.orderId,
        format,
      }));
      // BatchWrite may leave items unprocessed under load: they are written again at once, never dropped.
      const unstored = await retryRemaining(
        refs,
        async (pending) => {
          const { unprocessed } = await ExportRefEntity.put(pending).go();
          const left = new Set(unprocessed.map((key) => (key as { reference: string }).reference));
          return pending.filter((ref) => left.has(ref.reference));
        },
        { attempts: 5, delayMs: () => 0 },
      );
      if (unstored.length) throw new Error("export references could not be stored");
    } catch (err) {
      // No file, no 出力済み: the orders are given back to the next export.
      await Order.releaseExport(included, exportId);
      throw err;
    }
  }
  return {
    export_id: exportId,
    format,
    filename: file.filename,
    key,
    included: included.map((order) => order.orderId),
    again: included.filter((order) => exportedAgain.has(order.orderId)).map((order) => order.orderId),
    excluded,
    warnings,
  };
}

const withUrl = async ({ key, ...built }: Built): Promise<Result> => ({
  ...built,
  url: key ? await Files.downloadUrl(key, built.filename) : null,
});

/** The file for the selection, made now whatever its size (the API queues large selections: `start`). */
export async function run(input: z.input<typeof Request>, now = new Date()): Promise<Result> {
  const { format, order_ids: ids, again = false } = Request.parse(input);
  return withUrl(await build(createID("export"), format, ids, again, now));
}

/**
 * POST /api/exports: a selection of up to QUEUE_ABOVE orders is made at once; a larger
 * one is recorded as a job and handed to the export-job queue (`runJob`).
 */
export async function start(
  input: z.input<typeof Request>,
  now = new Date(),
): Promise<{ queued: false; result: Result } | { queued: true; job: Queued }> {
  const { format, order_ids, again = false } = Request.parse(input);
  const ids = [...new Set(order_ids)];
  if (ids.length <= QUEUE_ABOVE)
    return { queued: false, result: await run({ format, order_ids: ids, again }, now) };
  // A missing account is refused now, in the dialog, rather than in the consumer.
  await accountFor(format);
  const exportId = createID("export");
  const actor = ActorContext.use();
  await ExportJobEntity.create({
    tenantId: useTenantID(),
    jobId: exportId,
    format,
    orderIds: ids,
    again,
    requestedAt: now.toISOString(),
    status: "running",
    total: ids.length,
    createdBy: doneBy(actor) ?? undefined,
    expiresAt: jobExpiresAt(KEEP_DAYS, now),
  }).go();
  const sent = await Queue.send("exportJob", [
    { kind: "export_job", dedupeKey: `export:${exportId}`, exportId },
  ]);
  if (sent.failed.length) {
    await fail(exportId, "ファイルの作成を開始できませんでした。");
    throw new Queue.Unavailable("ファイルの作成を開始できませんでした。時間をおいて再度お試しください。");
  }
  return { queued: true, job: { export_id: exportId, status: "running" } };
}

const jobKey = (exportId: string) => ({ tenantId: useTenantID(), jobId: exportId });

/** The export-job consumer: the job's file, its progress on the way, and what went in or not at the end. */
export async function runJob(exportId: string): Promise<void> {
  const { data: job } = await ExportJobEntity.get(jobKey(exportId)).go();
  // The key carries the message's tenant: a job of another company is simply not there.
  if (job?.status !== "running") return;
  const built = await build(
    exportId,
    job.format as ExportFormat,
    job.orderIds,
    job.again ?? false,
    new Date(job.requestedAt),
    async (done) => {
      await ExportJobEntity.patch(jobKey(exportId)).set({ done }).go();
    },
  );
  const outcome = gzipSync(
    JSON.stringify({
      included: built.included,
      again: built.again,
      excluded: built.excluded,
      warnings: built.warnings,
    }),
  );
  await ExportJobEntity.patch(jobKey(exportId))
    .set({
      status: "done",
      done: job.total,
      filename: built.filename,
      outcome: outcome.toString("base64"),
      ...(built.key ? { fileKey: built.key } : {}),
    })
    .go();
}

/** A job that will not finish (its last delivery failed, or it could not be queued): the merchant reads why. */
export async function fail(exportId: string, reason: string): Promise<void> {
  await ExportJobEntity.patch(jobKey(exportId)).set({ status: "failed", error: reason }).go();
}

/** GET /api/exports/{export_id}: a queued export of the actor's company; any other id is not found. */
export async function status(exportId: string): Promise<Status> {
  const { data: job } = await ExportJobEntity.get(jobKey(exportId)).go();
  if (!job) throw new NotFoundError("export.not_found", "出力が見つかりません。");
  const outcome: Pick<Status, "included" | "again" | "excluded" | "warnings"> = {
    included: [],
    again: [],
    excluded: [],
    warnings: [],
    ...(job.outcome ? JSON.parse(gunzipSync(Buffer.from(job.outcome, "base64")).toString("utf8")) : {}),
  };
  return {
    export_id: job.jobId,
    format: job.format as ExportFormat,
    status: job.status,
    progress: { done: job.done, total: job.total },
    filename: job.filename ?? null,
    url: job.fileKey && job.filename ? await Files.downloadUrl(job.fileKey, job.filename) : null,
    included: outcome.included,
    again: outcome.again,
    excluded: outcome.excluded,
    warnings: outcome.warnings,
    error: job.error ?? null,
  };
}

/** The order an issued-data file's お客様管理番号 stands for, if it went out in one of our files. */
export async function orderOfReference(reference: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9]{1,15}$/.test(reference)) return undefined;
  const { data } = await ExportRefEntity.get({ tenantId: useTenantID(), reference }).go();
  return data?.orderId;
}
