export * as CarrierImport from "./index";

import { z } from "zod";
import { ActorContext } from "../actor";
import { CarrierAccount } from "../carrier";
import { type IssuedFormat, issuedFormats, parseIssuedFile } from "../carrier/export";
import { RuleError } from "../error";
import { CarrierExport } from "../export";
import { Order } from "../order";
import { carrierLabels } from "../shared/brand";
import { Shipment } from "../shipment";
import { createID } from "../util/id";

/**
 * The carrier software's issued-data file (B2クラウド 発行済みデータ, e飛伝Ⅲ 出荷実績,
 * ゆうプリR 発行済みデータ) back into the product (POST /api/imports): each row's
 * お客様管理番号 finds the order it went out for (ExportRef), its number is checked and
 * becomes a shipment ready to upload to the shop. Every row is reported: matched,
 * unchanged (already imported), unmatched (no such reference) or rejected (why).
 */

export const formats = issuedFormats;
/** The file travels in the JSON body (base64), within the API's 1 MB: about 1,500 B2クラウド rows. */
export const MAX_FILE_BYTES = 700 * 1024;

export const Request = z
  .object({
    format: z.enum(issuedFormats, { error: "取り込む形式を選択してください" }),
    content_base64: z
      .string({ error: "ファイルを選択してください" })
      .min(1, { error: "ファイルを選択してください" })
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "ファイルの内容を読み取れませんでした" }),
  })
  .meta({ id: "ImportRequest" });

const Row = z.object({ line: z.number().int(), reference: z.string(), tracking_number: z.string() });
export const Result = z
  .object({
    import_id: z.string(),
    format: z.enum(issuedFormats),
    matched: z.array(Row.extend({ order_id: z.string(), shipment_id: z.string() })),
    unchanged: z.array(Row.extend({ order_id: z.string(), shipment_id: z.string() })),
    unmatched: z.array(Row.extend({ reason: z.string() })),
    rejected: z.array(Row.extend({ reason: z.string() })),
  })
  .meta({ id: "ImportResult" });
export type Result = z.infer<typeof Result>;

export async function run(input: z.input<typeof Request>): Promise<Result> {
  const { format, content_base64: content } = Request.parse(input);
  const bytes = Buffer.from(content, "base64");
  if (bytes.length > MAX_FILE_BYTES)
    throw new RuleError(
      "import.too_large",
      `ファイルが大きすぎます（上限 ${Math.floor(MAX_FILE_BYTES / 1024)}KB）。分けて取り込んでください。`,
    );
  const carrier = CarrierExport.formatCarrier[format];
  const account = await CarrierAccount.defaultFor(carrier);
  if (!account)
    throw new RuleError(
      "import.no_account",
      `${carrierLabels[carrier]}の契約情報が登録されていません。「設定」の「配送会社連携」で登録してください。`,
    );
  const parsed = parseIssuedFile(format as IssuedFormat, bytes);
  const importId = createID("import");
  const actor = ActorContext.use();
  const createdBy = actor.type === "user" ? actor.properties.userId : null;

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
  const orderOf = new Map<string, string | undefined>();
  for (const row of parsed.rows)
    if (!orderOf.has(row.reference))
      orderOf.set(row.reference, await CarrierExport.orderOfReference(row.reference));
  const rowsPerOrder = new Map<string, number>();
  for (const row of parsed.rows) {
    const orderId = orderOf.get(row.reference);
    if (orderId) rowsPerOrder.set(orderId, (rowsPerOrder.get(orderId) ?? 0) + 1);
  }

  for (const row of parsed.rows) {
    const base = { line: row.line, reference: row.reference, tracking_number: row.trackingNumber };
    const orderId = orderOf.get(row.reference);
    const order = orderId ? await Order.find(orderId) : undefined;
    if (!order) {
      result.unmatched.push({
        ...base,
        reason:
          "このお客様管理番号の注文が見つかりません。このアプリから出力したファイルの番号か確認してください。",
      });
      continue;
    }
    const outcome = await Shipment.recordImported({
      order,
      carrier,
      carrierAccountId: account.item.carrierAccountId,
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
  return result;
}
