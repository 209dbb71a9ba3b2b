import {
  shipmentCarrierText,
  shipmentNumberText,
  shipmentSourceLabels,
  shipmentStatusLabels,
} from "@okuru/core/shared/shipment";
import { formatTrackingNumber } from "@okuru/core/shared/tracking-number";
import type {
  LabelBatchStatus,
  Shipment,
  ShipmentCancelResults,
  ShipmentCounts,
  ShipmentListItem,
  ShipmentReissueReq,
} from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { shipmentStatusColors } from "../../lib/shipment-status-colors";
import { type JobProgressView, type JobRequest, jobProgress, newJobRequest } from "../BatchJob/batch-job";
import { type LabelPdf, labelPdfs } from "../LabelBatch/label-pdfs";
import {
  listQuery,
  type ShipmentFilters,
  ShipmentSearch,
  type ShipmentStatus,
  type ShipmentTab,
  searchOf,
  shipmentTabs,
  statusValues,
  tabOf,
} from "./shipment-search";

/**
 * 出荷履歴 without React: the filters as they live in the URL, each row as the
 * merchant reads it, and what the cancel and reissue answers add up to. The API
 * answers by shipment or order id; the list knows the shipments the merchant
 * selected, so results are named by order number and tracking number.
 */

// ---------------------------------------------------------------------------
// Filters ↔ URL

export type { ShipmentStatus };
export {
  listQuery,
  type ShipmentFilters,
  ShipmentSearch,
  type ShipmentTab,
  searchOf,
  shipmentTabs,
  statusValues,
  tabOf,
};

export const shipmentTabLabels: Record<ShipmentTab, string> = { ...shipmentStatusLabels, all: "すべて" };

/**
 * A tab's count as its badge shows it: 「1,234」, or 「10,000+」 when the API stopped
 * counting at its cap; すべて adds the statuses up. "–" while the counts are unread.
 */
export function tabCountText(counts: ShipmentCounts["counts"] | undefined, tab: ShipmentTab): string {
  if (!counts) return "–";
  const parts = tab === "all" ? statusValues.map((status) => counts[status]) : [counts[tab]];
  const total = parts.reduce((sum, part) => sum + (part?.count ?? 0), 0);
  return `${total.toLocaleString("ja-JP")}${parts.some((part) => part?.capped) ? "+" : ""}`;
}

/** Another tab keeps the dates: the merchant compares one period across statuses. */
export function withTab(filters: ShipmentFilters, tab: ShipmentTab): ShipmentFilters {
  return searchOf({ ...filters, status: tab === "all" ? undefined : tab });
}

/**
 * The printed-date range as the picker gives it; null while only its first day is
 * picked (nothing to load yet). Either end alone is a valid filter from the URL, and
 * a range typed backwards is read the right way round.
 */
export function withPrinted(
  filters: ShipmentFilters,
  from: string | null,
  to: string | null,
): ShipmentFilters | null {
  if (from && !to) return null;
  const [first, last] = from && to && from > to ? [to, from] : [from, to];
  return searchOf({ ...filters, printed_from: first ?? undefined, printed_to: last ?? undefined });
}

/** What an empty page says: a period with nothing in it, or a tab that has nothing yet. */
export function emptyText(filters: ShipmentFilters): { title: string; description: string } {
  if (filters.search)
    return {
      title: "該当する出荷はありません",
      description:
        "追跡番号・注文番号・お届け先名・電話番号などで検索できます。検索する言葉を変えてお試しください。",
    };
  if (filters.printed_from || filters.printed_to)
    return {
      title: "この期間の出荷はありません",
      description: "発行日の期間を変えるか、期間の指定を解除してお試しください。",
    };
  switch (tabOf(filters)) {
    case "issued":
      return {
        title: "発行済みの出荷はありません",
        description: "注文リストで送り状を発行すると、ここに表示されます。",
      };
    case "isShipped":
      return {
        title: "発送済みの出荷はありません",
        description: "追跡番号をストアに報告した出荷が、ここに表示されます。",
      };
    case "cancelled":
      return { title: "取り消した出荷はありません", description: "取り消した送り状がここに表示されます。" };
    case "all":
      return {
        title: "出荷履歴はまだありません",
        description: "送り状を発行すると、ここに出荷履歴が表示されます。",
      };
  }
}

// ---------------------------------------------------------------------------
// Rows

export { shipmentSourceLabels };

export interface ShipmentRow {
  id: string;
  orderNumber: string;
  carrier: string;
  /** 4-4-4, as the label prints it. */
  trackingNumber: string;
  /** "1/2個口" for an order in several parcels, else "". */
  parcel: string;
  /** In Japan time. */
  printedAt: string;
  /** お届け先名, "" when the order is gone. */
  customer: string;
  /** The recipient's prefecture and city (東京都渋谷区), "" when the order is gone. */
  customerArea: string;
  status: ShipmentStatus;
  statusLabel: string;
  statusColor: string;
  source: string;
  /** Why the shipment could not be reported to the shop, in Japanese. */
  errors: string[];
  /** Which row actions apply (the API still decides, and says why it refuses). */
  canReissue: boolean;
  canCancel: boolean;
  canUpload: boolean;
  /** Why 追跡番号をアップロード does not apply, or null when it does. */
  uploadBlocked: string | null;
}

/**
 * The actions a row offers. A cancelled label is neither cancelled again nor printed
 * again (its number is retired), and one already reported to the shop is cancelled in
 * the shop first, so its row offers only 再発行.
 */
export function actionsOf(shipment: Pick<Shipment, "status">): {
  canReissue: boolean;
  canCancel: boolean;
  canUpload: boolean;
  uploadBlocked: string | null;
} {
  const uploadBlocked = uploadBlockedReason(shipment);
  return {
    canReissue: shipment.status !== "cancelled",
    canCancel: shipment.status === "issued",
    canUpload: uploadBlocked === null,
    uploadBlocked,
  };
}

/**
 * Only a live label the shop has not been told of is uploaded: one already reported
 * (発送済み) or cancelled is not, and the merchant is told why.
 */
export function uploadBlockedReason(shipment: Pick<Shipment, "status">): string | null {
  switch (shipment.status) {
    case "issued":
      return null;
    case "isShipped":
      return "ストアにアップロード済みです";
    case "cancelled":
      return "取り消した出荷はアップロードできません";
  }
}

/**
 * A shipment's state as its badge says it: a live number typed by hand (手入力, another
 * carrier) is 追跡番号登録済み, since no label was printed for it.
 */
export function shipmentStatusText(shipment: Pick<Shipment, "status" | "source">): string {
  return shipment.status === "issued" && shipment.source === "manual"
    ? "追跡番号登録済み"
    : shipmentStatusLabels[shipment.status];
}

export function shipmentRow(shipment: Shipment & Partial<Pick<ShipmentListItem, "customer">>): ShipmentRow {
  return {
    customer: shipment.customer?.name ?? "",
    customerArea: shipment.customer ? `${shipment.customer.prefecture}${shipment.customer.city}` : "",
    id: shipment.id,
    orderNumber: shipment.orderNumber,
    carrier: shipmentCarrierText(shipment),
    trackingNumber: shipmentNumberText(shipment),
    parcel: shipment.parcels > 1 ? `${shipment.parcel}/${shipment.parcels}個口` : "",
    printedAt: formatDateTime(shipment.printedAt),
    status: shipment.status,
    statusLabel: shipmentStatusText(shipment),
    statusColor: shipmentStatusColors[shipment.status],
    source: shipmentSourceLabels[shipment.source],
    errors: shipment.isError ? shipment.errors.map((e) => e.message) : [],
    ...actionsOf(shipment),
  };
}

/** "#1001 1234-5678-9012": how a shipment is named in confirmations and results. */
export const shipmentTitle = (shipment: Pick<Shipment, "orderNumber" | "trackingNumber">) =>
  `${shipment.orderNumber} ${formatTrackingNumber(shipment.trackingNumber)}`;

/** The selected shipments by id; the results of an action name them from here. */
export type ShipmentSelection = ReadonlyMap<string, Shipment>;

/** Selected shipments the action applies to, for the bulk bar's buttons. */
export function selectionCounts(selection: ShipmentSelection): {
  reissue: number;
  cancel: number;
  upload: number;
} {
  let reissue = 0;
  let cancel = 0;
  let upload = 0;
  for (const shipment of selection.values()) {
    const actions = actionsOf(shipment);
    if (actions.canReissue) reissue += 1;
    if (actions.canCancel) cancel += 1;
    if (actions.canUpload) upload += 1;
  }
  return { reissue, cancel, upload };
}

// ---------------------------------------------------------------------------
// 追跡番号をアップロード

/** The selected shipments an upload takes (live labels not yet reported), each named for the results. */
export function uploadSelection(selection: ShipmentSelection): { ids: string[]; names: Map<string, string> } {
  const names = new Map<string, string>();
  for (const shipment of selection.values())
    if (actionsOf(shipment).canUpload) names.set(shipment.id, shipmentTitle(shipment));
  return { ids: [...names.keys()], names };
}

/** Why the bulk bar's 追跡番号をアップロード is disabled, or null when some selected shipment can go. */
export function bulkUploadBlocked(selection: ShipmentSelection): string | null {
  return selectionCounts(selection).upload > 0
    ? null
    : "選択した出荷はすべてアップロード済みか取り消し済みです";
}

/** By order number as a person reads them (#1002 before #1010), then by tracking number. */
const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, "ja", { numeric: true });

// ---------------------------------------------------------------------------
// 取り消し

/** Something an action could not do, named for the merchant, with its reasons in Japanese. */
export interface FailedItem {
  id: string;
  title: string;
  reasons: string[];
}

export interface CancelSummary {
  done: number;
  failed: FailedItem[];
}

export function cancelSummary(
  results: ShipmentCancelResults["results"],
  selection: ShipmentSelection,
): CancelSummary {
  const failed = results
    .flatMap((result) => {
      if (!result.error) return [];
      const shipment = selection.get(result.id);
      return [
        { id: result.id, title: shipment ? shipmentTitle(shipment) : result.id, reasons: [result.error] },
      ];
    })
    .sort(byTitle);
  return { done: results.length - failed.length, failed };
}

export const cancelDoneMessage = (count: number) => `${count}件の出荷を取り消しました。`;

// ---------------------------------------------------------------------------
// 再発行

/** One click of 再発行: its body, and the key that makes a retry of it the same batch. */
export type ReissueRequest = JobRequest<ShipmentReissueReq>;

export function newReissueRequest(shipmentIds: Iterable<string>, idempotencyKey?: string): ReissueRequest {
  return newJobRequest<ShipmentReissueReq>({ shipment_ids: [...shipmentIds] }, idempotencyKey);
}

export interface ReissueView extends JobProgressView {
  /** Each finished part's PDF, in part order: the first can be printed while the rest render. */
  pdfs: LabelPdf[];
  /** Labels printed again (one per shipment). */
  reissued: number;
  /** Per order: the selected shipments of it that were not printed, and why. */
  failed: FailedItem[];
}

/**
 * The reissue batch as the merchant follows it. Its results are per order: an order
 * whose selected labels were printed in part (one of them cancelled meanwhile) has
 * both numbers printed and an error, and only the ones not printed are named.
 */
export function reissueView(status: LabelBatchStatus, selection: ShipmentSelection): ReissueView {
  const selected = [...selection.values()];
  return {
    ...jobProgress(status),
    pdfs: labelPdfs(status),
    reissued: status.results.reduce((sum, result) => sum + result.shipmentIds.length, 0),
    failed: status.results
      .flatMap((result) => {
        if (result.error === null) return [];
        const printed = new Set(result.shipmentIds);
        const missed = selected.filter((s) => s.orderId === result.orderId && !printed.has(s.id));
        const title =
          missed.length > 0
            ? `${missed[0]!.orderNumber} ${missed.map((s) => formatTrackingNumber(s.trackingNumber)).join("、")}`
            : result.orderId;
        return [{ id: result.orderId, title, reasons: [result.error] }];
      })
      .sort(byTitle),
  };
}
