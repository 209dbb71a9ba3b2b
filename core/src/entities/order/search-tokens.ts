import { useTenantID } from "../../actor";
import { batchWrite, type WriteRequest } from "../../db/batch-write";
import type { StoredLineItem, StoredPerson } from "../../shared/order";
import type { OrderItem } from "./entity";
import { find } from "./reads";
import { SEARCH_TOKEN_VERSION, type SearchToken, tokensOf } from "./search";
import { OrderSearchEntity, tokenItem } from "./search-entity";
import { legacyTokensOf } from "./search-legacy";

type SearchableOrder = {
  orderNumber: string;
  platformOrderId: string;
  email?: string;
  purchaser: StoredPerson;
  customer: StoredPerson;
  lineItems?: StoredLineItem[];
};

const peopleOf = (order: SearchableOrder) => ({
  orderNumber: order.orderNumber,
  platformOrderIds: [order.platformOrderId],
  names: [order.customer.name, order.purchaser.name],
  kanaNames: [order.customer.nameKana, order.purchaser.nameKana],
  phones: [order.customer.phone, order.purchaser.phone],
  emails: order.email ? [order.email] : [],
  postalCodes: [order.customer.postalCode],
});

/** The tokens of this version (SEARCH_TOKEN_VERSION) an order is found by. */
export function searchableOf(order: SearchableOrder) {
  return tokensOf({
    ...peopleOf(order),
    companies: [order.customer.company ?? ""],
    addresses: [order.customer],
    lineItems: order.lineItems ?? [],
  });
}

/**
 * The tokens a stored order has in the index: this version's when the order says its
 * tokens were written by it; otherwise the older version's and this one's, marked
 * unsure (the order may have either), so that a rewrite or an erasure deletes them all.
 */
function priorTokensOf(item: OrderItem, order: SearchableOrder): SearchToken[] {
  const current = searchableOf(order);
  if (item.searchVersion === SEARCH_TOKEN_VERSION) return current;
  const legacy = legacyTokensOf(peopleOf(order));
  const all = new Map([...legacy, ...current].map((t) => [t.token, { ...t, unsure: true as const }]));
  return [...all.values()];
}

/**
 * The tokens of a stored order: with `customer`, of the order with that recipient
 * (what an edit turns it into, written by this version); without, what the index holds.
 */
export const searchableOfItem = (item: OrderItem, customer?: StoredPerson) =>
  customer ? searchableOf({ ...item, customer }) : priorTokensOf(item, item);

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
  const had = new Set(before.filter((t) => !t.unsure).map((t) => t.token));
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

/**
 * Turns an order's `before` tokens into its `after` tokens; `only` writes one half of it:
 * the puts of what is new, or the deletes of what is gone.
 */
export async function replaceTokens(
  orderId: string,
  purchasedAt: string,
  before: SearchToken[],
  after: SearchToken[],
  only?: "added" | "removed",
) {
  const changes = tokenChanges(useTenantID(), orderId, purchasedAt, before, after);
  await batchWrite(
    only === undefined ? changes : changes.filter((c) => "PutRequest" in c === (only === "added")),
  );
}

/**
 * After a write lost to another writer's (a create, or a write under the lock of a read):
 * the tokens just added for the copy that was not stored give way to the stored order's.
 */
export async function tokensGiveWay(orderId: string, purchasedAt: string, notStored: SearchToken[]) {
  const storedNow = await find(orderId);
  await replaceTokens(orderId, purchasedAt, notStored, storedNow ? searchableOfItem(storedNow) : []);
}
