import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import { useTenantID } from "@okuru/core/actor";
import { coreConfig } from "@okuru/core/config";
import { Queue } from "@okuru/core/queue";
import { describe, expect, it } from "vitest";
import { pollQueue } from "../../../functions/src/dev/poll";
import { consumer } from "../../../functions/src/queue/consumer";
import { asUser, testAccount } from "../../support/account";

function sqs() {
  const { region, endpoints } = coreConfig();
  return new SQSClient({
    region,
    endpoint: endpoints.sqs,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
}

async function messagesIn(queueUrl: string) {
  const { Attributes } = await sqs().send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
}

describe("queue consumer", () => {
  it("reports only the failed records, each processed inside its own tenant", async () => {
    const seen: string[] = [];
    const handler = consumer("labelJob", async (message) => {
      if (message.orderIds.includes("ord_poison")) throw new Error("boom");
      seen.push(`${useTenantID()}:${message.jobId}`);
    });
    const record = (messageId: string, body: unknown) =>
      ({ messageId, body: typeof body === "string" ? body : JSON.stringify(body), attributes: {} }) as never;
    const result = await handler({
      Records: [
        record("1", { kind: "label_job", tenantId: "com_A", jobId: "job_1", orderIds: ["ord_1"] }),
        record("2", { kind: "label_job", tenantId: "com_B", jobId: "job_2", orderIds: ["ord_poison"] }),
        record("3", "not json"),
        record("4", { kind: "label_job", tenantId: "com_B", jobId: "job_4", orderIds: [] }),
        record("5", { kind: "label_job", tenantId: "com_B", jobId: "job_5", orderIds: ["ord_5"] }),
      ],
    });
    expect(result.batchItemFailures).toEqual([
      { itemIdentifier: "2" },
      { itemIdentifier: "3" },
      { itemIdentifier: "4" },
    ]);
    expect(seen).toEqual(["com_A:job_1", "com_B:job_5"]);
  });

  it("runs from the local poll loop like Lambda: good messages are deleted, a poison one ends in the DLQ", async () => {
    const client = sqs();
    const suffix = Date.now().toString(36);
    const dlq = await client.send(new CreateQueueCommand({ QueueName: `consumer-test-dlq-${suffix}` }));
    const { Attributes } = await client.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ["QueueArn"] }),
    );
    const main = await client.send(
      new CreateQueueCommand({
        QueueName: `consumer-test-${suffix}`,
        Attributes: {
          VisibilityTimeout: "1",
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount: 2 }),
        },
      }),
    );
    const account = await testAccount();
    const processed: string[] = [];
    const handler = consumer("labelJob", async (message) => {
      if (message.jobId === "job_poison") throw new Error("cannot render");
      processed.push(message.jobId);
    });

    // Queue.send stamps the actor's tenant on every message.
    const config = coreConfig();
    const previous = config.queues.labelJob;
    config.queues.labelJob = main.QueueUrl!;
    try {
      await asUser(account, () =>
        Queue.send("labelJob", [
          { kind: "label_job", jobId: "job_ok", orderIds: ["ord_1"] },
          { kind: "label_job", jobId: "job_poison", orderIds: ["ord_2"] },
        ]),
      );
    } finally {
      config.queues.labelJob = previous;
    }

    const abort = new AbortController();
    const loop = pollQueue({
      endpoint: config.endpoints.sqs!,
      queueUrl: main.QueueUrl!,
      handler,
      signal: abort.signal,
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await messagesIn(dlq.QueueUrl!)) === 0) {
      await new Promise((r) => setTimeout(r, 200));
    }
    abort.abort();
    await loop;

    expect(processed).toEqual(["job_ok"]);
    expect(await messagesIn(dlq.QueueUrl!)).toBe(1);
    expect(await messagesIn(main.QueueUrl!)).toBe(0);
  });

  it("refuses to enqueue a message that does not match the queue's schema", async () => {
    const account = await testAccount();
    await expect(
      asUser(account, () => Queue.send("labelJob", [{ kind: "label_job", jobId: "job_x", orderIds: [] }])),
    ).rejects.toThrow();
  });
});
