import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { coreConfig } from "../../config";
import { dynamo } from "../../db/client";
import { RUNNING_SHARDS, runningPartition } from "../../db/job";
import { tableDefinition } from "../../db/table";

/** An item of the running-jobs index whose heartbeat is older than the cut-off. */
export type StaleWork = {
  /** The ElectroDB entity of the item: `syncRun`, `labelBatch`, `trackingUploadJob`, `exportJob`. */
  entity: string;
  tenantId: string;
  /** The job's id, for a sync run its shop's id, for a webhook delivery its own id. */
  id: string;
  /** A webhook delivery's endpoint (the rest of its key). */
  endpointId?: string;
  /** The heartbeat as read: the sweep's claim is conditional on it. */
  heartbeatAt: string;
};

/**
 * Every item of the running-jobs index (db/job.ts `runningAttributes`) whose heartbeat is
 * before `cutoff`: one query per shard on gsi3's key range, no scan. The keys are plain
 * strings rather than ElectroDB's, because the index spans several entities that each
 * declare it only as two attributes.
 */
export async function staleWork(cutoff: string): Promise<StaleWork[]> {
  const { partitionKey, sortKey } = tableDefinition.globalIndexes.gsi3;
  const found: StaleWork[] = [];
  for (let shard = 0; shard < RUNNING_SHARDS; shard += 1) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(
        new QueryCommand({
          TableName: coreConfig().tableName,
          IndexName: "gsi3",
          KeyConditionExpression: "#running = :running AND #heartbeat < :cutoff",
          ProjectionExpression: "#entity, #tenant, #job, #shop, #delivery, #endpoint, #heartbeat",
          ExpressionAttributeNames: {
            "#running": partitionKey,
            "#heartbeat": sortKey,
            "#entity": "__edb_e__",
            "#tenant": "tenantId",
            "#job": "jobId",
            "#shop": "shopId",
            "#delivery": "deliveryId",
            "#endpoint": "endpointId",
          },
          ExpressionAttributeValues: { ":running": runningPartition(shard), ":cutoff": cutoff },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const id = (item.jobId ?? item.deliveryId ?? item.shopId) as string | undefined;
        if (!id || typeof item.tenantId !== "string") continue;
        found.push({
          entity: String(item.__edb_e__),
          tenantId: item.tenantId,
          id,
          ...(typeof item.endpointId === "string" ? { endpointId: item.endpointId } : {}),
          heartbeatAt: item[sortKey],
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return found;
}
