import { Duration } from "aws-cdk-lib";
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
};

export function Queues({ stack }: StackContext) {
  const storage = use(Storage);

  const orderSyncQueue = consumedQueue(stack, storage, "OrderSyncQueue", {
    handler: "functions/src/queue/order-sync.handler",
    // One message is one shop's sync run, paging through the platform API within its rate limit.
    timeout: 300,
    batchSize: 1,
  });
  const labelJobQueue = consumedQueue(stack, storage, "LabelJobQueue", {
    handler: "functions/src/queue/label-job.handler",
    timeout: 300,
    batchSize: 1,
    // PDF rendering is CPU-bound and Lambda allots CPU by memory.
    memorySize: "2048 MB",
    bind: [storage.bucket],
    install: ["@expo-google-fonts/noto-sans-jp"],
  });
  const trackingUploadQueue = consumedQueue(stack, storage, "TrackingUploadQueue", {
    handler: "functions/src/queue/tracking-upload.handler",
    timeout: 120,
    batchSize: 10,
    bind: [storage.bucket],
  });
  const exportJobQueue = consumedQueue(stack, storage, "ExportJobQueue", {
    handler: "functions/src/queue/export-job.handler",
    // One message is one carrier file of up to 1,000 orders (core/src/export MAX_ORDERS).
    timeout: 300,
    batchSize: 1,
    bind: [storage.bucket],
  });

  return { orderSyncQueue, labelJobQueue, trackingUploadQueue, exportJobQueue };
}

function consumedQueue(
  stack: Stack,
  storage: ReturnType<typeof Storage>,
  id: string,
  { handler, timeout, batchSize, memorySize, bind = [], install }: ConsumerProps,
) {
  const name = id.replace(/Queue$/, "");
  const consumer = new LambdaFunction(stack, `${name}Consumer`, {
    handler,
    timeout,
    memorySize,
    bind,
    ...(install ? { nodejs: { install } } : {}),
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
  // A consumer re-enqueues its own leftover work (the next page, the next chunk, work deferred by a
  // shop's rate budget) rather than waiting inside the invocation.
  consumer.bind([queue]);

  return queue;
}
