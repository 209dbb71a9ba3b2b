import { ActorContext, useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { batchWrite } from "../../db/batch-write";
import { CompanyEntity } from "../company/entity";
import { OrderEntity, type OrderItem } from "./entity";
import { SEARCH_TOKEN_VERSION } from "./search";
import { searchableOf, searchableOfItem, tokenChanges } from "./search-tokens";

/**
 * Rewrites the search tokens of the company's orders written by an older version of
 * the search (search.ts SEARCH_TOKEN_VERSION), a page at a time; an order already on
 * this version costs only its read. Run by `npm run reindex-search` for every company
 * after a deploy that changes the tokens, and by the dev start for the demo company.
 * An order a writer changes meanwhile keeps its old version mark and is rewritten by
 * that writer's token diff (which treats the old version's tokens as unsure) or the
 * next run. How many orders were rewritten.
 */
export async function reindexSearch(): Promise<number> {
  const tenantId = useTenantID();
  let rewritten = 0;
  let cursor: string | null = null;
  do {
    const next: { data: OrderItem[]; cursor: string | null } = await OrderEntity.query
      .byId({ tenantId })
      .go({ cursor, limit: 100 });
    cursor = next.cursor;
    const stale = next.data.filter((order) => order.searchVersion !== SEARCH_TOKEN_VERSION);
    for (const order of stale) {
      await batchWrite(
        tokenChanges(
          tenantId,
          order.orderId,
          order.purchasedAt,
          searchableOfItem(order),
          searchableOf(order),
        ),
      );
      try {
        await OrderEntity.patch({ tenantId, orderId: order.orderId })
          .set({ searchVersion: SEARCH_TOKEN_VERSION })
          .where((attr, op) => op.eq(attr.updatedAt, order.updatedAt))
          .go();
        rewritten += 1;
      } catch (err) {
        if (!isConditionalFailure(err)) throw err;
      }
    }
  } while (cursor);
  return rewritten;
}

/**
 * `reindexSearch` for every company, each as its own system actor; how many orders each
 * had rewritten. The listing of the companies is the one read of the whole table, for
 * this one-off task only, never a request's.
 */
export async function reindexEveryCompany(): Promise<Map<string, number>> {
  const { data } = await CompanyEntity.scan.go({ pages: "all", attributes: ["tenantId"] });
  const rewritten = new Map<string, number>();
  for (const { tenantId } of data) {
    rewritten.set(
      tenantId,
      await ActorContext.with({ type: "system", properties: { tenantId } }, () => reindexSearch()),
    );
  }
  return rewritten;
}
