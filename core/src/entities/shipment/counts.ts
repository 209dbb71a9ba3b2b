import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { useTenantID } from "../../actor";
import { dynamo } from "../../db/client";
import { type ShipmentStatus, shipmentStatuses } from "../../shared/shipment";
import { ShipmentEntity } from "./entity";

/**
 * 出荷履歴's tab counts.
 *
 * Read today by a bounded COUNT query per status on the status index (`countByStatus`):
 * DynamoDB counts at most 1 MB of index per page, so the pages are followed until the
 * cap, and a tab above it is shown as 「10,000+」. Per-tenant counters kept in the
 * shipment writes (as the order tabs have) would make this one read; at today's volumes
 * (a few thousand shipments a month per merchant) the COUNT stays a few pages.
 */

/** The most a tab counts; above it the tab says 「10,000+」. */
export const COUNT_CAP = 10_000;

export interface StatusCount {
  count: number;
  /** True when the count stopped at COUNT_CAP: there are at least that many. */
  capped: boolean;
}

export type ShipmentCounts = Record<ShipmentStatus, StatusCount>;

/** The shipments of one status (of the actor's tenant, every printed date), counted page by page up to `cap`. */
export async function countStatus(status: ShipmentStatus, cap: number = COUNT_CAP): Promise<StatusCount> {
  const query = ShipmentEntity.query.byStatus({ tenantId: useTenantID(), status });
  // ElectroDB builds the key condition (tenant and status in the partition key); the count is ours.
  const params = query.params() as QueryCommandInput;
  let count = 0;
  let start: QueryCommandInput["ExclusiveStartKey"];
  do {
    const answer = await dynamo().send(
      new QueryCommand({ ...params, Select: "COUNT", ExclusiveStartKey: start }),
    );
    count += answer.Count ?? 0;
    start = answer.LastEvaluatedKey;
  } while (start && count < cap);
  return count >= cap ? { count: cap, capped: true } : { count, capped: false };
}

/** Every status's count, read in parallel. */
export async function countByStatus(cap: number = COUNT_CAP): Promise<ShipmentCounts> {
  const counts = await Promise.all(shipmentStatuses.map((status) => countStatus(status, cap)));
  return Object.fromEntries(shipmentStatuses.map((status, i) => [status, counts[i]!])) as ShipmentCounts;
}
