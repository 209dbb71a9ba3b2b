import { z } from "zod";
import { useTenantID } from "../../actor";
import { batchGet } from "../../entities/records";
import { ShipmentEntity } from "../../entities/shipment/entity";
import { InputError } from "../../error";
import { StartPosition } from "../../shared/start-position";
import { isID } from "../../util/id";
import { MAX_ORDERS, startBatch } from "./batch";
import { checkStartPosition } from "./start-position";

// ---------------------------------------------------------------------------
// Reissue: the same numbers, printed again with the order's current data

export const ReissueRequest = z.object({
  shipment_ids: z
    .array(z.string().max(64))
    .min(1, { error: "出荷を選択してください" })
    .max(MAX_ORDERS, { error: `一度に再発行できるのは${MAX_ORDERS}件までです` }),
  start_position: StartPosition.optional(),
});

/**
 * A reissue batch for torn or misprinted labels: every shipment keeps its number and
 * gets the new label id. Unknown ids (or another company's) are refused as input,
 * before anything is queued.
 */
export async function requestReissue(input: z.input<typeof ReissueRequest>): Promise<{ label_id: string }> {
  const request = ReissueRequest.parse(input);
  const ids = [...new Set(request.shipment_ids)];
  await checkStartPosition(request.start_position);
  const tenantId = useTenantID();
  const valid = ids.filter((id) => isID("shipment", id));
  // Keys DynamoDB leaves unprocessed are asked again: never "not found" for a shipment that exists.
  const found = await batchGet(
    valid.map((shipmentId) => ({ tenantId, shipmentId })),
    (keys) => ShipmentEntity.get(keys).go(),
  );
  const known = new Set(found.map((s) => s.shipmentId));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length)
    throw new InputError("input.invalid", "入力内容に誤りがあります。", {
      shipment_ids: `出荷が見つかりません（${missing.slice(0, 3).join("、")}${missing.length > 3 ? " ほか" : ""}）`,
    });
  return startBatch("reissue", ids, request.start_position);
}
