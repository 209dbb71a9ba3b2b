import type { ReactNode } from "react";
import { FailedList } from "../LabelBatch/FailedList";
import type { FailedOrder } from "./order-bulk";

/** Orders a bulk action could not do: each by its number, with its reasons in Japanese. */
export function FailedOrders({
  title,
  orders,
  tone,
  children,
}: {
  title: string;
  orders: readonly FailedOrder[];
  tone?: "failure" | "notice";
  /** A hint under the list: what the merchant can do next. */
  children?: ReactNode;
}) {
  const items = orders.map((order) => ({
    key: order.orderId,
    title: order.orderNumber,
    reasons: order.reasons,
  }));
  return (
    <FailedList title={title} items={items} tone={tone}>
      {children}
    </FailedList>
  );
}
