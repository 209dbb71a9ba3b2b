import type { OrderIssue } from "../../shared/order";
import type { OutgoingEvent } from "../webhook-endpoint/emit";

/** What of an order its `order.error` event tells an integration. */
export type ErroredOrder = { orderId: string; orderNumber: string; errors?: OrderIssue[] | null };

/**
 * `order.error` for an order that has just entered the エラー tab (it had no errors, or was
 * new): an integration hears of it once per entry, not on every write that keeps it there.
 */
export function orderErrorEvent(order: ErroredOrder): OutgoingEvent {
  return {
    type: "order.error",
    data: {
      order_id: order.orderId,
      order_number: order.orderNumber,
      errors: (order.errors ?? []).map(({ field, message }) => ({ field, message })),
    },
  };
}
