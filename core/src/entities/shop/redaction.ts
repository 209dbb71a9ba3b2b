import { useTenantID } from "../../actor";
import { batchWrite } from "../../db/batch-write";
import { batchGet } from "../records";
import { RedactionEntity } from "./redaction-entity";

/**
 * Which orders Shopify asked us to erase the people of, per shop, kept for good
 * (RedactionEntity). The order writes consult them: an order stored after its
 * customer's redaction arrives erased.
 */

/** A shop's order as Shopify's privacy webhooks name it: the numeric id. */
export type RedactedOrderKey = { shopId: string; platformOrderId: string };

/** The numeric id in `gid://shopify/Order/5531…`; a numeric id as it is. */
export function numericOrderId(platformOrderId: string): string {
  return platformOrderId.split("/").pop() ?? platformOrderId;
}

const keyOf = (key: RedactedOrderKey) => `${key.shopId}|${numericOrderId(key.platformOrderId)}`;

/**
 * Records the redaction of these orders of the shop, stored or not. Done before the
 * stored ones are erased: a sync that reads the record too early writes under a lock
 * that the erasure then breaks, or stores the order before the erasure looks for it.
 */
export async function recordRedactions(shopId: string, platformOrderIds: string[]): Promise<void> {
  const tenantId = useTenantID();
  const redactedAt = new Date().toISOString();
  const ids = [...new Set(platformOrderIds.map(numericOrderId))];
  await batchWrite(
    ids.map((platformOrderId) => ({
      PutRequest: {
        Item: RedactionEntity.put({ tenantId, shopId, platformOrderId, redactedAt }).params().Item,
      },
    })),
  );
}

/**
 * Of these orders (Shopify's order ids, gid or numeric), the ones whose people were
 * redacted, as `shopId|numeric id` (see `isRedacted`). Read consistently: a redaction
 * recorded before this read is always seen.
 */
export async function redactedAmong(keys: RedactedOrderKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const tenantId = useTenantID();
  const unique = new Map(keys.map((key) => [keyOf(key), key]));
  const found = await batchGet(
    [...unique.values()].map((key) => ({
      tenantId,
      shopId: key.shopId,
      platformOrderId: numericOrderId(key.platformOrderId),
    })),
    (batch) => RedactionEntity.get(batch).go({ consistent: true }),
  );
  return new Set(found.map(keyOf));
}

/** Whether `redacted` (from `redactedAmong`) holds this order. */
export const isRedacted = (redacted: Set<string>, key: RedactedOrderKey) => redacted.has(keyOf(key));
