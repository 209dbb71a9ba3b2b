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
};

/**
 * Whether an order goes into a carrier's file: it ships by that carrier (Order.shippingCarrier,
 * the same answer a label batch gets) and is not cancelled; and unless the merchant asks to
 * export it again, it has no live label, was not in an earlier file and is not shipped.
 */
export function exportEligibility(order: OrderItem, choice: ExportChoice): Eligibility {
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
  // The エラー tab's reasons, as the label batch refuses them: a file never takes what a label would not.
  const blocking = Order.blockingIssues(order, choice.carrier);
  if (blocking.length) return { reasons: blocking.map(({ field, message }) => ({ field, message })) };
  const handedOver = handedOverReasons(order);
  if (!handedOver.length) return { again: false };
  return choice.again ? { again: true } : { reasons: handedOver };
}

function handedOverReasons(order: OrderItem): ExportReason[] {
  const reasons: ExportReason[] = [];
  if ((order.labelsLive ?? 0) > 0)
    reasons.push({
      field: LABELLED,
      message: "送り状を発行済みです。同じ荷物に二つ目の番号が付かないよう、出力していません。",
    });
  if (order.exported)
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
