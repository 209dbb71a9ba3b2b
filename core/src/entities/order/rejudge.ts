import { useTenantID } from "../../actor";
import { mapLimited } from "../../util/concurrency";
import { OrderEntity, type OrderItem } from "./entity";
import { loadJudge, recordJudgement } from "./judgement";

/** Orders read per query page while judging again. */
const PAGE = 200;
/** Orders judged and written at once. */
const AT_ONCE = 8;

/**
 * Judges the company's orders again with today's settings and date: the open ones (未発送,
 * 一部発送), whose carrier, sender or requested day may have changed under them, and the
 * エラー tab's, so that one no longer refused leaves it. Only an order whose stored issues
 * change is written (Order.recordJudgement, under the lock of its read); an order changed
 * meanwhile was judged by the write that changed it.
 */
export async function rejudgeOpenOrders(now = new Date()): Promise<{ judged: number; changed: number }> {
  const tenantId = useTenantID();
  const { judge } = await loadJudge(now);
  const seen = new Set<string>();
  let judged = 0;
  let changed = 0;
  const judgeAll = async (orders: OrderItem[]) => {
    const fresh = orders.filter((order) => !seen.has(order.orderId));
    for (const order of fresh) seen.add(order.orderId);
    const written = await mapLimited(fresh, AT_ONCE, async (order) =>
      recordJudgement(order, await judge(order)),
    );
    judged += fresh.length;
    changed += written.filter(Boolean).length;
  };
  const queries = [
    () => OrderEntity.query.byStatus({ tenantId, shipmentStatus: "notShipped" }),
    () => OrderEntity.query.byStatus({ tenantId, shipmentStatus: "partiallyShipped" }),
    () => OrderEntity.query.byError({ tenantId }),
  ];
  for (const query of queries) {
    let cursor: string | null = null;
    do {
      const page: { data: OrderItem[]; cursor: string | null } = await query().go({ cursor, limit: PAGE });
      await judgeAll(page.data);
      cursor = page.cursor;
    } while (cursor);
  }
  return { judged, changed };
}
