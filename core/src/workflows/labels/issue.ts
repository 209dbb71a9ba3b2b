import { z } from "zod";
import { StartPosition } from "../../shared/start-position";
import { MAX_ORDERS, startBatch } from "./batch";
import { checkStartPosition } from "./start-position";

// ---------------------------------------------------------------------------
// Issue: the request

export const IssueRequest = z.object({
  order_ids: z
    .array(z.string().max(64))
    .min(1, { error: "注文を選択してください" })
    .max(MAX_ORDERS, { error: `一度に発行できるのは${MAX_ORDERS}件までです` }),
  start_position: StartPosition.optional(),
});

/** Creates the batch and queues its parts; the answer is the label id to follow. */
export async function requestLabels(input: z.input<typeof IssueRequest>): Promise<{ label_id: string }> {
  const request = IssueRequest.parse(input);
  await checkStartPosition(request.start_position);
  return startBatch("label", [...new Set(request.order_ids)], request.start_position);
}
