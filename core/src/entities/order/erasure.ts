import type { z } from "zod";
import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { batchWrite, type WriteRequest } from "../../db/batch-write";
import { concurrentUpdate } from "../../error";
import { blankPerson, type OrderIssue } from "../../shared/order";
import { isRedacted, redactedAmong } from "../shop/redaction";
import { OrderEntity, type OrderItem, type ShipmentStatus, shipmentStatuses } from "./entity";
import { type newOrderItem, statusFromPlatform } from "./new-item";
import { find, findMany } from "./reads";
import { platformIdQuery } from "./search";
import { OrderSearchEntity } from "./search-entity";
import { searchableOf, searchableOfItem, tokenChanges } from "./search-tokens";
import type { ShopOrderWrite } from "./shapes";
import { applyTally, bump, type Tally, tabsOf } from "./tab-counts";

// ---------------------------------------------------------------------------
// Privacy (Shopify's compliance webhooks, core/src/workflows/privacy/requests.ts)

/** Why an order still to ship cannot ship once its customer's data was erased at their request. */
export const ERASED_ISSUE = "お客様の依頼により個人情報を削除したため、この注文は発送できません。";

const erasedPerson = blankPerson;

/** The tenant's orders of one shop with these platform order ids (Shopify's numeric ids), by the exact id token. */
export async function idsOfPlatformOrders(shopId: string, platformOrderIds: string[]): Promise<string[]> {
  const tenantId = useTenantID();
  const found = await Promise.all(
    [...new Set(platformOrderIds)].map(async (platformOrderId) => {
      const query = platformIdQuery(platformOrderId);
      if (!query) return [];
      const { data } = await OrderSearchEntity.query
        .byToken({ tenantId, shard: query.shard })
        .begins({ token: query.token })
        .go({ pages: "all", attributes: ["orderId", "token"] });
      return data.filter((t) => t.token === query.token).map((t) => t.orderId);
    }),
  );
  const stored = await findMany(found.flat());
  return [...stored.values()].filter((order) => order.shopId === shopId).map((order) => order.orderId);
}

const stillToShip = (status: ShipmentStatus) => status === "notShipped" || status === "partiallyShipped";

/** What an erased order holds of people: nothing; still to ship, ERASED_ISSUE is its only issue. */
function erasedPeople(shipmentStatus: ShipmentStatus) {
  const errors: OrderIssue[] = stillToShip(shipmentStatus)
    ? [{ field: "customer", message: ERASED_ISSUE }]
    : [];
  return {
    purchaser: erasedPerson(),
    customer: erasedPerson(),
    email: "",
    note: "",
    errors,
    isError: errors.length > 0,
  };
}

/**
 * A shop's version of an order as the merge may apply it: once the order was erased
 * (`erasedAt`), the shop's copy of its people (Shopify keeps them) never comes back,
 * whatever brings that version (a sync, an order webhook's sync, a re-import); its
 * other facts (status, lines, amounts) still do.
 */
export function keepErased(
  existing: OrderItem,
  value: z.output<typeof ShopOrderWrite>,
): z.output<typeof ShopOrderWrite> {
  if (!existing.erasedAt) return value;
  const { purchaser, customer, email, note, errors } = erasedPeople(
    statusFromPlatform(value.platformStatus, existing.shipmentStatus),
  );
  return { ...value, purchaser, customer, email, note, issues: errors };
}

/**
 * Orders new to us (newOrderItem's attributes) with the people of those whose
 * redaction Shopify sent before we stored them erased: they are stored erased. The
 * redactions are read after the caller found the orders absent, so a redaction
 * recorded before that read is always applied.
 */
export async function arriveErased<T extends ReturnType<typeof newOrderItem>>(items: T[]): Promise<T[]> {
  const keys = items
    .filter((item) => item.platform === "shopify")
    .map(({ shopId, platformOrderId }) => ({ shopId, platformOrderId }));
  const redacted = await redactedAmong(keys);
  if (redacted.size === 0) return items;
  const erasedAt = new Date().toISOString();
  return items.map((item) =>
    isRedacted(redacted, item) ? { ...item, ...erasedPeople(item.shipmentStatus), erasedAt } : item,
  );
}

/**
 * Erases the people of these orders (purchaser, recipient, e-mail, the customer's note,
 * shop-side changes kept aside) and their search tokens, keeping what is not personal
 * (ids, number, amounts, line items, status, delivery, shipments) for the merchant's
 * accounting, and marks them erased (`erasedAt`) in the same write, so that no later
 * shop version brings the people back (keepErased). An order still to ship gets
 * ERASED_ISSUE: it cannot ship without an address.
 */
export async function erasePeople(orderIds: string[]): Promise<number> {
  const stored = await findMany(orderIds);
  const tally: Tally = new Map();
  const erasedAt = new Date().toISOString();
  for (const order of stored.values()) await eraseOrder(order, erasedAt, tally);
  await applyTally(tally);
  return stored.size;
}

/**
 * One order's erasure, under the lock of its read: a sync that wrote the order
 * meanwhile (its people, their tokens) makes it read the order again and erase that,
 * so no token of what the sync wrote is left behind.
 */
async function eraseOrder(read: OrderItem, erasedAt: string, tally: Tally): Promise<void> {
  let order: OrderItem | undefined = read;
  for (let attempt = 0; order && attempt < 5; attempt += 1) {
    const current: OrderItem = order;
    const erased = erasedPeople(current.shipmentStatus);
    try {
      await OrderEntity.patch({ tenantId: current.tenantId, orderId: current.orderId })
        .set({ ...erased, erasedAt: current.erasedAt ?? erasedAt })
        .remove(["shopChanges"])
        .composite({ purchasedAt: current.purchasedAt, shopId: current.shopId })
        .where((attr, op) => op.eq(attr.updatedAt, current.updatedAt))
        .go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      order = await find(current.orderId);
      continue;
    }
    await batchWrite(
      tokenChanges(
        current.tenantId,
        current.orderId,
        current.purchasedAt,
        searchableOfItem(current),
        searchableOf({ ...current, ...erased }),
      ),
    );
    for (const tab of tabsOf(current)) bump(tally, tab, -1);
    for (const tab of tabsOf({ shipmentStatus: current.shipmentStatus, isError: erased.isError }))
      bump(tally, tab, 1);
    return;
  }
  if (order) throw concurrentUpdate();
}

/** Deletes every order of a shop with its search tokens (Shopify's shop/redact), a page at a time; how many. */
export async function deleteShopOrders(shopId: string): Promise<number> {
  const tenantId = useTenantID();
  let deleted = 0;
  for (const shipmentStatus of shipmentStatuses) {
    let cursor: string | null = null;
    do {
      const page: { data: OrderItem[]; cursor: string | null } = await OrderEntity.query
        .byShop({ tenantId, shopId, shipmentStatus })
        .go({ cursor, limit: 100 });
      const tally: Tally = new Map();
      await batchWrite(
        page.data.flatMap((order) =>
          searchableOfItem(order).map((t): WriteRequest => {
            const { Key } = OrderSearchEntity.delete({
              tenantId,
              shard: t.shard,
              token: t.token,
              orderId: order.orderId,
            }).params();
            return { DeleteRequest: { Key } };
          }),
        ),
      );
      await batchWrite(
        page.data.map((order): WriteRequest => {
          const { Key } = OrderEntity.delete({ tenantId, orderId: order.orderId }).params();
          return { DeleteRequest: { Key } };
        }),
      );
      for (const order of page.data) for (const tab of tabsOf(order)) bump(tally, tab, -1);
      await applyTally(tally);
      deleted += page.data.length;
      cursor = page.cursor;
    } while (cursor);
  }
  return deleted;
}
