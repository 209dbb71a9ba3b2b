import { Logger } from "@aws-lambda-powertools/logger";
import { Redrive } from "@okuru/core/workflows/redrive";

const logger = new Logger({ serviceName: "okuru-cron" });

/**
 * Runs every minute (EventBridge in AWS, a timer locally): sends again the messages of
 * every running job (a shop's sync, a label batch, a tracking upload, an export) whose
 * heartbeat stopped (core/src/redrive). What could not be re-driven is logged per job;
 * the next tick tries again.
 */
export async function redrive(
  options: { now?: Date; tenantIds?: string[] } = {},
): Promise<Redrive.SweepResult> {
  const result = await Redrive.sweep(options);
  for (const failure of result.failed) logger.error("Job not re-driven", failure);
  if (result.unknown)
    logger.warn("Jobs that kept no ids to re-send left the running index", { count: result.unknown });
  // A quiet minute is not logged: the tick runs 1,440 times a day.
  if (result.redriven || result.finished || result.failed.length)
    logger.info("redrive tick", { ...result, failed: result.failed.length });
  return result;
}

export const handler = () => redrive();
