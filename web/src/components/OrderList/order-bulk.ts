import { deliveryCarrierLabels } from "@okuru/core/shared/delivery";
import { exportAgainFields } from "@okuru/core/shared/export-formats";
import { shipmentCarrierText, shipmentNumberText, shipmentStatusLabels } from "@okuru/core/shared/shipment";
import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import type {
  ExportResult,
  LabelBatchStatus,
  LabelIssueReq,
  OrderBulkUpdateReq,
  Sender,
  Shipment,
} from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { type JobProgressView, type JobRequest, jobProgress, newJobRequest } from "../BatchJob/batch-job";
import { type LabelPdf, labelPdfs } from "../LabelBatch/label-pdfs";
import { deliveryCarrierChoices } from "./delivery-carrier-choices";
import { exportFormatLabels } from "./export-formats";
import { type BulkCarrier, byNumber, type FailedOrder, numberOf, type OrderNumbers } from "./order-selection";

/**
 * The order list's bulk actions, kept out of the components: the requests they send
 * and what the answers add up to for the merchant. The API's results name orders by
 * id; the list knows their numbers (`OrderNumbers`), and an order it does not know is
 * shown by its id rather than left out.
 */

export {
  type AllSelected,
  type BulkAction,
  type BulkCarrier,
  type BulkLimits,
  type BulkSummary,
  bulkDoneMessage,
  type FailedOrder,
  type LimitedAction,
  limitMessage,
  type OrderNumbers,
  selectAllText,
  selectedCount,
  selectedCountText,
  summarizeBulk,
} from "./order-selection";

// ---------------------------------------------------------------------------
// 送り状発行

/** A running batch is read again like every job (BatchJob): every second until it is done. */
export { jobPollInterval as labelPollInterval, jobPollMs as labelPollMs } from "../BatchJob/batch-job";

/** One click of 送り状発行: its body, and the key that makes a retry of it the same batch. */
export type LabelRequest = JobRequest<LabelIssueReq>;

export function newLabelRequest(orderIds: Iterable<string>, idempotencyKey?: string): LabelRequest {
  return newJobRequest<LabelIssueReq>({ order_ids: [...orderIds] }, idempotencyKey);
}

export interface LabelBatchView extends JobProgressView {
  /** Each finished part's PDF, in part order: the first can be printed while the rest render. */
  parts: LabelPdf[];
  /** Orders that got new labels. */
  issued: number;
  /** Orders labelled before: their live labels printed again exactly as first printed (same numbers). */
  reprinted: FailedOrder[];
  /**
   * Of the reprints, those whose order changed since the numbers were printed: 再発行 cancels
   * these shipments and issues the orders new numbers with the change.
   */
  changed: { orderIds: Map<string, string>; shipmentIds: string[] };
  /** Labels printed over every part (an order in several parcels has several). */
  labels: number;
  failed: FailedOrder[];
}

function changedReprints(status: LabelBatchStatus, numbers: OrderNumbers): LabelBatchView["changed"] {
  const changed = status.results.filter(
    (result) => result.error === null && result.reprint && result.changed,
  );
  return {
    orderIds: new Map(changed.map((result) => [result.orderId, numberOf(numbers, result.orderId)])),
    shipmentIds: changed.flatMap((result) => result.shipmentIds),
  };
}

export function labelBatchView(status: LabelBatchStatus, numbers: OrderNumbers): LabelBatchView {
  return {
    ...jobProgress(status),
    parts: labelPdfs(status),
    issued: status.results.filter((result) => result.error === null && !result.reprint).length,
    reprinted: status.results
      .filter((result) => result.error === null && result.reprint)
      .map((result) => ({
        orderId: result.orderId,
        orderNumber: numberOf(numbers, result.orderId),
        reasons: [
          `追跡番号 ${result.trackingNumbers.map(formatTrackingNumber).join("、")}`,
          ...(result.changed
            ? ["発行後に注文の内容が変わっています（発行したときの内容で印刷しました）"]
            : []),
        ],
      }))
      .sort(byNumber),
    changed: changedReprints(status, numbers),
    labels: status.parts.reduce((sum, part) => sum + part.labels, 0),
    failed: status.results
      .flatMap((result) =>
        result.error === null
          ? []
          : [
              {
                orderId: result.orderId,
                orderNumber: numberOf(numbers, result.orderId),
                reasons: [result.error],
              },
            ],
      )
      .sort(byNumber),
  };
}

// ---------------------------------------------------------------------------
// 配送会社ソフト用ファイル (CSV出力)

export interface ExportView {
  /** "B2クラウド". */
  formatLabel: string;
  filename: string;
  /** null when no order could go into the file. */
  url: string | null;
  included: number;
  /** Of `included`, orders labelled, exported or shipped before: written again because the merchant asked. */
  again: number;
  /** Orders left out for a reason the merchant has to fix first. */
  excluded: FailedOrder[];
  /** Orders left out only for having been handed over before: they go in if the merchant asks for a 再出力. */
  heldBack: FailedOrder[];
  /** Orders written without a field their service cannot carry, with what was left out. */
  leftOut: FailedOrder[];
}

const againFields: ReadonlySet<string> = new Set(exportAgainFields);

/** Each order's messages, once each, in the order they came. */
function messagesByOrder(items: readonly { orderId: string; message: string }[]): Map<string, Set<string>> {
  const byOrder = new Map<string, Set<string>>();
  for (const { orderId, message } of items)
    byOrder.set(orderId, (byOrder.get(orderId) ?? new Set()).add(message));
  return byOrder;
}

const handedOverOnly = (order: ExportResult["excluded"][number]) =>
  order.reasons.every((reason) => againFields.has(reason.field));

export function exportView(result: ExportResult, numbers: OrderNumbers): ExportView {
  const listed = (orders: ExportResult["excluded"]) =>
    orders
      .map((order) => ({
        orderId: order.orderId,
        orderNumber: numberOf(numbers, order.orderId),
        // One field can be refused by several rules with the same words: each is said once.
        reasons: [...new Set(order.reasons.map((reason) => reason.message))],
      }))
      .sort(byNumber);
  return {
    formatLabel: exportFormatLabels[result.format],
    filename: result.filename,
    url: result.url,
    included: result.included.length,
    again: result.again.length,
    heldBack: listed(result.excluded.filter(handedOverOnly)),
    leftOut: [...messagesByOrder(result.warnings)]
      .map(([orderId, messages]) => ({
        orderId,
        orderNumber: numberOf(numbers, orderId),
        reasons: [...messages],
      }))
      .sort(byNumber),
    excluded: listed(result.excluded.filter((order) => !handedOverOnly(order))),
  };
}

/** The select's value for ブランドの既定 (the API's null; a Select value cannot be null). */
export const DEFAULT_SENDER = "default";

/** 発送元 as the merchant chooses it: the brand's default first, then the company's senders. */
export function senderChoices(senders: readonly Sender[]): { value: string; label: string }[] {
  return [
    { value: DEFAULT_SENDER, label: "ブランドの既定の発送元" },
    ...senders.map((sender) => ({ value: sender.id, label: sender.name })),
  ];
}

/** The sender_id a choice stands for. */
export const senderIdOfChoice = (value: string): string | null => (value === DEFAULT_SENDER ? null : value);

/** The carriers a bulk change can set, in the drawer's order (その他 has no defaults to take). */
export const bulkCarrierChoices = deliveryCarrierChoices
  .filter((carrier): carrier is BulkCarrier => carrier !== "sss")
  .map((carrier) => ({ value: carrier, label: deliveryCarrierLabels[carrier] }));

export function bulkDeliveryRequest(
  ids: Iterable<string>,
  change: { action: "set_sender"; choice: string } | { action: "set_carrier"; carrier: BulkCarrier },
): OrderBulkUpdateReq {
  return change.action === "set_sender"
    ? { ids: [...ids], action: "set_sender", sender_id: senderIdOfChoice(change.choice) }
    : { ids: [...ids], action: "set_carrier", carrier: change.carrier };
}

// ---------------------------------------------------------------------------
// The drawer's 送り状

export { shipmentStatusLabels };

export interface ShipmentRow {
  id: string;
  /** 4-4-4, as the label prints it. */
  trackingNumber: string;
  carrier: string;
  status: Shipment["status"];
  statusLabel: string;
  /** In Japan time. */
  printedAt: string;
  /** "1/2個口" for an order in several parcels, else "". */
  parcel: string;
}

export function shipmentRows(shipments: readonly Shipment[]): ShipmentRow[] {
  return shipments.map((shipment) => ({
    id: shipment.id,
    trackingNumber: shipmentNumberText(shipment),
    carrier: shipmentCarrierText(shipment),
    status: shipment.status,
    statusLabel: shipmentStatusLabels[shipment.status],
    printedAt: formatDateTime(shipment.printedAt),
    parcel: shipment.parcels > 1 ? `${shipment.parcel}/${shipment.parcels}個口` : "",
  }));
}
