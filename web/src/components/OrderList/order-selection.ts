import type { OrderBulkResult, OrderBulkUpdateReq, OrderIds } from "../../lib/api";

/**
 * What the order list itself shows of a selection and of the bulk changes it runs (the
 * counts, the limits, the toasts), apart from the bulk dialogs' views in order-bulk.ts:
 * the list's first screen needs these, and order-bulk brings the carriers' schemas.
 */

/** Order id → order number, for the orders the merchant selected. */
export type OrderNumbers = ReadonlyMap<string, string>;

/** One order that could not be done, and why (Japanese, from the API; a file's rules may give several). */
export interface FailedOrder {
  orderId: string;
  orderNumber: string;
  reasons: string[];
}

export const numberOf = (numbers: OrderNumbers, orderId: string) => numbers.get(orderId) ?? orderId;

/** By order number as a person reads them (#1002 before #1010), so a long list is easy to scan. */
export const byNumber = (a: { orderNumber: string }, b: { orderNumber: string }) =>
  a.orderNumber.localeCompare(b.orderNumber, "ja", { numeric: true });

// ---------------------------------------------------------------------------
// すべてを選択 (every order of the tab and its filters, beyond the page)

/** The most orders each bulk action takes at once, as the API answers them with the ids. */
export type BulkLimits = OrderIds["limits"];
export type LimitedAction = keyof BulkLimits;

/** "Select all" as read: whether more matched than the ids answered, and the actions' limits. */
export interface AllSelected {
  truncated: boolean;
  limits: BulkLimits;
  /** A row was changed by hand since: the selection is the rows it names, no longer "all". */
  edited?: boolean;
}

const limitedActionNames: Record<LimitedAction, string> = {
  labels: "送り状発行",
  export: "CSV出力",
  upload: "追跡番号のアップロード",
  bulkUpdate: "一括での変更",
};

const count = (n: number) => n.toLocaleString("ja-JP");

/**
 * How many orders are selected: the selection's size, or, when "select all" stopped at
 * its cap, the tab's total (null when the filters leave it unknown: "at least" the size).
 */
export function selectedCount(size: number, all: AllSelected | null, total: number | null): number | null {
  return all?.truncated ? total : size;
}

/** 「1,200件を選択中」, or 「1,000件以上を選択中」 when the real number is not known. */
export function selectedCountText(size: number, all: AllSelected | null, total: number | null): string {
  const n = selectedCount(size, all, total);
  return n === null ? `${count(size)}件以上を選択中` : `${count(n)}件を選択中`;
}

/**
 * 「送り状発行は一度に1000件までです」 when the selection is more than the action takes;
 * null when it may run (or the limits are not known: the API then says so itself).
 */
export function limitMessage(
  action: LimitedAction,
  size: number,
  all: AllSelected | null,
  total: number | null,
): string | null {
  if (!all) return null;
  const n = selectedCount(size, all, total);
  if (n !== null && n <= all.limits[action]) return null;
  return `${limitedActionNames[action]}は一度に${all.limits[action]}件までです`;
}

/**
 * The banner over a fully selected page when the tab has more: the offer to select every
 * matching order, then, once taken, what is selected.
 */
export function selectAllText(
  state: { page: number; tabLabel: string; total: number | null } & (
    | { all: null }
    | { all: AllSelected; size: number }
  ),
): { message: string; action: string } {
  if (state.all === null)
    return {
      message: `このページの${count(state.page)}件を選択しました。`,
      action:
        state.total === null
          ? `『${state.tabLabel}』の条件に合う注文をすべて選択`
          : `『${state.tabLabel}』の${count(state.total)}件すべてを選択`,
    };
  const n = selectedCount(state.size, state.all, state.total);
  return {
    message:
      n === null
        ? `『${state.tabLabel}』の条件に合う${count(state.size)}件以上の注文をすべて選択しています。`
        : `『${state.tabLabel}』の${count(n)}件すべてを選択しています。`,
    action: "選択を解除",
  };
}

// ---------------------------------------------------------------------------
// 一括更新 (archive, restore, 発送元, 配送会社)

export type BulkAction = OrderBulkUpdateReq["action"];
export type BulkCarrier = Extract<OrderBulkUpdateReq, { action: "set_carrier" }>["carrier"];

export interface BulkSummary {
  done: number;
  failed: FailedOrder[];
  /** Changed, and now refused by their carrier for these reasons (in the エラー tab). */
  turnedError: FailedOrder[];
}

export function summarizeBulk(results: OrderBulkResult["results"], numbers: OrderNumbers): BulkSummary {
  const listed = (reasonsOf: (result: OrderBulkResult["results"][number]) => string[] | undefined) =>
    results
      .flatMap((result) => {
        const reasons = reasonsOf(result);
        return reasons?.length
          ? [{ orderId: result.id, orderNumber: numberOf(numbers, result.id), reasons }]
          : [];
      })
      .sort(byNumber);
  const failed = listed((result) => (result.error ? [result.error] : undefined));
  return { done: results.length - failed.length, failed, turnedError: listed((result) => result.issues) };
}

const bulkDone: Record<BulkAction, (count: number) => string> = {
  archive: (count) => `${count}件をアーカイブしました。`,
  restore: (count) => `${count}件を元に戻しました。`,
  set_sender: (count) => `${count}件の発送元を変更しました。`,
  set_carrier: (count) => `${count}件の配送会社を変更しました。`,
};

/** The toast for the orders that were changed. */
export function bulkDoneMessage(action: BulkAction, count: number): string {
  return bulkDone[action](count);
}
