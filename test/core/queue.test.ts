import {
  GetQueueAttributesCommand,
  type SendMessageBatchCommandInput,
  type SendMessageBatchCommandOutput,
} from "@aws-sdk/client-sqs";
import { ActorContext } from "@okuru/core/actor";
import { Queue } from "@okuru/core/queue";
import { afterEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { receiveAll, useFreshQueue } from "../support/queues";

const asTenant = <T>(tenantId: string, cb: () => Promise<T>) =>
  ActorContext.with({ type: "system", properties: { tenantId } }, cb);

const labelJob = (n: number, orderIds = [`ord_${n}`]) => ({
  kind: "label_job" as const,
  dedupeKey: `job_1:${n}`,
  jobId: "job_1",
  part: n,
  orderIds,
});

const freshQueue = useFreshQueue("labelJob", "queue-test");

/**
 * SQS refuses single entries for transient reasons (its own fault, throttling) that no stand-in
 * reproduces on demand, so these tests put a small double at the SDK boundary: a middleware on the
 * real client that keeps chosen entries from reaching fauxqs and reports them back as failed, not
 * as the sender's fault. Everything else goes to fauxqs for real.
 */
function refuseEntries(shouldRefuse: (id: string, call: number) => boolean) {
  const calls: string[][] = [];
  Queue.client().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== "SendMessageBatchCommand") return next(args);
      const input = args.input as SendMessageBatchCommandInput;
      const call = calls.length;
      calls.push(input.Entries!.map((e) => e.Id!));
      const refused = input.Entries!.filter((e) => shouldRefuse(e.Id!, call));
      const Entries = input.Entries!.filter((e) => !shouldRefuse(e.Id!, call));
      const result =
        Entries.length > 0
          ? await next({ ...args, input: { ...input, Entries } })
          : { output: { Successful: [], Failed: [], $metadata: {} }, response: {} };
      const output = result.output as SendMessageBatchCommandOutput;
      output.Failed = [
        ...(output.Failed ?? []),
        ...refused.map((e) => ({
          Id: e.Id!,
          SenderFault: false,
          Code: "InternalError",
          Message: "try again",
        })),
      ];
      return result;
    },
    { step: "initialize", name: "refuseEntries" },
  );
  return calls;
}

afterEach(() => {
  Queue.client().middlewareStack.remove("refuseEntries");
});

describe("Queue.send", () => {
  it("sends in batches of ten and reports an entry SQS refuses, without throwing or retrying it", async () => {
    // The smallest size SQS allows: a label job naming 100 orders is larger and is refused by SQS itself.
    const queueUrl = await freshQueue({ MaximumMessageSize: "1024" });
    const tooLarge = Array.from({ length: 100 }, (_, i) => `ord_${String(i).padStart(26, "0")}`);
    const messages = Array.from({ length: 12 }, (_, n) => labelJob(n, n === 11 ? tooLarge : undefined));

    const result = await asTenant("com_queue_a", () => Queue.send("labelJob", messages));

    expect(result.sent).toBe(11);
    expect(result.failed).toEqual([
      { index: 11, dedupeKey: "job_1:11", reason: expect.stringContaining("shorter than 1024 bytes") },
    ]);
    const bodies = await receiveAll(queueUrl);
    expect(bodies.map((b) => b.dedupeKey).sort()).toEqual(
      Array.from({ length: 11 }, (_, n) => `job_1:${n}`).sort(),
    );
  });

  it("retries only the entry that failed for a transient reason, so nothing is sent twice", async () => {
    const queueUrl = await freshQueue();
    const calls = refuseEntries((id, call) => id === "3" && call === 0);

    const result = await asTenant("com_queue_b", () =>
      Queue.send(
        "labelJob",
        Array.from({ length: 5 }, (_, n) => labelJob(n)),
      ),
    );

    expect(result).toEqual({ sent: 5, failed: [] });
    expect(calls).toEqual([["0", "1", "2", "3", "4"], ["3"]]);
    const keys = (await receiveAll(queueUrl)).map((b) => b.dedupeKey).sort();
    expect(keys).toEqual(["job_1:0", "job_1:1", "job_1:2", "job_1:3", "job_1:4"]);
  });

  it("gives up on an entry after bounded attempts and reports it by index and dedupe key", async () => {
    const queueUrl = await freshQueue();
    const calls = refuseEntries((id) => id === "1");

    const result = await asTenant("com_queue_c", () =>
      Queue.send("labelJob", [labelJob(0), labelJob(1), labelJob(2)]),
    );

    expect(result).toEqual({
      sent: 2,
      failed: [{ index: 1, dedupeKey: "job_1:1", reason: "InternalError: try again" }],
    });
    expect(calls).toEqual([["0", "1", "2"], ["1"], ["1"], ["1"]]);
    expect(await receiveAll(queueUrl)).toHaveLength(2);
  });

  it("stamps the actor's tenant on every message, whatever the caller passes", async () => {
    const queueUrl = await freshQueue();
    const forged = { ...labelJob(0), tenantId: "com_someone_else" };
    await asTenant("com_queue_d", () => Queue.send("labelJob", [forged]));
    const [body] = await receiveAll(queueUrl);
    expect(body).toMatchObject({ tenantId: "com_queue_d", dedupeKey: "job_1:0" });
  });

  it("validates every message before sending any", async () => {
    const queueUrl = await freshQueue();
    const error = await asTenant("com_queue_e", () =>
      Queue.send("labelJob", [labelJob(0), { ...labelJob(1), dedupeKey: "has space" }]),
    ).catch((err) => err);
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues[0]?.path).toEqual(["dedupeKey"]);
    const { Attributes } = await Queue.client().send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["ApproximateNumberOfMessages"] }),
    );
    expect(Attributes?.ApproximateNumberOfMessages).toBe("0");
  });

  it("refuses to send outside a tenant", async () => {
    await expect(Queue.send("labelJob", [labelJob(0)])).rejects.toMatchObject({ code: "auth.no_tenant" });
  });
});
