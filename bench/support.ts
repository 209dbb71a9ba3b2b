/**
 * What every bench needs, once: the stand-ins on free ports in a throw-away data
 * directory, the table, the seeded demo company with a real Cognito ID token, and
 * the Hono app on @hono/node-server. `run` gets them; everything stops afterwards.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { DeleteMessageCommand, ReceiveMessageCommand } from "@aws-sdk/client-sqs";
import type { QueueName } from "@okuru/core/queue";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { freePort } from "../dev/src/stand-ins";
import { startThrowawayStack } from "../dev/src/throwaway-stack";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
// POWERTOOLS_LOG_LEVEL=ERROR shows why a message failed (`failed_messages`).
process.env.POWERTOOLS_LOG_LEVEL ??= "SILENT";
// DynamoDB Local keeps the table in its heap: a 10,000-order sync (156,000 items) with its
// warm-up fails its Scan with InternalFailure in the tests' 512 MB.
process.env.OKURU_DYNAMODB_HEAP ??= "2g";

export type BenchStack = {
  /** The demo administrator's ID token. */
  token: string;
  tenantId: string;
  /** The demo administrator as core's actor, for work done as the merchant. */
  admin: {
    type: "user";
    properties: { tenantId: string; userId: string; subject: string; email: string; role: "admin" };
  };
  /** `http://127.0.0.1:<port>`: the API as a browser reaches it. */
  apiOrigin: string;
  stack: Awaited<ReturnType<typeof startThrowawayStack>>;
  simulators: Awaited<ReturnType<typeof import("../dev/src/simulators/serve").startSimulators>>;
};

export async function withBenchStack<T>(run: (bench: BenchStack) => Promise<T>): Promise<T> {
  const stack = await startThrowawayStack("bench");
  try {
    Object.assign(process.env, stack.resources.env);
    const { ensureTable } = await import("@okuru/core/db/client");
    await ensureTable();
    const { startSimulators } = await import("../dev/src/simulators/serve");
    const simulators = await startSimulators();
    const { resetCoreConfig } = await import("@okuru/core/config");
    Object.assign(process.env, simulators.env);
    resetCoreConfig();
    const { openDemoShops, connectDemoShops } = await import("../dev/src/demo-shops");
    openDemoShops(simulators, { shopifyOrders: 0, ecforceOrders: 0 });
    const { seedDemo, demoAccount } = await import("../dev/src/seed");
    await seedDemo(stack.standIns.endpoints.cognito, stack.resources.userPoolId, () =>
      connectDemoShops(simulators),
    );
    const cognito = new CognitoIdentityProviderClient({
      region: "ap-northeast-1",
      endpoint: stack.standIns.endpoints.cognito,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.resources.clientId,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: demoAccount.email, PASSWORD: demoAccount.password },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;
    const { Identity } = await import("@okuru/core/entities/identity");
    const subject = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub;
    const identity = (await Identity.resolve(subject))!;
    const tenantId = identity.tenantId;
    const admin = {
      type: "user" as const,
      properties: {
        tenantId,
        userId: identity.userId,
        subject,
        email: demoAccount.email,
        role: "admin" as const,
      },
    };

    const { serve } = await import("@hono/node-server");
    const { app } = await import("../functions/src/api/app");
    const port = await freePort();
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
    try {
      return await run({ token, tenantId, admin, apiOrigin: `http://127.0.0.1:${port}`, stack, simulators });
    } finally {
      server.close();
      await simulators.stop();
    }
  } finally {
    await stack.stop();
  }
}

/** p50/p95 in ms, two decimals. */
export function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/**
 * One consumer of `queue` as one Lambda instance with a batch size of 1 would run: a
 * message at a time through the real `handler`, deleted once it succeeds, until
 * `stop(emptyReceives)` says so (checked before each receive; `emptyReceives` counts the
 * receives in a row that found nothing). A receive waits up to `waitSeconds` for a
 * message (without a wait, an empty one pauses 200 ms). Returns how many messages failed.
 */
export async function consumeOneByOne(options: {
  queue: QueueName;
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
  stop: (emptyReceives: number) => boolean;
  waitSeconds?: number;
}) {
  const { Queue } = await import("@okuru/core/queue");
  const { coreConfig } = await import("@okuru/core/config");
  const queueUrl = coreConfig().queues[options.queue];
  const waitSeconds = options.waitSeconds ?? 0;
  let failed = 0;
  for (let empty = 0; !options.stop(empty); ) {
    const { Messages = [] } = await Queue.client().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: waitSeconds }),
    );
    const m = Messages[0];
    if (!m) {
      empty += 1;
      if (!waitSeconds) await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    empty = 0;
    const result = await options.handler({
      Records: [
        {
          messageId: m.MessageId!,
          receiptHandle: m.ReceiptHandle!,
          body: m.Body!,
          attributes: { ApproximateReceiveCount: "1" },
        },
      ],
    } as unknown as SQSEvent);
    if (result.batchItemFailures.length) failed += 1;
    else
      await Queue.client().send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle! }),
      );
  }
  return { failed };
}
