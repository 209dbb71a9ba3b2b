/**
 * What every bench needs, once: the stand-ins on free ports in a throw-away data
 * directory, the table, the seeded demo company with a real Cognito ID token, and
 * the Hono app on @hono/node-server. `run` gets them; everything stops afterwards.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { freePort } from "../functions/src/dev/stand-ins";
import { startThrowawayStack } from "../functions/src/dev/throwaway-stack";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
process.env.POWERTOOLS_LOG_LEVEL = "SILENT";

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
  simulators: Awaited<ReturnType<typeof import("../functions/src/dev/simulators/serve").startSimulators>>;
};

export async function withBenchStack<T>(run: (bench: BenchStack) => Promise<T>): Promise<T> {
  const stack = await startThrowawayStack("bench");
  try {
    Object.assign(process.env, stack.resources.env);
    const { ensureTable } = await import("@okuru/core/db/client");
    await ensureTable();
    const { startSimulators } = await import("../functions/src/dev/simulators/serve");
    const simulators = await startSimulators();
    const { resetCoreConfig } = await import("@okuru/core/config");
    Object.assign(process.env, simulators.env);
    resetCoreConfig();
    const { openDemoShops, connectDemoShops } = await import("../functions/src/dev/demo-shops");
    openDemoShops(simulators, { shopifyOrders: 0, ecforceOrders: 0 });
    const { seedDemo, demoAccount } = await import("../functions/src/dev/seed");
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
    const { Identity } = await import("@okuru/core/identity");
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
