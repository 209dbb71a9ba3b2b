import type { MessageOf } from "@okuru/core/queue";
import { CarrierExport } from "@okuru/core/workflows/carrier-export";
import { consumer } from "./consumer";

/**
 * A carrier software file too large to make during the request (core/src/export): reads
 * the orders with progress on the job, writes the file to S3, marks the orders 出力済み.
 * Safe to run again: the same job makes the same file and the same marks.
 */
export async function run(message: MessageOf<"exportJob">): Promise<void> {
  await CarrierExport.runJob(message.exportId);
}

/** The merchant's dialog stops waiting and says so. */
export async function onFinalFailure(message: MessageOf<"exportJob">): Promise<void> {
  await CarrierExport.fail(
    message.exportId,
    "ファイルを作成できませんでした。時間をおいて、もう一度出力してください。",
  );
}

export const handler = consumer("exportJob", run, { onFinalFailure });
