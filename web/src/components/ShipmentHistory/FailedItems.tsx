import { FailedList } from "../LabelBatch/FailedList";
import type { FailedItem } from "./shipment-history";

/** What an action could not do: each shipment (or order) by name, with its reasons in Japanese. */
export function FailedItems({ title, items }: { title: string; items: readonly FailedItem[] }) {
  return <FailedList title={title} items={items.map((item) => ({ ...item, key: item.id }))} />;
}
