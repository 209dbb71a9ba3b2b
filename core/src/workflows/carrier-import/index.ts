export * as CarrierImport from "./index";

import { z } from "zod";
import { ActorContext, doneBy, useTenantID } from "../../actor";
import { type IssuedFileResult, type IssuedFormat, issuedFormats, parseIssuedFile } from "../../carriers/csv";
import { CarrierAccount } from "../../entities/carrier-account";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { queriesFor } from "../../entities/order/search";
import { OrderSearchEntity } from "../../entities/order/search-entity";
import { NotFoundError, RuleError } from "../../error";
import { Files } from "../../files";
import { type Carrier, carrierLabels, carriers } from "../../shared/brand";
import { createID } from "../../util/id";
import { CarrierExport } from "../carrier-export";
import { ORDER_NUMBER_LABEL, orderNumberKey, parseOrderNumbers } from "./order-numbers";
import { recordImported } from "./record";

/**
 * The carrier software's issued-data file (B2クラウド 発行済みデータ, e飛伝Ⅲ 出荷実績,
 * ゆうプリR 発行済みデータ) back into the product (POST /api/imports): each row's
 * お客様管理番号 finds the order it went out for (ExportRef), its number is checked and
 * becomes a shipment ready to upload to the shop. Every row is reported: matched,
 * unchanged (already imported), unmatched (no such reference) or rejected (why).
 *
 * `order_numbers` is the file for numbers no carrier file brings back (クリックポスト):
 * 注文番号 and 追跡番号, matched by the shop's order number within the company, for the
 * carrier the merchant names.
 *
 * A file travels inline (base64 in the JSON body, up to MAX_FILE_BYTES) or, when larger,
 * is PUT to S3 first through a presigned URL (createUpload) and named by its key.
 */

/** The issued-data files, then the two-column file of order and tracking numbers. */
export const formats = [...issuedFormats, "order_numbers"] as const;
export type Format = (typeof formats)[number];

/** The file travels in the JSON body (base64), within the API's 1 MB: about 1,500 B2クラウド rows. */
export const MAX_FILE_BYTES = 700 * 1024;
/** A file uploaded to S3 first: a busy day's B2クラウド 発行済みデータ is a few MB. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)}MB`;
const tooLarge = (limit: string) =>
  new RuleError("import.too_large", `ファイルが大きすぎます（上限 ${limit}）。分けて取り込んでください。`);

/** `<tenant>/imports/<id>/<name>`: what createUpload hands out, and nothing else, is read back. */
const uploadKeyPattern = /^[\w-]+\/imports\/[\w-]+\/[\w.-]+$/;

export const UploadRequest = z
  .object({
    size: z
      .number({ error: "ファイルの大きさを指定してください" })
      .int({ error: "ファイルの大きさを指定してください" })
      .min(1, { error: "ファイルが空です" }),
  })
  .meta({ id: "ImportUploadRequest" });

export const Upload = z
  .object({
    upload_key: z.string(),
    url: z
      .string()
      .meta({ description: "このURLにファイルをPUTする（15分有効、Content-Lengthは size と同じ）" }),
    max_bytes: z.number().int(),
  })
  .meta({ id: "ImportUpload" });
export type Upload = z.infer<typeof Upload>;

export const Request = z
  .object({
    format: z.enum(formats, { error: "取り込む形式を選択してください" }),
    content_base64: z
      .string()
      .min(1, { error: "ファイルを選択してください" })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "ファイルの内容を読み取れませんでした" })
      .optional()
      .meta({ description: `ファイルの内容（base64、${Math.floor(MAX_FILE_BYTES / 1024)}KBまで）` }),
    upload_key: z
      .string()
      .max(300)
      .optional()
      .meta({ description: "POST /api/imports/uploads で受け取り、ファイルをPUTしたキー（大きなファイル）" }),
    carrier: z
      .enum(carriers, { error: "配送会社を選択してください" })
      .optional()
      .meta({ description: "order_numbers の追跡番号の配送会社（クリックポストは japan_post）" }),
  })
  .superRefine((value, ctx) => {
    if ((value.content_base64 === undefined) === (value.upload_key === undefined))
      ctx.addIssue({ code: "custom", path: ["content_base64"], message: "ファイルを選択してください" });
    if (value.format === "order_numbers" && value.carrier === undefined)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: "配送会社を選択してください" });
  })
  .meta({ id: "ImportRequest" });

const Row = z.object({ line: z.number().int(), reference: z.string(), tracking_number: z.string() });
export const Result = z
  .object({
    import_id: z.string(),
    format: z.enum(formats),
    matched: z.array(Row.extend({ order_id: z.string(), shipment_id: z.string() })),
    unchanged: z.array(Row.extend({ order_id: z.string(), shipment_id: z.string() })),
    unmatched: z.array(Row.extend({ reason: z.string() })),
    rejected: z.array(Row.extend({ reason: z.string() })),
  })
  .meta({ id: "ImportResult" });
export type Result = z.infer<typeof Result>;

/** A presigned PUT for a file too large for the JSON body, under the tenant's own key. */
export async function createUpload(input: z.input<typeof UploadRequest>): Promise<Upload> {
  const { size } = UploadRequest.parse(input);
  if (size > MAX_UPLOAD_BYTES) throw tooLarge(megabytes(MAX_UPLOAD_BYTES));
  const key = Files.keyFor("imports", createID("import"), "upload.csv");
  return { upload_key: key, url: await Files.uploadUrl(key, size), max_bytes: MAX_UPLOAD_BYTES };
}

/** The bytes of the request's file: inline, or the tenant's uploaded object. */
async function fileOf(input: { content_base64?: string | undefined; upload_key?: string | undefined }) {
  if (input.content_base64 !== undefined) {
    const bytes = Buffer.from(input.content_base64, "base64");
    if (bytes.length > MAX_FILE_BYTES) throw tooLarge(`${Math.floor(MAX_FILE_BYTES / 1024)}KB`);
    return bytes;
  }
  const key = input.upload_key ?? "";
  const missing = () =>
    new NotFoundError(
      "import.upload_not_found",
      "アップロードしたファイルが見つかりません。もう一度ファイルを選択してください。",
    );
  // Another company's key is refused like a key that does not exist: nothing says it does.
  if (!uploadKeyPattern.test(key) || !key.startsWith(`${useTenantID()}/imports/`)) throw missing();
  const size = await Files.sizeOf(key);
  if (size === undefined) throw missing();
  if (size > MAX_UPLOAD_BYTES) throw tooLarge(megabytes(MAX_UPLOAD_BYTES));
  const bytes = await Files.read(key);
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge(megabytes(MAX_UPLOAD_BYTES));
  return bytes;
}

/**
 * The company's orders with this order number: the exact search token of the number
 * (the same normalisation the order list's search uses), then the numbers compared
 * whole, so 1001 finds #1001 but neither 10010 nor another company's #1001.
 */
async function ordersNumbered(written: string): Promise<OrderItem[]> {
  const key = orderNumberKey(written);
  const [query] = queriesFor(`#${key}`);
  if (!query) return [];
  const { data } = await OrderSearchEntity.query
    .byToken({ tenantId: useTenantID(), shard: query.shard, token: query.token })
    .go({ pages: "all", attributes: ["orderId"] });
  const found = await Order.findMany(data.map((d) => d.orderId));
  return [...found.values()].filter((order) => orderNumberKey(order.orderNumber) === key);
}

const NOT_EXPORTED =
  "このお客様管理番号の注文が見つかりません。このアプリから出力したファイルの番号か確認してください。";

type Match = { orderId: string } | { unmatched: string } | { rejected: string };

/** Which order each row's reference names, once per reference. */
async function matchAll(format: Format, parsed: IssuedFileResult): Promise<Map<string, Match>> {
  const matches = new Map<string, Match>();
  for (const { reference } of parsed.rows) {
    if (matches.has(reference)) continue;
    if (format !== "order_numbers") {
      const orderId = await CarrierExport.orderOfReference(reference);
      matches.set(reference, orderId ? { orderId } : { unmatched: NOT_EXPORTED });
      continue;
    }
    const orders = await ordersNumbered(reference);
    matches.set(
      reference,
      orders.length === 1
        ? { orderId: orders[0]!.orderId }
        : orders.length === 0
          ? {
              unmatched: `この${ORDER_NUMBER_LABEL}の注文が見つかりません。ストアの注文番号か確認してください。`,
            }
          : {
              rejected: `この${ORDER_NUMBER_LABEL}の注文が${orders.length}件あります（別のストアの注文）。どの注文か決められないため取り込みません。`,
            },
    );
  }
  return matches;
}

export async function run(input: z.input<typeof Request>): Promise<Result> {
  const request = Request.parse(input);
  const { format } = request;
  const bytes = await fileOf(request);
  const carrier: Carrier =
    format === "order_numbers" ? request.carrier! : CarrierExport.formatCarrier[format];
  // A carrier's issued-data file comes from its software, which prints with the contract
  // the export named: the shipments belong to that account. Numbers by order number
  // (クリックポスト, a counter) need no contract here: they name the default account when
  // there is one, and none otherwise, as numbers typed by hand do.
  const account = await CarrierAccount.defaultFor(carrier);
  if (!account && format !== "order_numbers")
    throw new RuleError(
      "import.no_account",
      `${carrierLabels[carrier]}の契約情報が登録されていません。「設定」の「配送会社連携」で登録してください。`,
    );
  const parsed =
    format === "order_numbers"
      ? parseOrderNumbers(carrier, bytes)
      : parseIssuedFile(format as IssuedFormat, bytes);
  const importId = createID("import");
  const actor = ActorContext.use();
  const createdBy = doneBy(actor);

  const result: Result = {
    import_id: importId,
    format,
    matched: [],
    unchanged: [],
    unmatched: [],
    rejected: [],
  };
  for (const r of parsed.rejected)
    result.rejected.push({
      line: r.line,
      reference: r.reference,
      tracking_number: r.rawNumber,
      reason: r.message,
    });

  // Rows per order, so a multi-parcel order's numbers become parcels 1..n of one order.
  const matches = await matchAll(format, parsed);
  const rowsPerOrder = new Map<string, number>();
  for (const row of parsed.rows) {
    const match = matches.get(row.reference);
    if (match && "orderId" in match)
      rowsPerOrder.set(match.orderId, (rowsPerOrder.get(match.orderId) ?? 0) + 1);
  }

  for (const row of parsed.rows) {
    const base = { line: row.line, reference: row.reference, tracking_number: row.trackingNumber };
    const match = matches.get(row.reference)!;
    if ("rejected" in match) {
      result.rejected.push({ ...base, reason: match.rejected });
      continue;
    }
    const order = "orderId" in match ? await Order.find(match.orderId) : undefined;
    if (!order) {
      result.unmatched.push({
        ...base,
        reason: "unmatched" in match ? match.unmatched : NOT_EXPORTED,
      });
      continue;
    }
    const outcome = await recordImported({
      order,
      carrier,
      carrierAccountId: account?.item.carrierAccountId ?? "",
      trackingNumber: row.trackingNumber,
      importId,
      parcels: rowsPerOrder.get(order.orderId) ?? 1,
      createdBy,
    });
    if (outcome.state === "created")
      result.matched.push({ ...base, order_id: order.orderId, shipment_id: outcome.shipment.shipmentId });
    else if (outcome.state === "unchanged")
      result.unchanged.push({ ...base, order_id: order.orderId, shipment_id: outcome.shipmentId });
    else result.rejected.push({ ...base, reason: outcome.reason });
  }
  result.rejected.sort((a, b) => a.line - b.line);
  // The uploaded file (recipients' numbers and order references) has served its purpose
  // once every row is settled. An import that failed part-way keeps it, so the same
  // request can be sent again; one never imported goes with the bucket's 90-day expiry.
  // The shipments are written by now: a failed delete leaves the file to that expiry
  // rather than answer an error for an import that succeeded.
  if (request.upload_key) await Files.remove(request.upload_key).catch(() => undefined);
  return result;
}
