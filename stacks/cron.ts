import { Cron as CronJob, Function as LambdaFunction, type StackContext, use } from "sst/constructs";
import { Queues } from "./queues";
import { Storage } from "./storage";

export function Cron({ stack }: StackContext) {
  const storage = use(Storage);
  const { orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue, webhookDeliveryQueue } =
    use(Queues);

  // The job only finds the shops that are due and enqueues their syncs; the queue consumer does the work.
  const job = new LambdaFunction(stack, "ScheduledSyncJob", {
    handler: "functions/src/cron/scheduled-sync.handler",
    bind: [orderSyncQueue],
  });
  storage.bindTable(job);

  const cron = new CronJob(stack, "ScheduledSync", {
    schedule: "rate(15 minutes)",
    job,
  });

  // Every minute: re-sends the work of running jobs whose heartbeat stopped (core/src/redrive).
  const redriveJob = new LambdaFunction(stack, "RedriveJob", {
    handler: "functions/src/cron/redrive.handler",
    bind: [orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue, webhookDeliveryQueue],
  });
  storage.bindTable(redriveJob);
  const redrive = new CronJob(stack, "Redrive", { schedule: "rate(1 minute)", job: redriveJob });

  return { cron, redrive };
}
