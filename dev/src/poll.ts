import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

type Handler = (
  event: SQSEvent,
  context?: Pick<Context, "getRemainingTimeInMillis">,
) => Promise<SQSBatchResponse>;

/**
 * Locally nothing invokes Lambda, so each queue is drained by a loop that hands
 * the very same consumer handler an SQS event and deletes what did not fail. Failed
 * records reappear after the visibility timeout and go to the DLQ after
 * maxReceiveCount, as they would in AWS.
 */
export function pollQueue(options: {
  endpoint: string;
  queueUrl: string;
  handler: Handler;
  signal: AbortSignal;
  onError?: (err: unknown) => void;
}): Promise<void> {
  const { endpoint, queueUrl, handler, signal, onError } = options;
  const sqs = new SQSClient({
    region: "ap-northeast-1",
    endpoint,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const arn = `arn:aws:sqs:ap-northeast-1:000000000000:${queueUrl.split("/").pop()}`;
  return (async () => {
    // Like Lambda's remaining time: a batch may run until its messages become visible again.
    let visibilityMs = 30_000;
    try {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["VisibilityTimeout"] }),
      );
      visibilityMs = Number(Attributes?.VisibilityTimeout ?? 30) * 1000;
    } catch (err) {
      onError?.(err);
    }
    while (!signal.aborted) {
      try {
        const { Messages = [] } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            WaitTimeSeconds: 2,
            MessageSystemAttributeNames: ["All"],
          }),
          { abortSignal: signal },
        );
        if (Messages.length === 0) continue;
        const Records = Messages.map(
          (m): SQSRecord => ({
            messageId: m.MessageId!,
            receiptHandle: m.ReceiptHandle!,
            body: m.Body ?? "",
            attributes: m.Attributes as unknown as SQSRecord["attributes"],
            messageAttributes: {},
            md5OfBody: m.MD5OfBody ?? "",
            eventSource: "aws:sqs",
            eventSourceARN: arn,
            awsRegion: "ap-northeast-1",
          }),
        );
        const deadline = Date.now() + visibilityMs;
        const result = await handler({ Records }, { getRemainingTimeInMillis: () => deadline - Date.now() });
        const failed = new Set(result.batchItemFailures.map((f) => f.itemIdentifier));
        const done = Messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
      } catch (err) {
        if (signal.aborted) return;
        onError?.(err);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  })();
}
