import type { CreateEntityItem } from "electrodb";
import { blankPerson } from "../../shared/order";
import { OrderEntity } from "./entity";
import { fillKey, type ItemLayout, readLayout } from "./item-layout";

/**
 * The stored item of an order new to us, as a sync page creates it (Order.upsertPage,
 * one conditional put each): exactly `OrderEntity.put(order).params().Item`, without
 * ElectroDB's per-item work. The layout is read once from ElectroDB itself
 * (item-layout.ts): the keys of every index, the sparse error index present only
 * on an order with `isError`, and the entity's own fields; test/core/sync-page.test.ts
 * holds the two equal for every kind of order a shop sends.
 */

/**
 * A new order's attributes, each given (ElectroDB's defaults are not applied here):
 * what new-item.ts's newOrderItem makes of a validated shop order.
 */
export type NewOrderItem = CreateEntityItem<typeof OrderEntity> &
  Required<Pick<CreateEntityItem<typeof OrderEntity>, "isError" | "email" | "note" | "isGift">>;

/** The attributes ElectroDB sets on a put itself. */
const TIMESTAMPS = ["createdAt", "updatedAt"] as const;

type OrderLayout = ItemLayout & { sparse: Set<string> };
let layout: OrderLayout | undefined;

/** A person for the sample: only the keys are read from it, never its attributes. */
const nobody = blankPerson();

/** A valid order whose key composites are marks: private-use characters, and a status for the enumeration. */
function sample(marks: Record<string, string>, isError: boolean): NewOrderItem {
  return {
    tenantId: marks.tenantId!,
    orderId: marks.orderId!,
    shopId: marks.shopId!,
    purchasedAt: marks.purchasedAt!,
    shipmentStatus: marks.shipmentStatus as NewOrderItem["shipmentStatus"],
    platform: "shopify",
    platformOrderId: "-",
    orderNumber: "-",
    platformUpdatedAt: "-",
    isError,
    errors: [],
    purchaser: nobody,
    customer: nobody,
    lineItems: [],
    totalAmount: 0,
    email: "",
    note: "",
    isGift: false,
  };
}

function readOrderLayout(): OrderLayout {
  const marks = {
    tenantId: "\uE000",
    orderId: "\uE001",
    shopId: "\uE002",
    purchasedAt: "\uE003",
    shipmentStatus: "partiallyShipped",
  };
  const read = (isError: boolean) => {
    const input = sample(marks, isError);
    return readLayout(OrderEntity.put(input).params().Item, input, marks, TIMESTAMPS);
  };
  const all = read(true);
  const withoutError = new Set(read(false).keys.map((key) => key.field));
  return { ...all, sparse: new Set(all.keys.map((key) => key.field).filter((f) => !withoutError.has(f))) };
}

/** The item to put for a new order, stamped now (created and updated alike). */
export function orderItem(order: NewOrderItem): Record<string, unknown> {
  layout ??= readOrderLayout();
  const item: Record<string, unknown> = {};
  for (const name in order) {
    const value = order[name as keyof NewOrderItem];
    if (value !== undefined) item[name] = value;
  }
  const now = new Date().toISOString();
  for (const name of TIMESTAMPS) item[name] = now;
  Object.assign(item, layout.constants);
  for (const { field, parts } of layout.keys)
    if (order.isError || !layout.sparse.has(field)) item[field] = fillKey(parts, order);
  return item;
}
