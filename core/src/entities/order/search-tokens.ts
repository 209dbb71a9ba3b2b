import { useTenantID } from "../../actor";
import { batchWrite, type WriteRequest } from "../../db/batch-write";
import type { StoredPerson } from "../../shared/order";
import type { OrderItem } from "./entity";
import { type SearchToken, tokensOf } from "./search";
import { OrderSearchEntity, tokenItem } from "./search-entity";

export function searchableOf(order: {
  orderNumber: string;
  platformOrderId: string;
  email?: string;
  purchaser: StoredPerson;
  customer: StoredPerson;
}) {
  return tokensOf({
    orderNumber: order.orderNumber,
    platformOrderIds: [order.platformOrderId],
    names: [order.customer.name, order.purchaser.name],
    kanaNames: [order.customer.nameKana, order.purchaser.nameKana],
    phones: [order.customer.phone, order.purchaser.phone],
    emails: order.email ? [order.email] : [],
    postalCodes: [order.customer.postalCode],
  });
}

export const searchableOfItem = (item: OrderItem, customer = item.customer) =>
  searchableOf({
    orderNumber: item.orderNumber,
    platformOrderId: item.platformOrderId,
    email: item.email,
    purchaser: item.purchaser,
    customer,
  });

/** The put of one search token of an order, as one request of a BatchWrite. */
export function tokenPut(
  tenantId: string,
  orderId: string,
  purchasedAt: string,
  t: SearchToken,
): WriteRequest {
  return {
    PutRequest: { Item: tokenItem({ tenantId, shard: t.shard, token: t.token, orderId, purchasedAt }) },
  };
}

/** The token deletes and puts that turn an order's `before` tokens into its `after` tokens. */
export function tokenChanges(
  tenantId: string,
  orderId: string,
  purchasedAt: string,
  before: SearchToken[],
  after: SearchToken[],
): WriteRequest[] {
  const keep = new Set(after.map((t) => t.token));
  const had = new Set(before.map((t) => t.token));
  // A token is either removed or added, never both: one BatchWrite may carry them together.
  const removed = before
    .filter((t) => !keep.has(t.token))
    .map((t): WriteRequest => {
      const { Key } = OrderSearchEntity.delete({
        tenantId,
        shard: t.shard,
        token: t.token,
        orderId,
      }).params();
      return { DeleteRequest: { Key } };
    });
  const added = after
    .filter((t) => !had.has(t.token))
    .map((t) => tokenPut(tenantId, orderId, purchasedAt, t));
  return [...removed, ...added];
}

export async function replaceTokens(
  orderId: string,
  purchasedAt: string,
  before: SearchToken[],
  after: SearchToken[],
) {
  await batchWrite(tokenChanges(useTenantID(), orderId, purchasedAt, before, after));
}
