import type { z } from "zod";
import { isConditionalFailure } from "../../db/attributes";
import { VisibleError } from "../../error";
import { deliveryDefaults, deliverySchemas } from "../../shared/delivery";
import { OrderBulkUpdate } from "../../shared/order";
import { assertSender, carrierOf, saveDelivery, writeSender } from "./edits";
import { OrderEntity, type OrderItem, type ShipmentStatus } from "./entity";
import { judgedErrors, loadJudge, recordJudgement } from "./judgement";
import { deliverySourceOf } from "./label-data";
import { find } from "./reads";
import { applyTally, bump, type Tally, tabsOf } from "./tab-counts";

export const BulkUpdate = OrderBulkUpdate;
/**
 * Per order: changed, or `error` why not. `issues`: the order was changed, and the change
 * left it with these reasons its carrier refuses it (it is now in the エラー tab), so the
 * merchant hears it with the change, not later from the list.
 */
export type BulkResult = { id: string; error?: string; issues?: string[] };
type Outcome = string | { issues: string[] } | undefined;

/**
 * One change for many orders, each order alone: one that cannot take it (not found,
 * changed meanwhile, a delivery its carrier refuses) gets its Japanese reason in the
 * results and the others go ahead.
 */
export async function bulkUpdate(input: z.input<typeof BulkUpdate>): Promise<BulkResult[]> {
  const request = BulkUpdate.parse(input);
  switch (request.action) {
    case "archive":
    case "restore":
      return moveArchive(request.ids, request.action);
    case "set_sender": {
      await assertSender(request.sender_id);
      const { judge } = await loadJudge();
      return eachOrder(request.ids, async (order) => {
        if ((order.senderId ?? null) === request.sender_id) return undefined;
        await writeSender(order, request.sender_id);
        // ご依頼主 is printed and filed: the new one is judged against the carrier's limits.
        const written = await find(order.orderId);
        if (!written) return undefined;
        await recordJudgement(written, await judge(written));
        return newIssues(order, await find(order.orderId));
      });
    }
    case "set_carrier": {
      const { judge, context } = await loadJudge();
      const carrier = request.carrier;
      return eachOrder(request.ids, async (order) => {
        if (carrierOf(order) === carrier) return undefined;
        const parsed = deliverySchemas[carrier].safeParse(
          deliveryDefaults(carrier, deliverySourceOf(order), context.items),
        );
        if (!parsed.success) return parsed.error.issues[0]?.message ?? "配送設定を確認してください";
        const delivery = { carrier, ...parsed.data };
        // The import's slot issue is settled by the delivery; the carrier's judgement takes the old one's place.
        const kept = (order.errors ?? []).filter((issue) => !issue.field.startsWith("delivery."));
        const errors = judgedErrors({ errors: kept }, await judge({ ...order, delivery }));
        return newIssues(order, await saveDelivery(order, delivery, errors));
      });
    }
  }
}

/** The reasons a change gave the order that it did not have before, for the change's report. */
function newIssues(before: OrderItem, after: OrderItem | undefined): Outcome {
  const had = new Set((before.errors ?? []).map((issue) => issue.message));
  const fresh = (after?.errors ?? []).filter((issue) => !had.has(issue.message)).map((i) => i.message);
  return fresh.length ? { issues: fresh } : undefined;
}

/** Runs the change per order; a message it returns, or a known error it throws, is that order's result. */
async function eachOrder(
  ids: string[],
  change: (order: OrderItem) => Promise<Outcome>,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    const order = await find(id);
    if (!order) {
      results.push({ id, error: "注文が見つかりません。" });
      continue;
    }
    try {
      const outcome = await change(order);
      results.push(
        typeof outcome === "string" ? { id, error: outcome } : outcome ? { id, ...outcome } : { id },
      );
    } catch (err) {
      if (!(err instanceof VisibleError)) throw err;
      results.push({ id, error: err.message });
    }
  }
  return results;
}

/** Archives orders (out of the working tabs) or restores them to where they were. */
async function moveArchive(ids: string[], action: "archive" | "restore"): Promise<BulkResult[]> {
  const tally: Tally = new Map();
  const results = await eachOrder(ids, async (order) => {
    const target: ShipmentStatus | undefined =
      action === "archive"
        ? order.shipmentStatus === "archived"
          ? undefined
          : "archived"
        : order.shipmentStatus === "archived"
          ? (order.statusBeforeArchive ?? "notShipped")
          : undefined;
    if (!target) return undefined;
    try {
      const patch = OrderEntity.patch({ tenantId: order.tenantId, orderId: order.orderId }).set({
        shipmentStatus: target,
        // Written as read and held by the condition: the error index keeps its keys (OrderEntity.byError).
        isError: order.isError,
        ...(action === "archive" ? { statusBeforeArchive: order.shipmentStatus } : {}),
      });
      await (action === "restore" ? patch.remove(["statusBeforeArchive"]) : patch)
        .composite({ purchasedAt: order.purchasedAt, shopId: order.shopId })
        .where(
          (attr, op) =>
            `${op.eq(attr.shipmentStatus, order.shipmentStatus)} AND ${op.eq(attr.isError, order.isError)}`,
        )
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      return "他の操作と競合しました。再度お試しください。";
    }
    for (const tab of tabsOf(order)) bump(tally, tab, -1);
    for (const tab of tabsOf({ shipmentStatus: target, isError: order.isError })) bump(tally, tab, 1);
    return undefined;
  });
  await applyTally(tally);
  return results;
}
