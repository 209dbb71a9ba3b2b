import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as cloudwatchActions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as sns from "aws-cdk-lib/aws-sns";
import * as subscriptions from "aws-cdk-lib/aws-sns-subscriptions";
import * as sqs from "aws-cdk-lib/aws-sqs";
import {
  type FunctionProps,
  Function as LambdaFunction,
  Queue,
  type Stack,
  type StackContext,
  use,
} from "sst/constructs";
import { maxReceiveCount } from "../core/src/queue/settings";
import { nodejsBundling } from "./function-defaults";
import { Storage } from "./storage";

type ConsumerProps = {
  handler: string;
  /** Seconds; the queue's visibility timeout is derived from it. */
  timeout: number;
  batchSize: number;
  memorySize?: FunctionProps["memorySize"];
  bind?: FunctionProps["bind"];
  /** Packages installed beside the bundle: files read at run time (the label font) cannot be bundled. */
  install?: string[];
  /** SST secrets the consumer reads; SST writes their values into its environment at deploy. */
  secrets?: FunctionProps["bind"];
};

type QueueContext = {
  stack: Stack;
  storage: ReturnType<typeof Storage>;
  /** Where every dead-letter alarm goes; subscribe to it (OKURU_ALARM_EMAIL at deploy, or later). */
  alarms: sns.Topic;
};

export function Queues({ stack }: StackContext) {
  const storage = use(Storage);
  const alarms = new sns.Topic(stack, "Alarms", { displayName: "Okuru alarms" });
  if (process.env.OKURU_ALARM_EMAIL) {
    alarms.addSubscription(new subscriptions.EmailSubscription(process.env.OKURU_ALARM_EMAIL));
  }
  const context = { stack, storage, alarms };

  const orderSyncQueue = consumedQueue(context, "OrderSyncQueue", {
    handler: "functions/src/queue/order-sync.handler",
    // One message is one shop's sync run, paging through the platform API within its rate limit.
    timeout: 300,
    batchSize: 1,
    secrets: storage.secrets.shopifyApp,
  });
  const labelJobQueue = consumedQueue(context, "LabelJobQueue", {
    handler: "functions/src/queue/label-job.handler",
    timeout: 300,
    batchSize: 1,
    // PDF rendering is CPU-bound and Lambda allots CPU by memory.
    memorySize: "2048 MB",
    bind: [storage.bucket],
    install: ["@expo-google-fonts/noto-sans-jp"],
  });
  const trackingUploadQueue = consumedQueue(context, "TrackingUploadQueue", {
    handler: "functions/src/queue/tracking-upload.handler",
    timeout: 120,
    batchSize: 10,
    bind: [storage.bucket],
    secrets: storage.secrets.shopifyApp,
  });
  // A brand that uploads automatically gets each rendered label part queued for upload by the label job.
  labelJobQueue.bind([trackingUploadQueue]);
  const exportJobQueue = consumedQueue(context, "ExportJobQueue", {
    handler: "functions/src/queue/export-job.handler",
    // One message is one carrier file of up to 1,000 orders (core/src/export MAX_ORDERS).
    timeout: 300,
    batchSize: 1,
    bind: [storage.bucket],
  });

  const webhookDeliveryQueue = consumedQueue(context, "WebhookDeliveryQueue", {
    handler: "functions/src/queue/webhook-delivery.handler",
    // One message is one POST to an integrator's endpoint, bounded by the outbound timeout.
    timeout: 60,
    batchSize: 10,
  });
  // Every function whose work is an event an integration may subscribe to posts it through this queue.
  for (const emitter of [orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue]) {
    emitter.bind([webhookDeliveryQueue]);
  }

  return { orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue, webhookDeliveryQueue, alarms };
}

function consumedQueue(
  { stack, storage, alarms }: QueueContext,
  id: string,
  { handler, timeout, batchSize, memorySize, bind = [], install, secrets = [] }: ConsumerProps,
) {
  const name = id.replace(/Queue$/, "");
  const consumer = new LambdaFunction(stack, `${name}Consumer`, {
    handler,
    timeout,
    memorySize,
    bind: [...bind, ...secrets],
    prefetchSecrets: secrets.length > 0,
    // SST replaces the app's `nodejs` defaults rather than merging them, so they are repeated here.
    ...(install ? { nodejs: { ...nodejsBundling, install } } : {}),
  });
  storage.bindTable(consumer);

  const deadLetterQueue = new sqs.Queue(stack, `${name}DeadLetterQueue`, {
    // The longest SQS allows, so there is time to inspect and redrive what failed.
    retentionPeriod: Duration.days(14),
  });

  const queue = new Queue(stack, id, {
    consumer: {
      function: consumer,
      cdk: { eventSource: { batchSize, reportBatchItemFailures: true } },
    },
    cdk: {
      queue: {
        // AWS's rule for Lambda consumers: at least six times the function timeout, so a message is not
        // redelivered while an invocation (or its retries after throttling) still holds it.
        visibilityTimeout: Duration.seconds(timeout * 6),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount },
      },
    },
  });
  // A message lands here only after every retry failed: someone has to look at it.
  new cloudwatch.Alarm(stack, `${name}DeadLetterAlarm`, {
    alarmDescription: `Messages in the ${name} dead-letter queue: inspect them, then redrive or delete.`,
    metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: Duration.minutes(5),
      statistic: cloudwatch.Stats.MAXIMUM,
    }),
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(new cloudwatchActions.SnsAction(alarms));

  // A consumer re-enqueues its own leftover work (the next page, the next chunk, work deferred by a
  // shop's rate budget) rather than waiting inside the invocation.
  consumer.bind([queue]);

  return queue;
}
