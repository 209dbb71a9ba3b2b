import type { ExportFormat } from "../../carriers/csv";
import { Order } from "../../entities/order";
import type { OrderItem } from "../../entities/order/entity";
import { type Carrier, carrierLabels } from "../../shared/brand";
import { jstDateTimeText } from "../../shared/dates";
import { exportAgainFields, exportFormatLabels } from "../../shared/export-formats";

// The reasons a 再出力 overrides, as the web tells them apart (shared/export-formats.ts).
const [LABELLED, EXPORTED, SHIPPED] = exportAgainFields;

/** Why an order stays out of a file, as the export's result lists it. */
export type ExportReason = { field: string; message: string };

export type Eligibility = { reasons: ExportReason[] } | { reasons?: undefined; again: boolean };

export type ExportChoice = {
  carrier: Carrier;
  formatLabel: string;
  /** The merchant asked to export orders again that were labelled, exported or shipped. */
  again: boolean;
  brand: Parameters<typeof Order.shippingCarrier>[1];
  /** The export being made: an order it took already (a redelivered job) is its own, not 出力済み. */
  exportId: string;
  /** What the order's judgement needs (Order.carrierIssues), read once for the file. */
  judgement: Order.JudgementContext;
};

/**
 * Whether an order goes into a carrier's file: it ships by that carrier (Order.shippingCarrier,
 * the same answer a label batch gets), is not cancelled and has no issue for that carrier
 * (Order.carrierIssues, the label batch's judgement); and unless the merchant asks to
 * export it again, it has no live label, was not in an earlier file and is not shipped.
 */
export async function exportEligibility(order: OrderItem, choice: ExportChoice): Promise<Eligibility> {
  if (order.shipmentStatus === "cancelled")
    return { reasons: [{ field: "order", message: "キャンセルされた注文です。" }] };
  const shipping = Order.shippingCarrier(order, choice.brand);
  if (shipping.reason !== undefined)
    return { reasons: [{ field: "delivery.carrier", message: shipping.reason }] };
  if (shipping.carrier !== choice.carrier)
    return {
      reasons: [
        {
          field: "delivery.carrier",
          message: `この注文の配送会社は${carrierLabels[shipping.carrier]}です。${choice.formatLabel}のファイルには含めません。`,
        },
      ],
    };
  // The one judgement the エラー tab and the label batch use: a file never takes what a label would not,
  // and a refusal not yet on the tab is put there.
  const judged = await Order.carrierIssues(order, choice.carrier, choice.judgement);
  const blocking = Order.withStoredIssues(order, choice.carrier, judged);
  if (blocking.length) {
    await Order.recordJudgement(order, judged);
    return { reasons: blocking.map(({ field, message }) => ({ field, message })) };
  }
  const handedOver = handedOverReasons(order, choice.exportId);
  if (!handedOver.length) return { again: false };
  return choice.again ? { again: true } : { reasons: handedOver };
}

function handedOverReasons(order: OrderItem, exportId: string): ExportReason[] {
  const reasons: ExportReason[] = [];
  if ((order.labelsLive ?? 0) > 0)
    reasons.push({
      field: LABELLED,
      message: "送り状を発行済みです。同じ荷物に二つ目の番号が付かないよう、出力していません。",
    });
  if (order.exported && order.exported.exportId !== exportId)
    reasons.push({
      field: EXPORTED,
      message: `${jstDateTimeText(order.exported.at, "/").slice(0, 16)}に${formatName(order.exported.format)}で出力済みです。`,
    });
  if (order.shipmentStatus === "shipped" || order.shipmentStatus === "partiallyShipped")
    reasons.push({ field: SHIPPED, message: "発送済みの注文です。" });
  return reasons;
}

const formatName = (format: string) => formatLabels[format as ExportFormat] ?? format;

/** The carrier software each format is read by (one table with the web's menu). */
export const formatLabels: Record<ExportFormat, string> = exportFormatLabels;
