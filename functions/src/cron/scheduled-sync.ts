import { Logger } from "@aws-lambda-powertools/logger";

const logger = new Logger({ serviceName: "okuru-cron" });

/**
 * Runs every 15 minutes (EventBridge in AWS, a timer locally). The shop issue adds
 * the scan of connected shops that enqueues one order-sync message per shop; with
 * no shop connectors yet there is nothing to enqueue.
 */
export async function handler(): Promise<{ enqueued: number }> {
  logger.debug("scheduled sync tick");
  return { enqueued: 0 };
}
