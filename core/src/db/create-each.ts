import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { coreConfig } from "../config";
import { sharedLimit } from "../util/concurrency";
import { isConditionalFailure } from "./attributes";
import { dynamo } from "./client";
import { tableDefinition } from "./table";

/**
 * Puts that must not overwrite: many items created at once, each only if no item has its
 * key yet. BatchWriteItem cannot carry a condition, and a transaction is all or nothing
 * (and bills each item twice), so each item is one conditional PutItem, many in flight.
 */

/**
 * PutItems in flight at once for the whole process: one item each, so more than the
 * batches' WRITE_CONCURRENCY (25 items each) to keep as many items moving.
 */
export const CREATE_CONCURRENCY = 24;

const withCreateSlot = sharedLimit(CREATE_CONCURRENCY);

/**
 * Creates each item whose key no stored item has; answers, item by item, whether it did
 * (false: another writer created that key first, and its item stays as it is).
 */
export function createEach(items: Record<string, unknown>[]): Promise<boolean[]> {
  const TableName = coreConfig().tableName;
  return Promise.all(
    items.map((Item) =>
      withCreateSlot(async () => {
        try {
          await dynamo().send(
            new PutCommand({
              TableName,
              Item,
              ConditionExpression: "attribute_not_exists(#pk)",
              ExpressionAttributeNames: { "#pk": tableDefinition.partitionKey },
            }),
          );
          return true;
        } catch (err) {
          if (isConditionalFailure(err)) return false;
          throw err;
        }
      }),
    ),
  );
}
